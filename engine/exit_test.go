package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// closingPlatform is the fake platform with a close button the user
// presses at a set time: CloseRequested (CloseRequester) reports it from
// then on, and the next PollEvents delivers the Close event.
type closingPlatform struct {
	*fakePlatform
	closeAt time.Duration // 0: never
	asked   int
}

func (p *closingPlatform) CloseRequested() bool {
	p.asked++
	return p.closeAt > 0 && p.clock.Now() >= p.closeAt
}

func (p *closingPlatform) PollEvents(dst []PlatformEvent) []PlatformEvent {
	dst = p.fakePlatform.PollEvents(dst)
	if p.closeAt > 0 && p.clock.Now() >= p.closeAt {
		dst = append(dst, quit)
	}
	return dst
}

// TestT12_ExitCloseAndSignalEndABurstWithinOneUpdate: with Updates of
// 200 ms at a 60 Hz target (every tick a catch-up burst), Exit from an
// Update, a window close and RequestExit (what SIGTERM calls) arriving
// during an Update end Run once that Update returns, in both profiles: no
// other Update starts, nothing more is drawn, and Run ends within 400 ms of
// the request in virtual time.
func TestT12_ExitCloseAndSignalEndABurstWithinOneUpdate(t *testing.T) {
	const slow = 200 * time.Millisecond
	for _, profile := range []timing.Profile{timing.ProfileDefault, timing.ProfileXNA} {
		for _, how := range []string{"Exit", "close", "RequestExit"} {
			t.Run(fmt.Sprintf("%v/%s", profile, how), func(t *testing.T) {
				fp := newFakePlatform(&recorder{})
				fp.perPoll = 0
				p := &closingPlatform{fakePlatform: fp}
				s := &scriptGame{}
				g, err := NewGame(s, p, Config{Source: fp.clock, Waiter: fp.clock, Profile: profile})
				if err != nil {
					t.Fatal(err)
				}
				var askedAt time.Duration
				askedIn := 0
				s.onUpdate = func(g *Game, n int, _ timing.GameTime) {
					fp.clock.Advance(slow)
					if n != 8 || askedIn != 0 {
						return
					}
					askedIn, askedAt = n, fp.clock.Now()-slow/2 // halfway through this Update
					switch how {
					case "Exit":
						g.Exit()
					case "close":
						p.closeAt = askedAt
					case "RequestExit":
						done := make(chan struct{})
						go func() { g.RequestExit(); close(done) }()
						<-done
					}
				}
				draws := 0
				s.onDraw = func(*Game, int, timing.GameTime) { draws++ }
				if err := g.Run(); err != nil {
					t.Fatal(err)
				}
				if s.updates != askedIn {
					t.Errorf("%d updates, want %d: none after the one in progress at the request", s.updates, askedIn)
				}
				if d := fp.clock.Now() - askedAt; d > 2*slow {
					t.Errorf("Run ended %v after the request, want at most 400ms", d)
				}
				t.Logf("%d updates, %d draws, Run ended %v after the request", s.updates, draws, fp.clock.Now()-askedAt)
			})
		}
	}
}
