package game

// ballParams is the little world a ball lives in. Lengths are world units
// (the cube's side is 1), times seconds.
type ballParams struct {
	// Gravity is the downward acceleration, units/s².
	Gravity float64
	// Restitution is the share of its speed a ball keeps at a bounce, in
	// [0, 1]: a bounce loses 1 - Restitution² of the ball's kinetic energy.
	Restitution float64
	// Floor is the lowest height of the ball's centre.
	Floor float64
	// RestSpeed and Launch keep the sample moving: a bounce that leaves
	// slower than RestSpeed (units/s) leaves at Launch instead. A RestSpeed
	// of zero never relaunches.
	RestSpeed, Launch float64
}

// sampleBallParams is the world of the sample's two balls: about 0.8 s to
// fall from ballStartY to the floor, bounces that lose 36 % of the energy,
// and a kick back to about the start height when they settle.
var sampleBallParams = ballParams{Gravity: 6, Restitution: 0.8, Floor: -0.85, RestSpeed: 1, Launch: 4.7}

// ballStartY is where the sample's balls start, at rest.
const ballStartY = 1.0

// ball is one ball falling and bouncing on the floor, stepped on the fixed
// step. Its arithmetic is float64 with every product rounded on its own
// (no fused multiply-add, see step), so the same steps give the same bits
// on every machine (rule T21).
type ball struct {
	// Y is the height of the ball's centre, world units.
	Y float64
	// VY is its vertical velocity, units/s, up positive.
	VY float64
	// PrevY is Y before the last step: Draw interpolates from it (rule T8).
	PrevY float64
}

// newBall returns a ball at rest at height y.
func newBall(y float64) ball { return ball{Y: y, PrevY: y} }

// step advances the ball by dt seconds (semi-implicit Euler: velocity
// first, then position). Below the floor it is reflected: the depth it
// went under comes back up times Restitution, and its velocity reverses
// times Restitution, so with Restitution <= 1 the ball never ends a step
// below the floor. A dt of zero or less only moves PrevY to Y.
//
// The explicit float64 conversions round each product before the sum: the
// Go spec allows fusing x*y+z otherwise, which some architectures do.
func (b *ball) step(p ballParams, dt float64) {
	b.PrevY = b.Y
	if dt <= 0 {
		return
	}
	b.VY -= float64(p.Gravity * dt)
	b.Y += float64(b.VY * dt)
	if b.Y >= p.Floor {
		return
	}
	b.Y = p.Floor + float64((p.Floor-b.Y)*p.Restitution)
	b.VY = float64(-b.VY * p.Restitution)
	if b.VY < p.RestSpeed {
		b.VY = p.Launch
	}
}

// hold makes the ball stand still where it is for the interpolation: a
// paused simulation steps no more, so PrevY is set to Y and every alpha
// draws the same place.
func (b *ball) hold() { b.PrevY = b.Y }

// at returns the ball's height interpolated between the last two steps:
// PrevY + (Y - PrevY) x alpha, for the Draw's alpha in [0, 1] (rule T8).
// Alpha 0 is the state before the last step, 1 the latest state.
func (b ball) at(alpha float64) float64 { return b.PrevY + float64((b.Y-b.PrevY)*alpha) }

// energy returns the ball's mechanical energy per unit mass, units²/s²:
// potential above the floor plus kinetic.
func (b ball) energy(p ballParams) float64 {
	return p.Gravity*(b.Y-p.Floor) + b.VY*b.VY/2
}
