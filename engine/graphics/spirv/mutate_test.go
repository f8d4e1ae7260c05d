package spirv

import (
	"bytes"
	"fmt"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// Mutants are made by this seed; the test is deterministic.
const mutantSeed = 37

// mutant is one mutated shader.
type mutant struct {
	from string
	kind string
	b    []byte
}

// mutants returns n mutants of the repository's shaders, in a fixed
// order: byte flips, word changes (a random word, a nearby value, an id
// swapped for another below the bound) and truncations.
func mutants(t testing.TB, n int) []mutant {
	shaders := repoShaders(t)
	names := make([]string, 0, len(shaders))
	for k := range shaders {
		names = append(names, filepath.ToSlash(k))
	}
	slices.Sort(names)
	seed := uint64(mutantSeed)
	if s := os.Getenv("H1SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	r := rand.New(rand.NewPCG(seed, 0))
	out := make([]mutant, 0, n)
	for i := range n {
		name := names[i%len(names)]
		src := shaders[filepath.FromSlash(name)]
		b := bytes.Clone(src)
		words := len(b) / 4
		var kind string
		switch k := r.IntN(10); {
		case k < 3: // byte flips, one or two
			kind = "byte"
			for range 1 + r.IntN(2) {
				at := 20 + r.IntN(len(b)-20)
				b[at] ^= byte(1 << r.IntN(8))
			}
		case k < 5: // a byte set to a random value
			kind = "byteset"
			b[r.IntN(len(b))] = byte(r.IntN(256))
		case k < 8: // a word changed: small delta, or an id below the bound
			kind = "word"
			at := 5 + r.IntN(words-5)
			w := binary.LittleEndian.Uint32(b[4*at:])
			bound := binary.LittleEndian.Uint32(src[12:])
			switch r.IntN(3) {
			case 0:
				w += uint32(r.IntN(5)) - 2
			case 1:
				w = uint32(1 + r.IntN(int(bound)))
			default:
				w = r.Uint32()
			}
			binary.LittleEndian.PutUint32(b[4*at:], w)
		case k < 9: // a truncation at a word boundary or anywhere
			kind = "truncate"
			if r.IntN(2) == 0 {
				b = b[:4*(5+r.IntN(words-5))]
			} else {
				b = b[:r.IntN(len(b))]
			}
		default: // two words swapped
			kind = "swap"
			a, c := 5+r.IntN(words-5), 5+r.IntN(words-5)
			x, y := binary.LittleEndian.Uint32(b[4*a:]), binary.LittleEndian.Uint32(b[4*c:])
			binary.LittleEndian.PutUint32(b[4*a:], y)
			binary.LittleEndian.PutUint32(b[4*c:], x)
		}
		out = append(out, mutant{from: name, kind: kind, b: b})
	}
	return out
}

// spirvVal runs spirv-val on b and returns its complaint ("" when valid).
func spirvVal(t testing.TB, dir string, b []byte) string {
	p := filepath.Join(dir, "m.spv")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("spirv-val", "--target-env", "vulkan1.0", p).CombinedOutput()
	if err != nil {
		if len(out) == 0 {
			return err.Error()
		}
		return string(out)
	}
	return ""
}

func TestMutantsSurvey(t *testing.T) {
	if _, err := exec.LookPath("spirv-val"); err != nil {
		t.Skip("no spirv-val")
	}
	dir := t.TempDir()
	nm := 720
	if s := os.Getenv("H1N"); s != "" {
		fmt.Sscan(s, &nm)
	}
	ms := mutants(t, nm)
	accepted, valid, bad := 0, 0, 0
	for i, m := range ms {
		err := ValidateBytes(m.b, Features{})
		if err != nil {
			continue
		}
		msg := spirvVal(t, dir, m.b)
		if msg == "" {
			valid++
		}
		if err == nil {
			accepted++
			if msg != "" {
				bad++
				os.WriteFile(filepath.Join("/tmp/h1-bad", filepath.Base(m.from)+"."+m.kind+"."+itoa(i)+".spv"), m.b, 0o644)
				t.Errorf("mutant %d (%s of %s) accepted, spirv-val: %s", i, m.kind, m.from, msg)
			}
		} else if msg == "" {
			t.Logf("mutant %d (%s of %s) refused though valid: %v", i, m.kind, m.from, err)
		}
	}
	t.Logf("%d mutants: %d accepted, %d valid by spirv-val, %d accepted but invalid", len(ms), accepted, valid, bad)
}
