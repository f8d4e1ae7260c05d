package game

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagOutputPathsCheckedAtStart: -dump-state and -screenshot
// paths that cannot be written fail at start with exit 2 and a message
// naming the flag, the path and the cause, before any window opens (they
// were found only at exit, after the whole run). A path that can be written
// is accepted and left as it was: a new file is not left behind, an
// existing one keeps its content.
func TestFlagOutputPathsCheckedAtStart(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		flag, path, want string
	}{
		{"-dump-state", filepath.Join(dir, "missing", "dump"), "does not exist"},
		{"-screenshot", filepath.Join(dir, "missing", "x.png"), "does not exist"},
		{"-dump-state", dir, "is a directory"},
		{"-screenshot", filepath.Join(file, "x.png"), "is not a directory"},
	}
	if _, err := os.Stat("/sys/kernel"); err == nil {
		// sysfs refuses new files even to root.
		cases = append(cases, struct{ flag, path, want string }{"-dump-state", "/sys/metronome-dump", "cannot be written"})
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := Run([]string{c.flag, c.path, "-frames", "1"}, &out, &errb)
		msg := errb.String()
		if code != 2 || !strings.Contains(msg, c.flag) || !strings.Contains(msg, c.path) || !strings.Contains(msg, c.want) {
			t.Errorf("%s %s: exit %d, stderr %q; want 2 and a message with the flag, the path and %q", c.flag, c.path, code, msg, c.want)
		}
	}
	fresh := filepath.Join(dir, "new.png")
	if _, err := parseGameFlags([]string{"-dump-state", file, "-screenshot", fresh}); err != nil {
		t.Fatalf("writable paths refused: %v", err)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "keep" {
		t.Errorf("the check changed an existing file: %q, %v", b, err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("the check left %s behind (stat: %v)", fresh, err)
	}
}
