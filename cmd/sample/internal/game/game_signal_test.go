//go:build unix

// The tests here send POSIX signals (syscall.Kill), which Windows lacks.

package game

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/metronome-engine/metronome/engine/desktop"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window/windowtest"
)

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

// sampleCmdPackage is the sample command, built by sampleBinary.
const sampleCmdPackage = "github.com/metronome-engine/metronome/cmd/sample"

// sampleBinary builds the sample once per test process.
var sampleBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "metronome-sample-bin")
	if err != nil {
		return "", err
	}
	sampleBinDir = dir
	exe := filepath.Join(dir, "sample")
	args := []string{"build", "-o", exe}
	if desktop.Wayland {
		args = append(args, "-tags", "wayland") // the same build as this test's
	}
	out, err := exec.Command("go", append(args, sampleCmdPackage)...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return exe, nil
})

// TestExitSignalsTearDownInOrder: SIGTERM and SIGHUP (what
// timeout, kill, systemd, docker and CI cancellation send) end the real
// game like SIGINT: the loop ends, the state dump and the screenshot are
// written, validation stays silent, and the exit status is 0. Before the
// fix SIGTERM and SIGHUP killed the process with nothing written. The
// signal is sent once the game's first frame was drawn (readyEnv).
func TestExitSignalsTearDownInOrder(t *testing.T) {
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
