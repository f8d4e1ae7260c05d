package game

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/metronome-engine/metronome/engine/desktop"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/cmd/sample/internal/selfexec"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// sampleProcessEnv makes the test binary act as the sample: its init runs
// run with the arguments the variable holds (a JSON list) and exits with
// run's status, as main does, on the main thread.
const sampleProcessEnv = "METRONOME_TEST_SAMPLE_PROCESS"

func init() { selfexec.Serve(sampleProcessEnv, Run) }

// sampleProcess is a finished run of the sample in its own process.
type sampleProcess struct {
	code           int
	stdout, stderr string
}

// sampleCmd returns the command that runs the sample (this test binary,
// see sampleProcessEnv) with args, in this process's environment plus env.
func sampleCmd(t *testing.T, args []string, env ...string) *exec.Cmd {
	t.Helper()
	cmd, err := selfexec.Command(sampleProcessEnv, args, env...)
	if err != nil {
		t.Fatal(err)
	}
	return cmd
}

// runSample runs the sample with args in its own process and returns its
// exit status and output.
func runSample(t *testing.T, args []string, env ...string) sampleProcess {
	t.Helper()
	cmd := sampleCmd(t, args, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("run sample %q: %v", args, err)
	}
	return sampleProcess{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
}

// noDriverEnv names a driver manifest that does not exist.
var noDriverEnv = []string{"VK_DRIVER_FILES=/nonexistent/icd.json", "VK_ICD_FILENAMES=/nonexistent/icd.json"}

// TestW6_NoDisplaySameMessageEveryRun: without a display the sample exits
// with status 1 and the same one-line message on every run, with or without
// a driver, validation on. The Vulkan instance starts on a goroutine beside
// the window; a panic there (without a driver, the failing instance's
// cleanup once dereferenced nil) raced the main goroutine's message and
// exit, so runs ended with status 1 or 2, some with a panic first.
func TestW6_NoDisplaySameMessageEveryRun(t *testing.T) {
	windowtest.SkipWithoutDisplayVar(t)
	const runs = 10
	var first sampleProcess
	for i := range runs {
		env := []string{"DISPLAY=", "WAYLAND_DISPLAY=", "METRONOME_VALIDATION=1"}
		if i%2 == 0 {
			env = append(env, noDriverEnv...)
		}
		p := runSample(t, []string{"-frames", "10", "-validation"}, env...)
		if p.code != 1 || strings.Count(p.stderr, "\n") != 1 || !strings.HasPrefix(p.stderr, "sample: ") ||
			!strings.Contains(p.stderr, "DISPLAY") {
			t.Fatalf("run %d: exit %d, stderr %q; want exit 1 and one line about DISPLAY", i, p.code, p.stderr)
		}
		if i == 0 {
			first = p
			continue
		}
		if p.stderr != first.stderr {
			t.Fatalf("run %d said %q, run 0 said %q", i, p.stderr, first.stderr)
		}
	}
	t.Logf("%d runs: exit 1, %q", runs, first.stderr)
}

// TestW6_NoDriverWithValidationIsOneClearError: on a display but without a
// driver (VK_DRIVER_FILES names a missing file), validation on by flag or
// by METRONOME_VALIDATION=1, the game exits with status 1 and one message
// that says the variable names a missing file; it used to
// die of a nil dereference in the instance's cleanup (the pacing package
// checks the same of the pacing experiment).
func TestW6_NoDriverWithValidationIsOneClearError(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	cases := []struct {
		name string
		args []string
		env  string
	}{
		{"flag", []string{"-validation", "-frames", "10"}, "METRONOME_VALIDATION=0"},
		{"env", []string{"-frames", "10"}, "METRONOME_VALIDATION=1"},
	}
	for _, c := range cases {
		p := runSample(t, c.args, append([]string{c.env}, noDriverEnv...)...)
		if p.code != 1 || strings.Count(p.stderr, "\n") != 1 || strings.Contains(p.stderr, "panic") ||
			!strings.Contains(p.stderr, "VK_DRIVER_FILES names") || !strings.Contains(p.stderr, "does not exist") {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and one line saying VK_DRIVER_FILES names a missing file", c.name, p.code, p.stderr)
		}
	}
}

// TestXServerDeathWritesDump runs the game on a private Xvfb,
// kills the server once the game runs (the title shows its status), and
// checks what is left: exit status desktop.DisplayLostStatus, one message
// that the X server closed the connection, the -dump-state file written
// from the state so far (it parses and counts draws), and no -screenshot,
// with a line saying it was skipped. Xlib alone would exit(1) with nothing
// written.
func TestXServerDeathWritesDump(t *testing.T) {
	if desktop.Wayland {
		t.Skip("the Wayland build talks to no X server (build without -tags wayland to test an X server's death)")
	}
	x := windowtest.StartXvfb(t)
	dir := t.TempDir()
	dump, shot := filepath.Join(dir, "dump"), filepath.Join(dir, "shot.png")
	cmd := sampleCmd(t, []string{"-size", "160x120", "-validation", "-dump-state", dump, "-screenshot", shot},
		"DISPLAY="+x.Display, "WAYLAND_DISPLAY=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	running := func(title string) bool { return strings.HasPrefix(title, "metronome sample ") }
	title, err := x.WaitForTitle(running, 60*time.Second)
	if err != nil {
		_ = cmd.Process.Kill()
		<-done
		if windowtest.StackMissing(errors.New(errb.String()), noDriver...) {
			windowtest.SkipOrFail(t, "real stack missing", errors.New(errb.String()))
		}
		t.Fatalf("the game never showed its status: %v; stderr:\n%s", err, errb.String())
	}
	t.Logf("running: %q", title)
	x.Kill()
	select {
	case <-done:
	case <-time.After(60 * time.Second): // a bound on a hang, not a speed check
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("the game did not end after its X server died; stderr:\n%s", errb.String())
	}
	code, stderr := cmd.ProcessState.ExitCode(), errb.String()
	t.Logf("exit %d, stderr:\n%s", code, stderr)
	var help bytes.Buffer
	Usage(&help)
	if !strings.Contains(strings.Join(strings.Fields(help.String()), " "), fmt.Sprintf("%d the X server closed the connection", desktop.DisplayLostStatus)) {
		t.Errorf("sample -h does not document exit status %d", desktop.DisplayLostStatus)
	}
	if code != desktop.DisplayLostStatus {
		t.Errorf("exit status %d, want %d (desktop.DisplayLostStatus)", code, desktop.DisplayLostStatus)
	}
	if n := strings.Count(stderr, "the X server closed the connection"); n != 1 {
		t.Errorf("%d messages that the X server closed the connection, want 1", n)
	}
	if strings.Contains(stderr, "XIO") || strings.Contains(stderr, "panic") {
		t.Errorf("Xlib's own message or a panic on stderr")
	}
	if !strings.Contains(stderr, "screenshot "+shot+" skipped") {
		t.Errorf("no message that the screenshot was skipped")
	}
	if _, err := os.Stat(shot); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("screenshot %s: %v, want no file", shot, err)
	}
	text, err := os.ReadFile(dump)
	if err != nil {
		t.Fatalf("state dump: %v", err)
	}
	draws, ok := dumpFloat(string(text), "draws")
	if !ok || draws < 1 {
		t.Errorf("dump draws = %v (found %t), want a count of at least 1:\n%s", draws, ok, text)
	}
	for line := range strings.Lines(string(text)) {
		if len(strings.Fields(line)) != 2 {
			t.Errorf("dump line %q is not \"name value\"", line)
		}
	}
}
