package game

import (
	"math"
	"testing"
)

// noRelaunch is the sample's world without the kick, so every bounce only
// loses energy.
var noRelaunch = ballParams{Gravity: 6, Restitution: 0.8, Floor: -0.85}

// A hand-worked pair of half-second steps from rest at 1: the first falls
// to -0.5 at -3 units/s; the second overshoots to -3.5, is reflected to
// -0.85 + 2.65 x 0.8 = 1.27 and leaves at 6 x 0.8 = 4.8 units/s (T8's
// fixed step feeds step the TargetElapsedTime).
func TestT8_BallStepHandWorked(t *testing.T) {
	b := newBall(1)
	b.step(noRelaunch, 0.5)
	if b.Y != -0.5 || b.VY != -3 || b.PrevY != 1 {
		t.Fatalf("after one step %+v, want Y -0.5, VY -3, PrevY 1", b)
	}
	b.step(noRelaunch, 0.5)
	if math.Abs(b.Y-1.27) > 1e-12 || math.Abs(b.VY-4.8) > 1e-12 || b.PrevY != -0.5 {
		t.Fatalf("after the bounce %+v, want Y 1.27, VY 4.8, PrevY -0.5", b)
	}
}

// Each bounce loses energy: over the first five bounces at 60 Hz, the
// energy after a bounce step is below the energy before it, and each apex
// is lower than the one before, by about Restitution² of the height above
// the floor. (Later, smaller bounces are a few steps long, and the step's
// discretisation outweighs the loss; the kick takes over there.)
func TestT8_BallBounceLosesEnergy(t *testing.T) {
	p := noRelaunch
	b := newBall(1)
	apex, prevApex, bounces := b.Y, math.Inf(1), 0
	for bounces < 5 {
		before := b.energy(p)
		falling := b.VY <= 0
		b.step(p, 1.0/60)
		if !(falling && b.VY > 0) {
			apex = max(apex, b.Y)
			continue
		}
		bounces++
		if after := b.energy(p); after >= before {
			t.Fatalf("bounce %d: energy %v after, %v before: no loss", bounces, after, before)
		}
		if apex >= prevApex {
			t.Fatalf("bounce %d: apex %v not below the previous %v", bounces, apex, prevApex)
		}
		if bounces > 1 {
			ratio := (apex - p.Floor) / (prevApex - p.Floor)
			if want := p.Restitution * p.Restitution; math.Abs(ratio-want) > 0.05 {
				t.Errorf("bounce %d: apex ratio %v, want about %v", bounces, ratio, want)
			}
		}
		prevApex, apex = apex, b.Y
	}
}

// The ball never ends a step below the floor, whatever the step (tiny,
// 60 Hz, 144 Hz, the 500 ms clamp of a variable step) and restitution
// (dead, lossy, perfectly elastic), with or without the relaunch kick.
func TestT8_BallNeverBelowFloor(t *testing.T) {
	for _, dt := range []float64{1e-4, 1.0 / 144, 1.0 / 60, 0.1, 0.5} {
		for _, e := range []float64{0, 0.5, 0.8, 1} {
			for _, rest := range []float64{0, 1} {
				p := ballParams{Gravity: 6, Restitution: e, Floor: -0.85, RestSpeed: rest, Launch: 4.7}
				b := newBall(1)
				for i := range 20_000 {
					b.step(p, dt)
					if b.Y < p.Floor || math.IsNaN(b.Y) {
						t.Fatalf("dt %v, restitution %v, rest %v: step %d ends at %v, below the floor %v",
							dt, e, rest, i, b.Y, p.Floor)
					}
				}
			}
		}
	}
}

// The relaunch kick: a bounce slower than RestSpeed leaves at Launch, so
// the sample's balls keep bouncing (and stay in view: below about 2.2 units
// above the floor).
func TestT8_BallRelaunchKeepsBouncing(t *testing.T) {
	p := sampleBallParams
	b := newBall(ballStartY)
	top := math.Inf(-1)
	for i := range 60 * 60 {
		b.step(p, 1.0/60)
		if i > 60*30 {
			top = max(top, b.Y)
		}
	}
	if top < p.Floor+1 || top > ballStartY+0.1 {
		t.Fatalf("apex in the second half-minute %v, want about %v", top, ballStartY)
	}
}

// Interpolation is PrevY + (Y - PrevY) x alpha (T8): alpha 0 is the state
// before the last step, 1 the latest; hold freezes it for a pause.
func TestT8_BallInterpolation(t *testing.T) {
	b := ball{Y: 2, PrevY: 1}
	for _, c := range []struct{ alpha, want float64 }{{0, 1}, {0.25, 1.25}, {0.5, 1.5}, {1, 2}} {
		if got := b.at(c.alpha); got != c.want {
			t.Errorf("at(%v) = %v, want %v", c.alpha, got, c.want)
		}
	}
	b = ball{Y: -0.5, PrevY: 0.5}
	if got := b.at(0.75); got != -0.25 {
		t.Errorf("falling: at(0.75) = %v, want -0.25", got)
	}
	b.hold()
	if b.at(0) != -0.5 || b.at(0.9) != -0.5 {
		t.Errorf("held ball moves: at(0) %v, at(0.9) %v", b.at(0), b.at(0.9))
	}
	b.step(noRelaunch, 0)
	if b.Y != -0.5 || b.VY != 0 {
		t.Errorf("a zero step moved the ball: %+v", b)
	}
}
