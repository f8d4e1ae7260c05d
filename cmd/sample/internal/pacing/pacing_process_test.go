package pacing

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/cmd/sample/internal/selfexec"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// pacingProcessEnv makes the test binary act as `sample pacing`: its init
// runs Run with the arguments the variable holds (a JSON list) and exits
// with Run's status, on the main thread.
const pacingProcessEnv = "METRONOME_TEST_PACING_PROCESS"

func init() { selfexec.Serve(pacingProcessEnv, Run) }

// TestW6_PacingNoDriverWithValidationIsOneClearError: on a display but
// without a driver, with METRONOME_VALIDATION=1, the pacing experiment
// exits with status 1 and one message that says what to install; it used
// to die of a nil dereference in the instance's cleanup.
func TestW6_PacingNoDriverWithValidationIsOneClearError(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	cmd, err := selfexec.Command(pacingProcessEnv,
		[]string{"-frames", "5", "-intervals", "1", "-quiet", "-out", filepath.Join(t.TempDir(), "pacing")},
		"METRONOME_VALIDATION=1", "VK_DRIVER_FILES=/nonexistent/icd.json", "VK_ICD_FILENAMES=/nonexistent/icd.json")
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	code, stderr := cmd.ProcessState.ExitCode(), errb.String()
	if code != 1 || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "panic") ||
		!strings.Contains(stderr, "VK_DRIVER_FILES names") || !strings.Contains(stderr, "does not exist") {
		t.Errorf("exit %d, stderr %q; want exit 1 and one line saying VK_DRIVER_FILES names a missing file", code, stderr)
	}
}
