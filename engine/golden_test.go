package engine

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/ (review the diff)")

// golden compares got with testdata/name.golden, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatalf("write golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (run go test ./engine -update to create it): %v", err)
	}
	if got != string(want) {
		t.Errorf("transcript differs from %s (if intended, rerun with -update and review the diff)\n--- got\n%s--- want\n%s", path, got, want)
	}
}
