//go:build unix

// The test sends a POSIX signal (syscall.Kill), which Windows lacks.

package desktop

import (
	"syscall"
	"testing"
	"time"
)

// TestW4_ExitSignalCaughtUntilStop: an exit signal is caught (not the
// process's death) and asks for the exit, which PollEvents delivers as a
// Close event; stop gives the signals back. The end-to-end check is
// examples/pong's TestW4_PongSIGTERMTearsDownAndExits0.
func TestW4_ExitSignalCaughtUntilStop(t *testing.T) {
	w := watchSignals()
	defer w.stop()
	if w.exitAsked() || w.caught() != nil {
		t.Fatal("exit asked before any signal")
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second) // a bound on a hang, not a speed check
	for !w.exitAsked() {
		if time.Now().After(deadline) {
			t.Fatal("SIGHUP was not caught")
		}
		time.Sleep(time.Millisecond)
	}
	if w.caught() != syscall.SIGHUP {
		t.Errorf("caught %v, want SIGHUP", w.caught())
	}
	w.stop()
	w.stop()
	var none *signalWatch
	none.stop()
	if none.exitAsked() || none.caught() != nil {
		t.Error("a nil watch (NoSignalTeardown) reports a signal")
	}
}
