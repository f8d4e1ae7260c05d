package window

import (
	"strings"
	"sync"
	"testing"
)

// fakeLoss replaces the exit, the output and the parking of displayLost
// for one test and returns the output and the statuses it exited with.
func fakeLoss(t *testing.T) (out *strings.Builder, exits *[]int) {
	out, exits = &strings.Builder{}, &[]int{}
	var mu sync.Mutex
	oldExit, oldOut, oldPark := lostExit, lostOutput, lostPark
	lostExit = func(code int) { mu.Lock(); *exits = append(*exits, code); mu.Unlock() }
	lostOutput, lostPark = out, func() {}
	t.Cleanup(func() {
		lostExit, lostOutput, lostPark = oldExit, oldOut, oldPark
		lostMu.Lock()
		lostHandled = false
		lostMu.Unlock()
		OnDisplayLost(nil)
	})
	return out, exits
}

// TestDisplayLostRunsHookThenExits: a broken X connection prints
// one message, runs the registered hook after it, and exits with
// DisplayLostStatus; a second thread meeting the loss prints nothing more
// and runs no second hook.
func TestDisplayLostRunsHookThenExits(t *testing.T) {
	out, exits := fakeLoss(t)
	hooks := 0
	OnDisplayLost(func() {
		hooks++
		if !strings.Contains(out.String(), "the X server closed the connection") {
			t.Error("the hook ran before the message")
		}
	})
	displayLost()
	displayLost() // a second thread
	if hooks != 1 {
		t.Errorf("hook ran %d times, want 1", hooks)
	}
	if n := strings.Count(out.String(), "\n"); n != 1 {
		t.Errorf("%d lines, want one message: %q", n, out.String())
	}
	if len(*exits) != 2 || (*exits)[0] != DisplayLostStatus || (*exits)[1] != DisplayLostStatus {
		t.Errorf("exits %v, want [%d %d]", *exits, DisplayLostStatus, DisplayLostStatus)
	}
}

// TestDisplayLostHookPanicStillExits: a panicking hook is
// reported and the process still exits with DisplayLostStatus; without a
// hook (or after OnDisplayLost(nil)) it exits all the same.
func TestDisplayLostHookPanicStillExits(t *testing.T) {
	out, exits := fakeLoss(t)
	OnDisplayLost(func() { panic("boom") })
	displayLost()
	if !strings.Contains(out.String(), "hook panicked: boom") || len(*exits) != 1 || (*exits)[0] != DisplayLostStatus {
		t.Errorf("output %q, exits %v", out.String(), *exits)
	}
	lostMu.Lock()
	lostHandled = false
	lostMu.Unlock()
	OnDisplayLost(func() { t.Error("a removed hook ran") })
	OnDisplayLost(nil)
	displayLost()
	if len(*exits) != 2 || (*exits)[1] != DisplayLostStatus {
		t.Errorf("exits %v without a hook", *exits)
	}
}

// TestDisplayLostSecondThreadWaitsForTheFirst: a second thread
// that meets the loss while the first runs the hook parks instead of
// exiting, so the hook can finish what it saves.
func TestDisplayLostSecondThreadWaitsForTheFirst(t *testing.T) {
	_, exits := fakeLoss(t)
	inHook, release := make(chan struct{}), make(chan struct{})
	parked, unpark := make(chan struct{}), make(chan struct{})
	lostPark = func() { close(parked); <-unpark }
	OnDisplayLost(func() { close(inHook); <-release })
	first := make(chan struct{})
	go func() { displayLost(); close(first) }()
	<-inHook
	second := make(chan struct{})
	go func() { displayLost(); close(second) }()
	<-parked
	if len(*exits) != 0 {
		t.Fatalf("exits %v while the hook runs, want none", *exits)
	}
	close(release)
	<-first
	close(unpark)
	<-second
	if len(*exits) != 2 {
		t.Errorf("exits %v, want the first thread's, then the parked one's", *exits)
	}
}
