package spirv

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics/spirv/spirvtest"
)

// mutantCount is how many mutants the E7 tests make (the hostile round
// that found invalid modules reaching the driver made 720).
const mutantCount = 720

// mutants returns mutantCount mutants of the repository's shaders, each
// shader in turn, from spirvtest's seed (METRONOME_MUTANT_SEED and
// METRONOME_MUTANTS override seed and count for a longer search).
func mutants(t testing.TB) (from []string, out [][]byte) {
	shaders := repoShaders(t)
	names := make([]string, 0, len(shaders))
	for k := range shaders {
		names = append(names, k)
	}
	slices.Sort(names)
	seed, n := uint64(spirvtest.Seed), mutantCount
	if s, err := strconv.ParseUint(os.Getenv("METRONOME_MUTANT_SEED"), 10, 64); err == nil {
		seed = s
	}
	if s, err := strconv.Atoi(os.Getenv("METRONOME_MUTANTS")); err == nil {
		n = s
	}
	m := spirvtest.NewMutator(seed)
	for i := range n {
		name := names[i%len(names)]
		kind, b := m.Mutate(shaders[name])
		from = append(from, name+" ("+kind+")")
		out = append(out, b)
	}
	return from, out
}

// spirvVal runs spirv-val for Vulkan 1.0 (the renderer's API version, the
// SPIR-V 1.0 glslc writes by default) and returns its complaint, "" when
// the module is valid.
func spirvVal(t testing.TB, tool, dir string, b []byte) string {
	p := filepath.Join(dir, "m.spv")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "--target-env", "vulkan1.0", p).CombinedOutput()
	if err != nil {
		if len(out) == 0 {
			return err.Error()
		}
		return string(out)
	}
	return ""
}

// TestE7_AcceptedMutantsPassSpirvVal: of 720 seeded mutants of the
// repository's shaders (bit flips, bytes and words changed, words
// swapped, truncations), every one Validate accepts is valid by the
// Khronos validator, spirv-val --target-env vulkan1.0. (Validate is
// conservative: it refuses some valid ones, never accepts an invalid
// one.)
func TestE7_AcceptedMutantsPassSpirvVal(t *testing.T) {
	tool, err := exec.LookPath("spirv-val")
	if err != nil {
		t.Skip("spirv-val is not installed (Debian package spirv-tools; scripts/lib.sh installs it)")
	}
	dir := t.TempDir()
	from, ms := mutants(t)
	accepted := 0
	for i, b := range ms {
		if ValidateBytes(b, Features{}) != nil {
			continue
		}
		accepted++
		if msg := spirvVal(t, tool, dir, b); msg != "" {
			t.Errorf("mutant %d of %s: Validate accepts it, spirv-val says: %s", i, from[i], msg)
		}
	}
	t.Logf("%d mutants: %d accepted, each valid by spirv-val", len(ms), accepted)
	if accepted == 0 {
		t.Error("no mutant accepted: the test checks nothing")
	}
}

// TestE7_RepositoryShadersAreValid: every shader in the repository passes
// Validate on a device with every optional feature (glslc's output is not
// refused), except the reflection test's textures.frag, whose storage
// buffer effects do not take.
func TestE7_RepositoryShadersAreValid(t *testing.T) {
	all := Features{Float64: true, Int64: true, Int16: true, ClipDistance: true, CullDistance: true}
	for name, b := range repoShaders(t) {
		err := ValidateBytes(b, all)
		if filepath.Base(name) == "textures.frag.spv" {
			if !errors.Is(err, ErrRefused) {
				t.Errorf("%s: %v, want ErrRefused (a runtime array)", name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
