package graphics

import (
	"math"
	"math/rand"
	"testing"
)

// TestG5_RotationSineAndCosineAreTheMathPackages pins that a rotated
// sprite's corners do not move with sincos32: it returns
// float32(math.Sincos(r)) exactly, over a dense sweep of the rotations
// games use, random float32s, and the special values.
func TestG5_RotationSineAndCosineAreTheMathPackages(t *testing.T) {
	bad := 0
	check := func(r float32) {
		s, c := sincos32(r)
		ws, wc := math.Sincos(float64(r))
		if r == 0 {
			ws = 0 // -0 is no rotation, as 0
		}
		if math.Float32bits(s) != math.Float32bits(float32(ws)) || c != float32(wc) {
			if s != s && ws != ws && c != c && wc != wc {
				return // NaN for NaN
			}
			if bad++; bad <= 5 {
				t.Errorf("sincos32(%v) = %v, %v; want %v, %v", r, s, c, float32(ws), float32(wc))
			}
		}
	}
	for i := -1_000_000; i <= 1_000_000; i++ {
		check(float32(i) * 1e-4) // ±100 radians in steps of 0.0001
		check(float32(i) * 0.01) // ±10,000 radians
	}
	for k := -64; k <= 64; k++ { // multiples of π/4 and their float32 neighbours
		r := float32(float64(k) * math.Pi / 4)
		check(r)
		check(math.Nextafter32(r, float32(math.Inf(1))))
		check(math.Nextafter32(r, float32(math.Inf(-1))))
	}
	rng := rand.New(rand.NewSource(1))
	for range 1_000_000 {
		check(math.Float32frombits(rng.Uint32()))
	}
	for _, r := range []float32{0, float32(math.Copysign(0, -1)), 1 << 20, -(1 << 20), 1<<20 - 0.0625, 3e38,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), math.SmallestNonzeroFloat32} {
		check(r)
	}
	if bad > 0 {
		t.Errorf("%d rotations differ from float32(math.Sincos)", bad)
	}
}
