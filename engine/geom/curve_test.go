package geom_test

import (
	"math"
	"testing"

	"github.com/metronome-engine/metronome/engine/geom"
)

// twoKeys is the curve the loop tests share: keys at 1 (value 2,
// tangents in 1, out 4) and 3 (value 6, tangents in 2, out 3); span 2.
//
// Worked by hand with the Hermite basis h00 = 2s³-3s²+1, h10 = s³-2s²+s,
// h01 = 3s²-2s³, h11 = s³-s², value = 2·h00 + 4·h10 + 6·h01 + 2·h11:
//
//	position 1.5, s = .25: 2(.84375) + 4(.140625) + 6(.15625) + 2(-.046875) = 3.09375
//	position 2,   s = .5:  2(.5) + 4(.125) + 6(.5) + 2(-.125)               = 4.25
//	position 2.5, s = .75: 2(.15625) + 4(.046875) + 6(.84375) + 2(-.140625) = 5.28125
func twoKeys(pre, post geom.CurveLoopType) *geom.Curve {
	c := &geom.Curve{PreLoop: pre, PostLoop: post}
	c.Keys.Add(geom.CurveKey{Position: 3, Value: 6, TangentIn: 2, TangentOut: 3})
	c.Keys.Add(geom.CurveKey{Position: 1, Value: 2, TangentIn: 1, TangentOut: 4})
	return c
}

func wantCurve(t *testing.T, name string, c *geom.Curve, at, want float32) {
	t.Helper()
	if got := c.Evaluate(at); math.Abs(float64(got-want)) > 1e-5 {
		t.Errorf("%s: Evaluate(%v) = %v, want %v", name, at, got, want)
	}
}

func TestX2_CurveBetweenKeysIsXNAsHermite(t *testing.T) {
	c := twoKeys(geom.CurveLoopConstant, geom.CurveLoopConstant)
	for _, w := range [][2]float32{{1, 2}, {1.5, 3.09375}, {2, 4.25}, {2.5, 5.28125}, {3, 6}} {
		wantCurve(t, "smooth", c, w[0], w[1])
	}
}

// TestX2_CurveLoops works each loop type before and after the keys. The
// cycle count is XNA's: q = (position - 1) / 2, less 1 when negative,
// truncated; the position inside is position - (1 + 2·cycle).
func TestX2_CurveLoops(t *testing.T) {
	for _, c := range []struct {
		name      string
		loop      geom.CurveLoopType
		pre, post [][2]float32 // position, value
	}{
		{"Constant", geom.CurveLoopConstant,
			[][2]float32{{0.5, 2}, {-100, 2}}, [][2]float32{{4, 6}, {100, 6}}},
		// Before: 2 - 1·(1 - 0.5) = 1.5. After: 6 + 3·(4 - 3) = 9 (the last
		// key's TangentOut).
		{"Linear", geom.CurveLoopLinear,
			[][2]float32{{0.5, 1.5}, {-1, 0}}, [][2]float32{{4, 9}, {3.5, 7.5}}},
		// 0.5: q = -.25-1 -> cycle -1, inside 0.5+1 = 1.5 -> position 2.5.
		// 4: q = 1.5 -> 1, inside 1 -> 2. 5.5: q = 2.25 -> 2, inside .5 -> 1.5.
		{"Cycle", geom.CurveLoopCycle,
			[][2]float32{{0.5, 5.28125}, {-2.5, 3.09375}}, [][2]float32{{4, 4.25}, {5.5, 3.09375}}},
		// As Cycle plus (6 - 2)·cycle: 5.28125 - 4, 3.09375 - 8 (-2.5: q =
		// -1.75-1 -> -2), 4.25 + 4, 3.09375 + 8.
		{"CycleOffset", geom.CurveLoopCycleOffset,
			[][2]float32{{0.5, 1.28125}, {-2.5, -4.90625}}, [][2]float32{{4, 8.25}, {5.5, 11.09375}}},
		// Odd cycles run backwards from the last key: 0.5 (cycle -1, inside
		// 1.5) -> 3 - 1.5 = 1.5; -0.5 (cycle -1, inside .5) -> 2.5; -2.5
		// (cycle -2, even, inside .5) -> 1.5. After: 4 (cycle 1, inside 1)
		// -> 2; 4.5 (1, 1.5) -> 1.5; 6.5 (2, even, inside 1.5) -> 2.5.
		{"Oscillate", geom.CurveLoopOscillate,
			[][2]float32{{0.5, 3.09375}, {-0.5, 5.28125}, {-2.5, 3.09375}},
			[][2]float32{{4, 4.25}, {4.5, 3.09375}, {6.5, 5.28125}}},
	} {
		pre := twoKeys(c.loop, geom.CurveLoopConstant)
		for _, w := range c.pre {
			wantCurve(t, c.name+" pre-loop", pre, w[0], w[1])
		}
		post := twoKeys(geom.CurveLoopConstant, c.loop)
		for _, w := range c.post {
			wantCurve(t, c.name+" post-loop", post, w[0], w[1])
		}
	}
}

func TestX2_CurveStepHoldsTheValueUntilTheNextKey(t *testing.T) {
	c := twoKeys(geom.CurveLoopCycle, geom.CurveLoopCycle)
	c.Keys[0].Continuity = geom.CurveContinuityStep
	// The step is the segment's, not the position's: at 2 XNA gives the
	// first key's value (a position of 1 or more is not what counts).
	for _, w := range [][2]float32{{1, 2}, {2, 2}, {2.999, 2}, {3, 6}, {4, 2}, {0.5, 2}} {
		wantCurve(t, "step", c, w[0], w[1])
	}
}

func TestX2_CurveWithFewKeys(t *testing.T) {
	var c geom.Curve
	wantCurve(t, "no keys", &c, 5, 0)
	if !c.IsConstant() {
		t.Error("a curve without keys is not constant")
	}
	c.Keys.Add(geom.CurveKey{Position: 2, Value: 7})
	c.PreLoop, c.PostLoop = geom.CurveLoopLinear, geom.CurveLoopCycle
	for _, at := range []float32{-3, 2, 9} {
		wantCurve(t, "one key", &c, at, 7)
	}
	c.Keys.Add(geom.CurveKey{Position: 2, Value: 9}) // same position: added after
	if c.Keys[1].Value != 9 || c.IsConstant() {
		t.Errorf("keys %v: a key at an equal position goes after", c.Keys)
	}
	wantCurve(t, "two keys at one position, after", &c, 5, 9)
	if err := c.Keys.RemoveAt(2); err == nil {
		t.Error("RemoveAt(2) of 2 keys: no error")
	}
	if err := c.Keys.RemoveAt(0); err != nil || len(c.Keys) != 1 || c.Keys[0].Value != 9 {
		t.Errorf("RemoveAt(0): %v, keys %v", err, c.Keys)
	}
	d := twoKeys(0, 0)
	e := d.Clone()
	e.Keys[0].Value = 100
	if d.Keys[0].Value != 2 {
		t.Error("Clone shares keys")
	}
}

// TestX2_ComputeTangents works the three tangent kinds on keys (0, 0),
// (1, 2), (3, 3). A missing neighbour counts as the key itself.
//
//	Linear: in = v - v(prev), out = v(next) - v:  (0, 2), (2, 1), (1, 0)
//	Smooth: (v(next) - v(prev)) · |p(side) - p| / (p(next) - p(prev)):
//	  key 0: 2·0/1 = 0, 2·1/1 = 2; key 1: 3·1/3 = 1, 3·2/3 = 2; key 2: 1·2/2 = 1, 1·0/2 = 0
func TestX2_ComputeTangents(t *testing.T) {
	c := &geom.Curve{}
	for _, k := range [][2]float32{{0, 0}, {1, 2}, {3, 3}} {
		c.Keys.Add(geom.CurveKey{Position: k[0], Value: k[1], TangentIn: 9, TangentOut: 9})
	}
	check := func(name string, want [3][2]float32) {
		t.Helper()
		for i, k := range c.Keys {
			if math.Abs(float64(k.TangentIn-want[i][0])) > 1e-6 || math.Abs(float64(k.TangentOut-want[i][1])) > 1e-6 {
				t.Errorf("%s: key %d tangents (%v, %v), want %v", name, i, k.TangentIn, k.TangentOut, want[i])
			}
		}
	}
	c.ComputeTangents(geom.CurveTangentFlat)
	check("Flat", [3][2]float32{})
	c.ComputeTangents(geom.CurveTangentLinear)
	check("Linear", [3][2]float32{{0, 2}, {2, 1}, {1, 0}})
	c.ComputeTangents(geom.CurveTangentSmooth)
	check("Smooth", [3][2]float32{{0, 2}, {1, 2}, {1, 0}})
	// Between keys 1 and 2 at 2 (s = .5): 2(.5) + 2(.125) + 3(.5) + 1(-.125) = 2.625.
	wantCurve(t, "smooth tangents", c, 2, 2.625)
	c.ComputeTangentsInOut(geom.CurveTangentFlat, geom.CurveTangentLinear)
	check("Flat in, Linear out", [3][2]float32{{0, 2}, {0, 1}, {0, 0}})
	if err := c.ComputeTangent(3, geom.CurveTangentFlat); err == nil {
		t.Error("ComputeTangent(3) of 3 keys: no error")
	}
	if n := testing.AllocsPerRun(100, func() { _ = c.Evaluate(1.7) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}
