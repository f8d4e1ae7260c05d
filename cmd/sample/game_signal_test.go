package main

import (
	"syscall"
	"testing"
	"time"
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
