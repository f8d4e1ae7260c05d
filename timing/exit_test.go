package timing

import (
	"fmt"
	"testing"
	"time"
)

// exitRig is a recorder whose Updates each take a fixed time on the
// manual clock and which answers PollExit (ExitPoller) from a flag, as
// the engine does for a window close or a signal.
type exitRig struct {
	*recorder
	s       *Scheduler
	asked   bool
	polls   int
	askedAt time.Duration
}

func (r *exitRig) PollExit() {
	r.polls++
	if r.asked {
		r.s.Exit()
	}
}

// TestT12_ExitRequestEndsTheBurstWithinOneUpdate: with Updates of 200 ms
// at a 60 Hz target (a burst of up to 30 Updates per tick), an Exit from
// an Update or an exit request arriving during one (a window close, a
// SIGTERM) ends the loop once that Update returns, in both profiles and
// in fixed and variable step: no other Update starts and nothing is drawn.
// Virtual time: the run ends within 200 ms of the request.
func TestT12_ExitRequestEndsTheBurstWithinOneUpdate(t *testing.T) {
	const slow = 200 * time.Millisecond
	for _, p := range []Profile{ProfileDefault, ProfileXNA} {
		for _, how := range []string{"Exit", "request"} {
			for _, fixed := range []bool{true, false} {
				t.Run(fmt.Sprintf("%v/%s/fixed=%v", p, how, fixed), func(t *testing.T) {
					clock := NewManualClock(time.Second)
					r := &exitRig{recorder: &recorder{clock: clock}}
					s, err := NewScheduler(clock, clock, r)
					if err != nil {
						t.Fatal(err)
					}
					r.s = s
					if err := s.SetProfile(p); err != nil {
						t.Fatal(err)
					}
					s.SetFixedTimeStep(fixed)
					s.Start()
					r.onUpdate = func(n int, gt GameTime) {
						clock.Advance(slow)
						if n == 6 { // in the middle of a burst
							r.askedAt = clock.Now()
							if how == "Exit" {
								s.Exit()
							} else {
								r.asked = true // seen by the next PollExit or Poll
							}
						}
					}
					poll := r.onPoll
					r.onPoll = func() {
						if poll != nil {
							poll()
						}
						if r.asked {
							s.Exit()
						}
					}
					for i := 0; s.Running() && i < 100; i++ {
						clock.Advance(target.Duration())
						if err := s.Tick(); err != nil {
							t.Fatal(err)
						}
					}
					if s.Running() {
						t.Fatal("still running after 100 ticks")
					}
					if r.updates != 6 {
						t.Errorf("%d updates, want 6: none after the one in progress at the request", r.updates)
					}
					if d := clock.Now() - r.askedAt; d > slow+target.Duration() {
						t.Errorf("the loop ended %v after the request, want at most the Update in progress and one tick (%v)", d, slow+target.Duration())
					}
					calls := r.calls
					if last := calls[len(calls)-1]; last.kind == "draw" {
						t.Errorf("the exiting tick drew: %v", joinCalls(calls[max(0, len(calls)-4):]))
					}
				})
			}
		}
	}
}

// TestT12_PollExitOnlyInsideABurst: the handler's PollExit runs only
// between the Updates of a multi-step tick, never in a single-step one,
// so a steady game pays nothing for it.
func TestT12_PollExitOnlyInsideABurst(t *testing.T) {
	clock := NewManualClock(time.Second)
	r := &exitRig{recorder: &recorder{clock: clock}}
	s, err := NewScheduler(clock, clock, r)
	if err != nil {
		t.Fatal(err)
	}
	r.s = s
	s.Start()
	for range 10 {
		clock.Advance(target.Duration())
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if r.polls != 0 {
		t.Fatalf("PollExit ran %d times in single-step ticks, want 0", r.polls)
	}
	clock.Advance(4 * target.Duration())
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if st := s.Stats(); r.polls != st.LastSteps-1 {
		t.Fatalf("PollExit ran %d times in a %d-step tick, want %d", r.polls, st.LastSteps, st.LastSteps-1)
	}
}
