package half

import (
	"math"
	"testing"
)

// TestHalfRoundTripsEveryHalf: each of the 65536 halves converts to a
// float32 and back to itself (NaNs to a NaN), and known values land
// where IEEE 754 puts them.
func TestHalfRoundTripsEveryHalf(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		f := ToFloat32(h)
		if f != f {
			if g := FromFloat32(f); g&0x7c00 != 0x7c00 || g&0x3ff == 0 {
				t.Fatalf("NaN %#04x came back as %#04x", h, g)
			}
			continue
		}
		if g := FromFloat32(f); g != h {
			t.Fatalf("%#04x -> %v -> %#04x", h, f, g)
		}
	}
	for _, c := range []struct {
		f float32
		h uint16
	}{{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {65520, 0x7c00}, {1e9, 0x7c00}, {float32(math.Inf(-1)), 0xfc00},
		{0.5, 0x3800}, {2.5, 0x4100}, {1.0 / (1 << 24), 0x0001}, {1.0 / (1 << 26), 0}, {1 + 1.0/2048, 0x3c00}, {1 + 3.0/2048, 0x3c02}} {
		if got := FromFloat32(c.f); got != c.h {
			t.Errorf("FromFloat32(%v) = %#04x, want %#04x", c.f, got, c.h)
		}
	}
}
