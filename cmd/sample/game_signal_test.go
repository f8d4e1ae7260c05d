//go:build unix

// The tests here send POSIX signals (syscall.Kill), which Windows lacks.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestW4_SIGINTRequestsExit: SIGINT reaches the game as RequestExit (the
// loop then ends like a closed window, with the ordered teardown of W4),
// and after stop the handler is gone.
func TestW4_SIGINTRequestsExit(t *testing.T) {
	asked := make(chan struct{}, 1)
	stop := exitOn(func() { asked <- struct{}{} }, 0)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-asked:
	case <-time.After(10 * time.Second): // a bound on a hang, not a speed check
		t.Fatal("SIGINT did not request the exit")
	}
	stop()
}

// TestW4_DurationRequestsExit: -duration's wall-time limit requests the
// exit once, and stop cancels a limit that has not fired.
func TestW4_DurationRequestsExit(t *testing.T) {
	asked := make(chan struct{}, 2)
	stop := exitOn(func() { asked <- struct{}{} }, time.Millisecond)
	select {
	case <-asked:
	case <-time.After(10 * time.Second):
		t.Fatal("the duration limit did not request the exit")
	}
	stop()
	never := make(chan struct{}, 1)
	stop = exitOn(func() { never <- struct{}{} }, time.Hour)
	stop()
	select {
	case <-never:
		t.Fatal("a stopped limit fired")
	default:
	}
}

// A signal that arrives before the game exists (the window is still
// opening) is held and requests the exit as soon as the game is attached,
// instead of being lost.
func TestHardening_SignalBeforeGameIsHeld(t *testing.T) {
	w := watchExit()
	defer w.stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second) // a bound on a hang, not a speed check
	for {
		w.mu.Lock()
		asked := w.asked
		w.mu.Unlock()
		if asked {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("SIGTERM was not caught before the game was attached")
		}
		time.Sleep(time.Millisecond)
	}
	calls := 0
	w.attach(func() { calls++ }, 0)
	if calls != 1 {
		t.Fatalf("attach delivered %d exit requests, want the held one", calls)
	}
}

// sampleBinDir holds the sample sampleBinary built; TestMain removes it.
var sampleBinDir string

// sampleBinary builds the sample once per test process.
var sampleBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "metronome-sample-bin")
	if err != nil {
		return "", err
	}
	sampleBinDir = dir
	exe := filepath.Join(dir, "sample")
	args := []string{"build", "-o", exe}
	if window.Wayland {
		args = append(args, "-tags", "wayland") // the same build as this test's
	}
	out, err := exec.Command("go", append(args, ".")...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return exe, nil
})

// TestHardening_ExitSignalsTearDownInOrder: SIGTERM and SIGHUP (what
// timeout, kill, systemd, docker and CI cancellation send) end the real
// game like SIGINT: the loop ends, the state dump and the screenshot are
// written, validation stays silent, and the exit status is 0. Before the
// fix SIGTERM and SIGHUP killed the process with nothing written. The
// signal is sent once the game's first frame was drawn (readyEnv).
func TestHardening_ExitSignalsTearDownInOrder(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	exe, err := sampleBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			dump, shot, ready := filepath.Join(dir, "dump"), filepath.Join(dir, "shot.png"), filepath.Join(dir, "ready")
			cmd := exec.Command(exe, "-validation", "-size", "160x120", "-dump-state", dump, "-screenshot", shot)
			cmd.Env = append(os.Environ(), readyEnv+"="+ready)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			if err := waitForFile(ready, exited); err != nil {
				cmd.Process.Kill()
				if windowtest.StackMissing(errors.New(out.String()), noDriver...) {
					windowtest.SkipOrFail(t, "real stack missing", err)
				}
				t.Fatalf("%v; output:\n%s", err, out.String())
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			var werr error
			select {
			case werr = <-exited:
			case <-time.After(2 * time.Minute): // a bound on a hang, not a speed check
				cmd.Process.Kill()
				t.Fatalf("the game did not end after %v; output:\n%s", sig, out.String())
			}
			if werr != nil || cmd.ProcessState.ExitCode() != 0 {
				t.Fatalf("after %v: %v (exit %d), want exit 0; output:\n%s", sig, werr, cmd.ProcessState.ExitCode(), out.String())
			}
			if out.Len() != 0 {
				t.Errorf("after %v the game printed %q, want nothing", sig, out.String())
			}
			text, err := os.ReadFile(dump)
			if err != nil {
				t.Fatalf("after %v: no state dump: %v", sig, err)
			}
			if n, ok := dumpFloat(string(text), "draws"); !ok || n < 1 {
				t.Errorf("after %v the dump says draws %v, want >= 1:\n%s", sig, n, text)
			}
			f, err := os.Open(shot)
			if err != nil {
				t.Fatalf("after %v: no screenshot: %v", sig, err)
			}
			defer f.Close()
			if img, err := png.Decode(f); err != nil || img.Bounds().Dx() < 2 {
				t.Fatalf("after %v: screenshot unreadable: %v", sig, err)
			}
		})
	}
}

// waitForFile waits until path exists, or fails when the process ends
// first (exited) or a generous bound on a hang passes.
func waitForFile(path string, exited <-chan error) error {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
		select {
		case err := <-exited:
			return fmt.Errorf("the game ended before its first frame: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no first frame (%s) after 2 minutes", path)
		}
	}
}

// TestHardening_FlagOutputPathsCheckedAtStart: -dump-state and -screenshot
// paths that cannot be written fail at start with exit 2 and a message
// naming the flag, the path and the cause, before any window opens (they
// were found only at exit, after the whole run). A path that can be written
// is accepted and left as it was: a new file is not left behind, an
// existing one keeps its content.
func TestHardening_FlagOutputPathsCheckedAtStart(t *testing.T) {
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
		code := run([]string{c.flag, c.path, "-frames", "1"}, strings.NewReader(""), &out, &errb)
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

// countingRun is a pacingRun that only counts its runs.
type countingRun struct{ runs int }

func (r *countingRun) Describe() string { return "counting" }
func (r *countingRun) Caveat() string   { return "" }
func (r *countingRun) Run(int, func(float64)) (pacingSeries, error) {
	r.runs++
	return pacingSeries{}, nil
}

// TestHardening_FlagPacingOutUnwritableFailsBeforeTheRuns: a pacing -out
// directory that exists but refuses new files (sysfs, even to root) fails
// before the first run, naming the directory, instead of after all of them
// when pacing.csv is written.
func TestHardening_FlagPacingOutUnwritableFailsBeforeTheRuns(t *testing.T) {
	const dir = "/sys/kernel"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no sysfs to refuse the files: %v", err)
	}
	src := &countingRun{}
	var out bytes.Buffer
	err := pacingPipeline(src, []int{0, 1}, dir, newPacingProgress(&out, true, 2), &out)
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "not writable") || src.runs != 0 {
		t.Fatalf("error %v after %d runs; want a not-writable error naming %s before any run", err, src.runs, dir)
	}
}
