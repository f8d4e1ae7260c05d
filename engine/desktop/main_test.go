package desktop

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// GLFW must run on the main OS thread (W1): lock it before TestMain, which
// serves window.Do there while the tests run on other goroutines. Each test
// runs its whole game inside one window.Do.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	os.Exit(window.Main(func() int {
		if os.Getenv(childEnv) == "" {
			defer windowtest.KeepDisplay()()
		}
		return m.Run()
	}))
}

// childEnv names the scenario a child test process runs (see runChild);
// children run without the keep-alive window.
const childEnv = "METRONOME_TEST_DESKTOP_CHILD"

// runChild runs test name again in a child process with scenario set in
// childEnv and the extra environment, and returns the line the child
// printed after "RESULT: ".
func runChild(t *testing.T, name, scenario string, env ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^"+name+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), childEnv+"="+scenario), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child failed: %v\n%s", err, out)
	}
	for line := range strings.Lines(string(out)) {
		if m, ok := strings.CutPrefix(line, "RESULT: "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatalf("child printed no result:\n%s", out)
	return ""
}

// report prints a child's result line for runChild.
func report(err error) {
	msg := "<nil>"
	if err != nil {
		msg = strings.ReplaceAll(err.Error(), "\n", " ")
	}
	os.Stdout.WriteString("RESULT: " + msg + "\n")
}

// noDriver are the renderer's "Vulkan is missing" errors, for
// windowtest.SkipIfNoStack.
var noDriver = []error{vulkan.ErrNoDriver, vulkan.ErrNoLoader}
