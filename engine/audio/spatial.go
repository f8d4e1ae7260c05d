package audio

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// AudioListener is where the sound is heard from (XNA's AudioListener):
// the zero value is replaced by XNA's defaults, Forward -Z and Up +Y.
type AudioListener struct {
	Position, Velocity mgl32.Vec3
	Forward, Up        mgl32.Vec3
}

// AudioEmitter is where a sound comes from (XNA's AudioEmitter).
// DopplerScale scales this emitter's Doppler shift; use NewAudioEmitter
// for XNA's defaults (1, Forward -Z, Up +Y).
type AudioEmitter struct {
	Position, Velocity mgl32.Vec3
	Forward, Up        mgl32.Vec3
	DopplerScale       float32
}

// NewAudioListener returns a listener at the origin facing -Z, up +Y.
func NewAudioListener() AudioListener {
	return AudioListener{Forward: mgl32.Vec3{0, 0, -1}, Up: mgl32.Vec3{0, 1, 0}}
}

// NewAudioEmitter returns an emitter at the origin with DopplerScale 1.
func NewAudioEmitter() AudioEmitter {
	return AudioEmitter{Forward: mgl32.Vec3{0, 0, -1}, Up: mgl32.Vec3{0, 1, 0}, DopplerScale: 1}
}

// spatial is what Apply3D derives: a gain, a pan and a Doppler factor.
type spatial struct {
	gain, pan float32
	doppler   float64
}

// compute3D is XNA's 3D model as FNA's F3DAudio defaults implement it:
// inverse-distance attenuation (full volume within distanceScale), pan
// from the emitter's direction in the listener's frame (right = forward x
// up), and the Doppler factor (c - vl) / (c - ve) from the velocities
// along the emitter-to-listener line, each scaled and kept below c.
func compute3D(l AudioListener, e AudioEmitter, distanceScale, dopplerScale, c float32) spatial {
	fwd, up := l.Forward, l.Up
	if fwd.Len() == 0 {
		fwd = mgl32.Vec3{0, 0, -1}
	}
	if up.Len() == 0 {
		up = mgl32.Vec3{0, 1, 0}
	}
	toE := e.Position.Sub(l.Position)
	d := float64(toE.Len())
	sp := spatial{gain: 1, doppler: 1}
	if d > float64(distanceScale) {
		sp.gain = float32(float64(distanceScale) / d)
	}
	if d > 1e-6 {
		dir := toE.Mul(float32(1 / d))
		right := fwd.Cross(up).Normalize()
		sp.pan = clamp(dir.Dot(right), -1, 1)
		scale := float64(dopplerScale) * float64(e.DopplerScale)
		if scale > 0 {
			eToL := dir.Mul(-1)
			vl := scale * float64(eToL.Dot(l.Velocity))
			ve := scale * float64(eToL.Dot(e.Velocity))
			cc := float64(c)
			lim := cc * 0.99
			vl = math.Max(-lim, math.Min(lim, vl))
			ve = math.Max(-lim, math.Min(lim, ve))
			sp.doppler = (cc - vl) / (cc - ve)
		}
	}
	return sp
}

// Apply3D positions the instance: its gain, pan and pitch follow from the
// listener and emitter with the System's DistanceScale, DopplerScale and
// SpeedOfSound (A1). SetPan ends it.
func (in *SoundEffectInstance) Apply3D(l AudioListener, e AudioEmitter) {
	sp := compute3D(l, e, in.sys.distanceScale, in.sys.dopplerScale, in.sys.speedOfSound)
	in.is3D = true
	in.atten, in.pan3D, in.doppler = sp.gain, sp.pan, sp.doppler
	in.sendGains()
	in.sendStep()
}
