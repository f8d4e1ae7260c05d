package spirv

import (
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
