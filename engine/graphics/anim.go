package graphics

import (
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl32"
)

// Skin binds a skinned mesh's vertices to bones (a glTF skin, rule K1).
// A vertex's joint index j names Joints[j]; its skinning matrix is the
// joint's world transform times InverseBindMatrices[j] (see
// AnimationPlayer.SkinTransforms).
type Skin struct {
	// Name is the skin's name in the file.
	Name string
	// Joints are the skin's bones in the file's joint order.
	Joints []*ModelBone
	// InverseBindMatrices has one matrix per joint: it takes the mesh
	// from its bind pose into the joint's space. Identity matrices when
	// the file gives none, as glTF says.
	InverseBindMatrices []mgl32.Mat4
	// Skeleton is the bone the file names as the skeleton's root, nil
	// when it names none.
	Skeleton *ModelBone

	index int // position in Model.Skins
}

// AnimationPath is the property an animation channel drives.
type AnimationPath uint8

// Animation paths (glTF's target paths).
const (
	PathTranslation AnimationPath = iota // the bone's translation (3 floats a key)
	PathRotation                         // the bone's rotation, a unit quaternion x, y, z, w (4 floats)
	PathScale                            // the bone's scale (3 floats)
	PathWeights                          // the morph target weights of the bone's meshes (one float a target)
)

var pathNames = [...]string{"translation", "rotation", "scale", "weights"}

// String returns glTF's name of the path ("rotation").
func (p AnimationPath) String() string {
	if int(p) < len(pathNames) {
		return pathNames[p]
	}
	return "AnimationPath(?)"
}

// Interpolation is how a channel's values go from one key to the next
// (glTF's interpolation modes, rule K2).
type Interpolation uint8

// Interpolation modes.
const (
	// InterpolationLinear lerps translations, scales and weights and
	// slerps rotations along the shorter arc.
	InterpolationLinear Interpolation = iota
	// InterpolationStep holds each key's value until the next key.
	InterpolationStep
	// InterpolationCubicSpline is a cubic Hermite spline through the
	// keys with the file's in and out tangents, scaled by the key
	// interval.
	InterpolationCubicSpline
)

var interpolationNames = [...]string{"LINEAR", "STEP", "CUBICSPLINE"}

// String returns glTF's name of the mode ("CUBICSPLINE").
func (i Interpolation) String() string {
	if int(i) < len(interpolationNames) {
		return interpolationNames[i]
	}
	return "Interpolation(?)"
}

// AnimationChannel is one animated property of one bone: key times and
// values with their own interpolation (a glTF channel with its sampler).
type AnimationChannel struct {
	// Bone is the animated bone (a node of the file).
	Bone *ModelBone
	// Path is the property animated.
	Path AnimationPath
	// Interpolation is the channel's own mode: channels of one bone may
	// differ.
	Interpolation Interpolation
	// Times are the key times in seconds of the file's time base:
	// finite, at least 0, strictly increasing.
	Times []float32
	// Values holds Width floats a key; a CUBICSPLINE channel holds, for
	// each key, its in-tangent, its value and its out-tangent (3*Width
	// floats).
	Values []float32
	// Width is the floats in one value: 3, 4 for rotations, or the
	// morph target count for weights.
	Width int

	meshes []int // PathWeights: indices in Model.Meshes of the bone's meshes
}

// AnimationClip is one animation of the file (XNA's AnimationClip).
type AnimationClip struct {
	// Name is the animation's name in the file.
	Name string
	// Duration is the largest key time of its channels, rounded to the
	// nanosecond.
	Duration time.Duration
	// Channels are the clip's channels in file order.
	Channels []*AnimationChannel
}

// keySeconds turns a clip time into the seconds the keys are in.
// time.Duration.Seconds splits whole and fractional seconds, so the
// result depends only on d (rule K5).
func keySeconds(d time.Duration) float64 { return d.Seconds() }

// Sample writes the channel's value at clip time t (seconds) into dst,
// which must hold Width floats (rule K2). Before the first key the first
// value holds, after the last the last; rotations come out normalized. A
// channel whose Values do not fit its Times and Width leaves dst as it
// is. It allocates nothing.
func (c *AnimationChannel) Sample(t float64, dst []float32) {
	w := c.Width
	n := len(c.Times)
	if n == 0 || len(dst) < w {
		return
	}
	cubic := c.Interpolation == InterpolationCubicSpline
	need := n * w
	if cubic {
		need *= 3
	}
	if w <= 0 || len(c.Values) < need {
		return // values that do not fit the keys (a channel made by hand): dst is left as it is
	}
	value := func(k int) []float32 {
		if cubic {
			return c.Values[(3*k+1)*w : (3*k+2)*w]
		}
		return c.Values[k*w : (k+1)*w]
	}
	if n == 1 || t <= float64(c.Times[0]) {
		copy(dst, value(0))
		c.finish(dst)
		return
	}
	if t >= float64(c.Times[n-1]) {
		copy(dst, value(n-1))
		c.finish(dst)
		return
	}
	k := keyBefore(c.Times, t)
	t0, t1 := float64(c.Times[k]), float64(c.Times[k+1])
	u := (t - t0) / (t1 - t0)
	switch c.Interpolation {
	case InterpolationStep:
		copy(dst, value(k))
	case InterpolationCubicSpline:
		td := t1 - t0
		u2, u3 := u*u, u*u*u
		h00 := 2*u3 - 3*u2 + 1
		h10 := (u3 - 2*u2 + u) * td
		h01 := -2*u3 + 3*u2
		h11 := (u3 - u2) * td
		p0, m0 := value(k), c.Values[(3*k+2)*w:(3*k+3)*w]   // value, out-tangent of key k
		p1, m1 := value(k+1), c.Values[(3*k+3)*w:(3*k+4)*w] // value, in-tangent of key k+1
		for i := range w {
			dst[i] = float32(h00*float64(p0[i]) + h10*float64(m0[i]) + h01*float64(p1[i]) + h11*float64(m1[i]))
		}
	default:
		a, b := value(k), value(k+1)
		if c.Path == PathRotation {
			slerpInto(dst, a, b, u)
		} else {
			for i := range w {
				dst[i] = float32(float64(a[i]) + (float64(b[i])-float64(a[i]))*u)
			}
		}
	}
	c.finish(dst)
}

// finish normalizes a sampled rotation.
func (c *AnimationChannel) finish(dst []float32) {
	if c.Path == PathRotation {
		normalizeQuat(dst)
	}
}

// keyBefore returns k with times[k] <= t < times[k+1], for
// times[0] < t < times[len-1]: a binary search.
func keyBefore(times []float32, t float64) int {
	lo, hi := 0, len(times)-1 // times[lo] <= t < times[hi]
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if float64(times[mid]) <= t {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// slerpInto writes the spherical interpolation of quaternions a and b
// (x, y, z, w) at u along the shorter arc into dst.
func slerpInto(dst, a, b []float32, u float64) {
	ax, ay, az, aw := float64(a[0]), float64(a[1]), float64(a[2]), float64(a[3])
	bx, by, bz, bw := float64(b[0]), float64(b[1]), float64(b[2]), float64(b[3])
	d := ax*bx + ay*by + az*bz + aw*bw
	if d < 0 { // the shorter arc: q and -q are the same rotation
		bx, by, bz, bw, d = -bx, -by, -bz, -bw, -d
	}
	s0, s1 := 1-u, u
	if d < 0.9995 {
		th := math.Acos(min(d, 1))
		sin := math.Sin(th)
		s0, s1 = math.Sin((1-u)*th)/sin, math.Sin(u*th)/sin
	}
	dst[0] = float32(s0*ax + s1*bx)
	dst[1] = float32(s0*ay + s1*by)
	dst[2] = float32(s0*az + s1*bz)
	dst[3] = float32(s0*aw + s1*bw)
}

// normalizeQuat scales q (x, y, z, w) to unit length; a zero quaternion
// becomes the identity.
func normalizeQuat(q []float32) {
	l := math.Sqrt(float64(q[0])*float64(q[0]) + float64(q[1])*float64(q[1]) + float64(q[2])*float64(q[2]) + float64(q[3])*float64(q[3]))
	if l == 0 || math.IsNaN(l) {
		q[0], q[1], q[2], q[3] = 0, 0, 0, 1
		return
	}
	for i := range 4 {
		q[i] = float32(float64(q[i]) / l)
	}
}

// boneTRS is a bone's local transform as translation, rotation (x, y, z,
// w) and scale.
type boneTRS struct {
	t [3]float32
	r [4]float32
	s [3]float32
}

// matrix returns T * R * S.
func (p *boneTRS) matrix() mgl32.Mat4 {
	q := mgl32.Quat{W: p.r[3], V: mgl32.Vec3{p.r[0], p.r[1], p.r[2]}}
	m := q.Mat4()
	for c := range 3 {
		for r := range 3 {
			m[c*4+r] *= p.s[c]
		}
	}
	m[12], m[13], m[14] = p.t[0], p.t[1], p.t[2]
	return m
}

// blend moves p toward o by w: lerped translation and scale, rotation
// slerped along the shorter arc.
func (p *boneTRS) blend(o *boneTRS, w float64) {
	for i := range 3 {
		p.t[i] = float32(float64(p.t[i]) + (float64(o.t[i])-float64(p.t[i]))*w)
		p.s[i] = float32(float64(p.s[i]) + (float64(o.s[i])-float64(p.s[i]))*w)
	}
	var r [4]float32
	slerpInto(r[:], p.r[:], o.r[:], w)
	normalizeQuat(r[:])
	p.r = r
}

// decompose splits an affine matrix without shear into translation,
// rotation and scale (for a bone the file gives by matrix).
func decompose(m mgl32.Mat4) boneTRS {
	var p boneTRS
	p.t = [3]float32{m[12], m[13], m[14]}
	var rot mgl32.Mat3
	for c := range 3 {
		col := mgl32.Vec3{m[c*4], m[c*4+1], m[c*4+2]}
		l := col.Len()
		p.s[c] = l
		if l != 0 {
			col = col.Mul(1 / l)
		}
		rot[c*3], rot[c*3+1], rot[c*3+2] = col[0], col[1], col[2]
	}
	if rot.Det() < 0 { // a mirror: carry it in the scale
		p.s[0] = -p.s[0]
		rot[0], rot[1], rot[2] = -rot[0], -rot[1], -rot[2]
	}
	q := mgl32.Mat4ToQuat(rot.Mat4())
	p.r = [4]float32{q.V[0], q.V[1], q.V[2], q.W}
	normalizeQuat(p.r[:])
	return p
}
