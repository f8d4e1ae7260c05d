//go:build !windows

package window

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// childEnv makes TestW6_ChildOpensWindow run: it is set only in the
// subprocesses TestW6_NoDisplayIsOneClearError starts, since GLFW's state is
// process-wide and the display variables must be changed before anything
// opens a display.
const childEnv = "METRONOME_WINDOW_W6_CHILD"

// childNoProbe as childEnv's value makes the child skip the X probe, so
// GLFW itself meets the missing display (its Init returns nil, the next
// call panics) and initGLFW's check behind the probe is what answers.
const childNoProbe = "noprobe"

// childMarker prefixes the child's report line.
const childMarker = "W6-RESULT: "

// TestW6_ChildOpensWindow is the subprocess half of
// TestW6_NoDisplayIsOneClearError: it opens a window twice (a failed start
// must leave GLFW usable for the next try) and prints what New returned.
func TestW6_ChildOpensWindow(t *testing.T) {
	switch os.Getenv(childEnv) {
	case "":
		t.Log("helper of TestW6_NoDisplayIsOneClearError; does its work only in that test's subprocess")
		return
	case childNoProbe:
		displayProbe = func() error { return nil }
	}
	for range 2 {
		var w *Window
		var err error
		Do(func() { w, err = New(defaultConfig()) })
		if w != nil {
			Do(w.Destroy)
		}
		fmt.Printf("%sis=%v nil=%v err=%v\n", childMarker, errors.Is(err, ErrNoDisplay), w == nil, err)
	}
}

// noDisplayCase is one way of having no display: the environment the child
// runs with (an empty value unsets the variable), its mode (childEnv's
// value), and what its error must say.
type noDisplayCase struct {
	name string
	env  map[string]string
	mode string
	says []string
}

func TestW6_NoDisplayIsOneClearError(t *testing.T) {
	for _, c := range noDisplayCases() {
		t.Run(c.name, func(t *testing.T) {
			out := runChild(t, c.env, c.mode)
			lines := resultLines(out)
			if len(lines) != 2 {
				t.Fatalf("want 2 result lines from the child, got %d; output:\n%s", len(lines), out)
			}
			for _, l := range lines {
				if !strings.Contains(l, "is=true nil=true") {
					t.Fatalf("New did not return a nil window and an ErrNoDisplay error: %s", l)
				}
				if strings.Count(l, "no display") != 1 {
					t.Fatalf("want one message, got: %s", l)
				}
				for _, s := range c.says {
					if !strings.Contains(l, s) {
						t.Fatalf("error does not say %q: %s", s, l)
					}
				}
			}
		})
	}
}

// runChild re-runs this test binary's TestW6_ChildOpensWindow with the
// environment changed by env (an empty value unsets the variable) and
// childEnv set to mode, and returns its output; a crash fails t.
func runChild(t *testing.T, env map[string]string, mode string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestW6_ChildOpensWindow$", "-test.count=1")
	var vars []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if _, changed := env[name]; !changed {
			vars = append(vars, kv)
		}
	}
	for name, v := range env {
		if v != "" {
			vars = append(vars, name+"="+v)
		}
	}
	cmd.Env = append(vars, childEnv+"="+mode)
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "panic") {
		t.Fatalf("child with %v failed (%v); output:\n%s", env, err, out)
	}
	return string(out)
}

// resultLines returns the child's report lines.
func resultLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, childMarker) {
			lines = append(lines, l)
		}
	}
	return lines
}
