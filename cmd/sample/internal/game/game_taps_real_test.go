//go:build unix

// The test here types into an X11 window with xdotool and, when the game
// does not end, stops it with SIGTERM, which Windows lacks.

package game

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// needXdotool returns xdotool's path, or skips the test saying why (fails
// under METRONOME_REQUIRE_GPU=1 where an X display should be).
func needXdotool(t *testing.T) string {
	t.Helper()
	if desktop.Wayland {
		t.Skip("xdotool drives X11 windows; this is the Wayland build (-tags wayland)")
	}
	if windowtest.DisplayVar() != "DISPLAY" {
		t.Skip("xdotool drives X11 windows; this OS has none")
	}
	if os.Getenv("DISPLAY") == "" {
		windowtest.SkipOrFail(t, "real stack missing", errors.New("DISPLAY is not set"))
	}
	path, err := exec.LookPath("xdotool")
	if err != nil {
		windowtest.SkipOrFail(t, "xdotool is not installed (scripts/lib.sh installs it)", err)
	}
	return path
}

// realTap is one zero-length tap xdotool types: its X key name, and the
// wait before it.
type realTap struct {
	key string
	gap time.Duration
}

// TestI1_SampleRealWindowTapsAllServed: the sample runs on the real stack
// (Xvfb, lavapipe, validation on, the system clock) while xdotool types
// zero-length taps (press and release back to back, sent to the sample's
// window): ten of L, 0.8 s apart (each load blocks an update for 0.3 s),
// then P, F, =, -, keypad + and -, 0 and 2, then Esc. The state dump at
// exit says every tap acted: ten loads, paused (three P), variable step
// (three F), 75 Hz (60, three =, one -, two keypad -, one keypad +) and
// swap interval 2; and the game ended on the Esc (the last tap), so every
// tap before it had reached the game: nothing in the verdict depends on
// timing. Before the fix the sample read the keyboard snapshot and served
// a tap only when a poll fell between its press and its release (4-5 of
// ten taps of L).
func TestI1_SampleRealWindowTapsAllServed(t *testing.T) {
	xdotool := needXdotool(t)
	var taps []realTap
	for range 10 {
		taps = append(taps, realTap{"l", 800 * time.Millisecond})
	}
	for _, k := range []string{"p", "p", "p", "f", "f", "f", "equal", "equal", "equal", "minus",
		"KP_Subtract", "KP_Subtract", "KP_Add", "0", "2", "Escape"} {
		taps = append(taps, realTap{k, 300 * time.Millisecond})
	}

	dir := t.TempDir()
	dump, ready := filepath.Join(dir, "dump"), filepath.Join(dir, "ready")
	cmd := sampleCmd(t, []string{"-validation", "-size", "320x240", "-dump-state", dump}, readyEnv+"="+ready)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() { // SIGTERM ends the game in order, the dump written
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			<-exited
		}
	}
	if err := waitForFile(ready, exited); err != nil {
		cmd.Process.Kill()
		if windowtest.StackMissing(errors.New(out.String()), noDriver...) {
			windowtest.SkipOrFail(t, "real stack missing", err)
		}
		t.Fatalf("%v; output:\n%s", err, out.String())
	}

	// Bounds on a hang only (they decide nothing): the window is mapped
	// once the first frame was drawn.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	id, err := windowOfProcess(ctx, xdotool, cmd.Process.Pid)
	if err != nil {
		stop()
		t.Fatalf("%v; output:\n%s", err, out.String())
	}
	for i, tp := range taps {
		time.Sleep(tp.gap)
		// key --delay 0 to one window: press and release back to back,
		// a zero-length tap, delivered to this window whichever window of
		// the shared display has the focus.
		if b, err := exec.CommandContext(ctx, xdotool, "key", "--window", id, "--delay", "0", tp.key).CombinedOutput(); err != nil {
			stop()
			t.Fatalf("tap %d (%s): xdotool key: %v: %s", i, tp.key, err, b)
		}
	}
	var werr error
	select {
	case werr = <-exited:
	case <-time.After(time.Minute):
		stop()
		t.Errorf("the game did not end on the tap of Esc: the tap was lost")
	}
	if werr != nil || out.Len() != 0 {
		t.Errorf("the game ended with %v; output:\n%s", werr, out.String())
	}
	text, err := os.ReadFile(dump)
	if err != nil {
		t.Fatalf("no state dump: %v", err)
	}
	t.Logf("dump:\n%s", text)
	for _, want := range []struct{ name, value, what string }{
		{"loads", "10", "ten taps of L"},
		{"paused", "true", "three taps of P"},
		{"fixed_step", "false", "three taps of F"},
		{"hz", "75", "60 Hz, then =, =, =, -, keypad -, keypad -, keypad +"},
		{"swap_interval", "2", "taps of 0, then 2"},
	} {
		if got := dumpValue(string(text), want.name); got != want.value {
			t.Errorf("%s %s after %s, want %s", want.name, got, want.what, want.value)
		}
	}
}

// windowOfProcess finds the X window of process pid with xdotool, waiting
// until it is mapped.
func windowOfProcess(ctx context.Context, xdotool string, pid int) (string, error) {
	out, err := exec.CommandContext(ctx, xdotool, "search", "--sync", "--onlyvisible", "--pid", strconv.Itoa(pid)).Output()
	if err != nil {
		return "", fmt.Errorf("xdotool search --pid %d: %w", pid, err)
	}
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if id == "" {
		return "", fmt.Errorf("xdotool search --pid %d found no window", pid)
	}
	return id, nil
}

// dumpValue returns the value of line name in a state dump, "" when there
// is none.
func dumpValue(dump, name string) string {
	for line := range strings.Lines(dump) {
		if k, v, _ := strings.Cut(strings.TrimSpace(line), " "); k == name {
			return v
		}
	}
	return ""
}
