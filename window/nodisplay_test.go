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
// process-wide and DISPLAY must be changed before anything opens it.
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

// deadDisplay returns a display name no X server listens on: ":99" unless
// a server owns that number here.
func deadDisplay() string {
	for n := 99; ; n++ {
		_, errSocket := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		_, errLock := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n))
		if errSocket != nil && errLock != nil {
			return fmt.Sprintf(":%d", n)
		}
	}
}

func TestW6_NoDisplayIsOneClearError(t *testing.T) {
	cases := []struct {
		name    string
		display string // "" unsets DISPLAY
		mode    string // childEnv's value
		says    []string
	}{
		{"unset", "", "1", []string{"DISPLAY is not set", "Xvfb"}},
		{"dead server", deadDisplay(), "1", []string{"cannot open X display", "Xvfb"}},
		{"dead server without probe", deadDisplay(), childNoProbe, []string{"GLFW could not start", "Xvfb"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := runChild(t, c.display, c.mode)
			lines := resultLines(out)
			if len(lines) != 2 {
				t.Fatalf("want 2 result lines from the child, got %d; output:\n%s", len(lines), out)
			}
			for _, l := range lines {
				if !strings.Contains(l, "is=true nil=true") {
					t.Fatalf("New did not return a nil window and an ErrNoDisplay error: %s", l)
				}
				for _, s := range append(c.says, c.display) {
					if !strings.Contains(l, s) {
						t.Fatalf("error does not say %q: %s", s, l)
					}
				}
			}
		})
	}
}

// runChild re-runs this test binary's TestW6_ChildOpensWindow with DISPLAY
// set to display (unset when empty) and childEnv to mode, and returns its
// output; a crash fails t.
func runChild(t *testing.T, display, mode string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestW6_ChildOpensWindow$", "-test.count=1")
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") {
			env = append(env, kv)
		}
	}
	env = append(env, childEnv+"="+mode)
	if display != "" {
		env = append(env, "DISPLAY="+display)
	}
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "panic") {
		t.Fatalf("child with DISPLAY=%q failed (%v); output:\n%s", display, err, out)
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
