package shaders

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestWordsAcceptsEmbeddedModules(t *testing.T) {
	for name, f := range map[string]func() ([]uint32, error){"vertex": BasicVertex, "fragment": BasicFragment,
		"untextured fragment": BasicUntexturedFragment, "unlit vertex": UnlitVertex,
		"unlit fragment": UnlitFragment, "unlit untextured fragment": UnlitUntexturedFragment,
		"per-pixel vertex": BasicPixelVertex, "per-pixel fragment": BasicPixelFragment,
		"per-pixel untextured fragment": BasicPixelUntexturedFragment} {
		w, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w[0] != Magic {
			t.Errorf("%s: first word %#x, want %#x", name, w[0], Magic)
		}
		if bound := w[3]; bound == 0 {
			t.Errorf("%s: id bound is 0", name)
		}
	}
}

func TestWordsRejectsBadModules(t *testing.T) {
	good := append([]byte(nil), basicVert...)
	badMagic := append([]byte(nil), good...)
	badMagic[0] ^= 0xff
	cases := map[string][]byte{
		"empty":       nil,
		"odd length":  good[:len(good)-1],
		"header only": good[:16],
		"bad magic":   badMagic,
	}
	for name, b := range cases {
		if _, err := Words(b); err == nil {
			t.Errorf("%s: Words accepted it", name)
		}
	}
}

func TestWordsReturnsFreshSlices(t *testing.T) {
	a, _ := BasicVertex()
	a[0] = 0
	b, err := BasicVertex()
	if err != nil || b[0] != Magic {
		t.Fatalf("embedded module changed through a returned slice: %#x, %v", b[0], err)
	}
}

// TestGenerateReproducesEmbeddedSPIRV runs this package's go:generate lines
// with the outputs sent to a temporary folder and compares byte for byte.
func TestGenerateReproducesEmbeddedSPIRV(t *testing.T) {
	if _, err := exec.LookPath("glslc"); err != nil {
		if os.Getenv("METRONOME_REQUIRE_GPU") == "1" {
			t.Fatal("glslc not found and METRONOME_REQUIRE_GPU=1: install Debian package glslc")
		}
		t.Skip("glslc not found (install Debian package glslc): cannot check regeneration")
	}
	src, err := os.ReadFile("shaders.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n := 0
	for line := range strings.Lines(string(src)) {
		args, ok := strings.CutPrefix(strings.TrimSpace(line), "//go:generate ")
		if !ok {
			continue
		}
		n++
		fields := strings.Fields(args)
		out := ""
		for i := range fields {
			if fields[i] == "-o" && i+1 < len(fields) {
				out = fields[i+1]
				fields[i+1] = filepath.Join(dir, out)
			}
		}
		cmd := exec.Command(fields[0], fields[1:]...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", args, err, msg)
		}
		want, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, out))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: regenerated %d bytes differ from the committed %d bytes: run go generate ./shaders/ and commit", out, len(got), len(want))
		}
	}
	if n != 28 {
		t.Fatalf("found %d go:generate lines, want 28", n)
	}
}
