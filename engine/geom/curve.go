package geom

import (
	"fmt"
	"math"
	"sort"
)

// CurveLoopType says how a Curve goes on before its first key or after
// its last (XNA's CurveLoopType; the values are XNA's).
type CurveLoopType int

// The loop types.
const (
	// CurveLoopConstant holds the end key's value.
	CurveLoopConstant CurveLoopType = iota
	// CurveLoopCycle repeats the curve.
	CurveLoopCycle
	// CurveLoopCycleOffset repeats the curve, each repetition offset by
	// the difference between the last and first values, so it climbs.
	CurveLoopCycleOffset
	// CurveLoopOscillate repeats the curve forwards and backwards in turn.
	CurveLoopOscillate
	// CurveLoopLinear goes on in a straight line along the end key's
	// tangent: the first key's TangentIn before, the last key's TangentOut
	// after.
	CurveLoopLinear
)

// CurveContinuity says how a curve runs from a key to the next (XNA's
// CurveContinuity).
type CurveContinuity int

// The continuities.
const (
	// CurveContinuitySmooth interpolates with a cubic Hermite spline using
	// the key's TangentOut and the next key's TangentIn.
	CurveContinuitySmooth CurveContinuity = iota
	// CurveContinuityStep holds the key's value up to the next key, which
	// takes over exactly at its position.
	CurveContinuityStep
)

// CurveTangent says how ComputeTangent sets a tangent (XNA's CurveTangent).
type CurveTangent int

// The tangent kinds.
const (
	// CurveTangentFlat sets the tangent to 0.
	CurveTangentFlat CurveTangent = iota
	// CurveTangentLinear sets it to the difference in value with the
	// neighbouring key (the previous one for TangentIn, the next for
	// TangentOut).
	CurveTangentLinear
	// CurveTangentSmooth sets it from the neighbours on both sides: the
	// change in value from the previous key to the next, times this side's
	// share of the span between them in position.
	CurveTangentSmooth
)

// CurveKey is a point of a Curve (XNA's CurveKey). Tangents are in value
// per segment: a key's TangentOut is the slope over the whole segment to
// the next key, as XNA's Hermite interpolation takes them.
type CurveKey struct {
	Position, Value       float32
	TangentIn, TangentOut float32
	Continuity            CurveContinuity
}

// CurveKeyCollection is a curve's keys in order of Position (XNA's
// CurveKeyCollection). Add keeps the order; a change of Position made
// directly must keep it too, for Evaluate assumes it.
type CurveKeyCollection []CurveKey

// Add inserts k in order of Position, after any keys at the same position.
func (c *CurveKeyCollection) Add(k CurveKey) {
	keys := *c
	i := sort.Search(len(keys), func(i int) bool { return keys[i].Position > k.Position })
	keys = append(keys, CurveKey{})
	copy(keys[i+1:], keys[i:])
	keys[i] = k
	*c = keys
}

// RemoveAt removes the key at index i; an index outside the keys is an error.
func (c *CurveKeyCollection) RemoveAt(i int) error {
	if i < 0 || i >= len(*c) {
		return fmt.Errorf("geom: curve key %d of %d: want 0 <= index < %d", i, len(*c), len(*c))
	}
	*c = append((*c)[:i], (*c)[i+1:]...)
	return nil
}

// Curve is a function of one float defined by keys (XNA's Curve): Hermite
// splines between keys and a loop rule on each side. The zero Curve has
// no keys and evaluates to 0 everywhere.
type Curve struct {
	Keys     CurveKeyCollection
	PreLoop  CurveLoopType
	PostLoop CurveLoopType
}

// IsConstant reports whether the curve has at most one key.
func (c *Curve) IsConstant() bool { return len(c.Keys) <= 1 }

// Clone returns a copy that shares no keys with c.
func (c *Curve) Clone() *Curve {
	d := *c
	d.Keys = append(CurveKeyCollection(nil), c.Keys...)
	return &d
}

// Evaluate returns the curve's value at position (XNA's Curve.Evaluate):
// 0 without keys, the key's value with one. Between keys, the Hermite
// spline of the earlier key's Value and TangentOut and the later key's
// Value and TangentIn, or the earlier key's value under Step continuity
// (the later key's at its own position). Before the first key or after
// the last, PreLoop or PostLoop: Constant holds the end value; Linear
// extends along the end tangent; Cycle, CycleOffset and Oscillate map the
// position into the keys' span, counting whole spans as XNA does (the
// count rounds towards zero after one is taken from negative quotients).
// It allocates nothing.
func (c *Curve) Evaluate(position float32) float32 {
	keys := c.Keys
	switch len(keys) {
	case 0:
		return 0
	case 1:
		return keys[0].Value
	}
	first, last := keys[0], keys[len(keys)-1]
	t, offset := f64(position), 0.0
	span := f64(last.Position) - f64(first.Position)
	loop := CurveLoopType(-1)
	switch {
	case position < first.Position:
		if c.PreLoop == CurveLoopConstant {
			return first.Value
		}
		if c.PreLoop == CurveLoopLinear {
			return float32(f64(first.Value) - f64(first.TangentIn)*(f64(first.Position)-t))
		}
		loop = c.PreLoop
	case position > last.Position:
		if c.PostLoop == CurveLoopConstant {
			return last.Value
		}
		if c.PostLoop == CurveLoopLinear {
			return float32(f64(last.Value) + f64(last.TangentOut)*(t-f64(last.Position)))
		}
		loop = c.PostLoop
	}
	if loop >= 0 && span > 0 {
		q := (t - f64(first.Position)) / span
		if q < 0 {
			q--
		}
		cycle := math.Trunc(q)
		into := t - (f64(first.Position) + cycle*span)
		switch {
		case loop == CurveLoopCycleOffset:
			offset = (f64(last.Value) - f64(first.Value)) * cycle
			t = f64(first.Position) + into
		case loop == CurveLoopOscillate && math.Mod(cycle, 2) != 0:
			t = f64(last.Position) - into
		default: // Cycle, even Oscillate, and unknown values as Cycle
			t = f64(first.Position) + into
		}
	}
	return float32(offset + c.segment(t))
}

// segment evaluates the curve at t within its keys' span.
func (c *Curve) segment(t float64) float64 {
	keys := c.Keys
	k0 := keys[0]
	for _, k1 := range keys[1:] {
		if f64(k1.Position) >= t {
			u, d := 0.0, f64(k1.Position)-f64(k0.Position)
			if d > 1e-10 {
				u = (t - f64(k0.Position)) / d
			}
			if k0.Continuity == CurveContinuityStep {
				if u >= 1 {
					return f64(k1.Value)
				}
				return f64(k0.Value)
			}
			return hermite(f64(k0.Value), f64(k0.TangentOut), f64(k1.Value), f64(k1.TangentIn), u)
		}
		k0 = k1
	}
	return f64(k0.Value)
}

// hermite returns the cubic Hermite spline of v1 with tangent t1 and v2
// with tangent t2 at s in 0..1.
func hermite(v1, t1, v2, t2, s float64) float64 {
	s2, s3 := s*s, s*s*s
	return v1*(2*s3-3*s2+1) + v2*(3*s2-2*s3) + t1*(s3-2*s2+s) + t2*(s3-s2)
}

// ComputeTangents sets every key's tangents by kind (XNA's
// Curve.ComputeTangents).
func (c *Curve) ComputeTangents(kind CurveTangent) { c.ComputeTangentsInOut(kind, kind) }

// ComputeTangentsInOut sets every key's TangentIn by in and TangentOut by
// out.
func (c *Curve) ComputeTangentsInOut(in, out CurveTangent) {
	for i := range c.Keys {
		_ = c.ComputeTangentInOut(i, in, out)
	}
}

// ComputeTangent sets key i's tangents by kind (XNA's
// Curve.ComputeTangent); an index outside the keys is an error.
func (c *Curve) ComputeTangent(i int, kind CurveTangent) error {
	return c.ComputeTangentInOut(i, kind, kind)
}

// ComputeTangentInOut sets key i's TangentIn by in and TangentOut by out.
// A missing neighbour (before the first key, after the last) counts as the
// key itself, so a first key's Linear TangentIn is 0.
func (c *Curve) ComputeTangentInOut(i int, in, out CurveTangent) error {
	if i < 0 || i >= len(c.Keys) {
		return fmt.Errorf("geom: compute tangent of curve key %d of %d: want 0 <= index < %d", i, len(c.Keys), len(c.Keys))
	}
	k := &c.Keys[i]
	p, v := f64(k.Position), f64(k.Value)
	p0, v0, p1, v1 := p, v, p, v
	if i > 0 {
		p0, v0 = f64(c.Keys[i-1].Position), f64(c.Keys[i-1].Value)
	}
	if i+1 < len(c.Keys) {
		p1, v1 = f64(c.Keys[i+1].Position), f64(c.Keys[i+1].Value)
	}
	smooth := func(share float64) float32 {
		if math.Abs(v1-v0) < 1.192093e-07 || p1 == p0 {
			return 0
		}
		return float32((v1 - v0) * math.Abs(share) / (p1 - p0))
	}
	switch in {
	case CurveTangentLinear:
		k.TangentIn = float32(v - v0)
	case CurveTangentSmooth:
		k.TangentIn = smooth(p0 - p)
	default:
		k.TangentIn = 0
	}
	switch out {
	case CurveTangentLinear:
		k.TangentOut = float32(v1 - v)
	case CurveTangentSmooth:
		k.TangentOut = smooth(p1 - p)
	default:
		k.TangentOut = 0
	}
	return nil
}
