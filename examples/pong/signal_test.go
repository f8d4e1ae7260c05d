//go:build unix

// The test sends a POSIX signal, which Windows lacks.

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestW4_PongSIGTERMTearsDownAndExits0: Pong, which has no signal handler
// of its own, sent SIGTERM once it presents (as timeout and kill do) ends
// like a closed window: the renderer and then the window are destroyed in
// order, validation stays silent, and it exits 0, not 143 (killed by the
// signal). The launch trace (METRONOME_LAUNCH_TRACE=1) marks the steps.
func TestW4_PongSIGTERMTearsDownAndExits0(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	exe := filepath.Join(t.TempDir(), "pong")
	args := []string{"build", "-o", exe}
	if window.Wayland {
		args = append(args, "-tags", "wayland")
	}
	if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "METRONOME_LAUNCH_TRACE=1", vulkan.ValidationEnv+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var log []string
	signalled := false
	hang := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() }) // a bound on a hang, not a speed check
	defer hang.Stop()
	for line := range lines {
		log = append(log, line)
		if !signalled && strings.HasSuffix(line, "first present returned") {
			signalled = true
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
		}
	}
	werr := cmd.Wait()
	text := strings.Join(log, "\n")
	if !signalled {
		if windowtest.StackMissing(errors.New(text), vulkan.ErrNoDriver, vulkan.ErrNoLoader) {
			windowtest.SkipOrFail(t, "real stack missing", werr)
		}
		t.Fatalf("Pong never presented (%v); stderr:\n%s", werr, text)
	}
	if werr != nil || cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("Pong after SIGTERM: %v (exit %d), want exit 0; stderr:\n%s", werr, cmd.ProcessState.ExitCode(), text)
	}
	at := -1
	for _, step := range []string{"signal terminated: closing the window", "renderer destroyed", "platform destroyed"} {
		i := strings.Index(text, step)
		if i < 0 || i < at {
			t.Fatalf("%q missing or out of order; stderr:\n%s", step, text)
		}
		at = i
	}
	if strings.Contains(text, "validation: ") {
		t.Errorf("validation messages:\n%s", text)
	}
}
