package spirv

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repoShaders returns every SPIR-V file of the repository, by path.
func repoShaders(t testing.TB) map[string][]byte {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".spv") {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			out[rel] = b
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 20 {
		t.Fatalf("found %d shaders", len(out))
	}
	return out
}

// FuzzE7_Validate: Validate never panics, whatever the bytes, and a
// module it accepts is one Reflect reads.
func FuzzE7_Validate(f *testing.F) {
	for _, b := range repoShaders(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, feats := range []Features{{}, {Float64: true, Int64: true, Int16: true, ClipDistance: true, CullDistance: true}} {
			if ValidateBytes(b, feats) != nil {
				continue
			}
			if _, err := ReflectBytes(b); err != nil {
				t.Errorf("Validate accepts a module Reflect refuses: %v", err)
			}
		}
	})
}

// edit returns a copy of the module's words with f applied to it.
func edit(w []uint32, f func(w []uint32) []uint32) []uint32 {
	return f(append([]uint32(nil), w...))
}

// find returns the word offset of the n-th (from 0) instruction with
// opcode op.
func find(t *testing.T, w []uint32, op uint16, n int) int {
	t.Helper()
	for i := spirvHeaderWords; i < len(w); i += int(w[i] >> 16) {
		if uint16(w[i]) == op {
			if n == 0 {
				return i
			}
			n--
		}
	}
	t.Fatalf("no opcode %d", op)
	return 0
}

// TestE7_ValidateNamesTheProblem: hand-made faults in a valid fragment
// shader are refused with an error wrapping ErrInvalid that says what is
// wrong.
func TestE7_ValidateNamesTheProblem(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "effects", "wave.frag.spv"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := Words(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(w, Features{}); err != nil {
		t.Fatalf("wave.frag: %v", err)
	}
	for _, c := range []struct {
		name string
		w    []uint32
		want string
	}{
		{"a later SPIR-V version", edit(w, func(w []uint32) []uint32 { w[1] = 0x00010300; return w }), "SPIR-V version 1.3"},
		{"an instruction cut short", w[:len(w)-3], "past the end"},
		{"an id bound below the ids", edit(w, func(w []uint32) []uint32 { w[3] = 5; return w }), "the bound 5"},
		{"a capability the device lacks", edit(w, func(w []uint32) []uint32 {
			w[find(t, w, opCapability, 0)+1] = 2
			return w
		}), "capability Geometry"},
		{"Float64 without the feature", edit(w, func(w []uint32) []uint32 {
			w[find(t, w, opCapability, 0)+1] = capFloat64
			return w
		}), "capability Float64"},
		{"an id defined twice", edit(w, func(w []uint32) []uint32 {
			a, b := find(t, w, opTypeVoid, 0), find(t, w, opTypeFloat, 0)
			w[b+1] = w[a+1]
			return w
		}), "defined twice"},
		{"an operand never defined", edit(w, func(w []uint32) []uint32 {
			w[find(t, w, opStore, 0)+2] = w[3]
			w[3]++
			return w
		}), "is not defined"},
		{"a store of the wrong type", edit(w, func(w []uint32) []uint32 {
			s := find(t, w, opStore, 0)
			w[s+2] = w[s+1] // the pointer stored into itself
			return w
		}), "the object"},
		{"no OriginUpperLeft", edit(w, func(w []uint32) []uint32 {
			w[find(t, w, opExecutionMode, 0)+2] = 8
			return w
		}), "execution mode 8"},
		{"an unknown opcode", edit(w, func(w []uint32) []uint32 {
			s := find(t, w, opStore, 0)
			w[s] = w[s]&0xffff0000 | 18237
			return w
		}), "opcode 18237"},
	} {
		err := Validate(c.w, Features{})
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an ErrInvalid saying %q", c.name, err, c.want)
		}
	}
}
