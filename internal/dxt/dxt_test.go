package dxt

import (
	"bytes"
	"testing"
)

// TestDecodeBlocksOfEachKind: one block of each kind decodes to its
// palette (DXT1's 4- and 3-colour modes, DXT3's explicit and DXT5's
// interpolated alpha), clipped to an image smaller than the block.
func TestDecodeBlocksOfEachKind(t *testing.T) {
	// Red (0xf800) and blue (0x001f), indices 0, 1, 2, 3 along the first row.
	color := []byte{0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0}
	dst := make([]byte, 4*4*1)
	Decode(DXT1, 4, 1, color, dst)
	want := []byte{255, 0, 0, 255, 0, 0, 255, 255, 170, 0, 85, 255, 85, 0, 170, 255}
	if !bytes.Equal(dst, want) {
		t.Errorf("DXT1 4-colour: % d, want % d", dst, want)
	}
	three := []byte{0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0} // c0 < c1: 3 colours and transparent black
	Decode(DXT1, 4, 1, three, dst)
	want = []byte{0, 0, 255, 255, 255, 0, 0, 255, 127, 0, 127, 255, 0, 0, 0, 0}
	if !bytes.Equal(dst, want) {
		t.Errorf("DXT1 3-colour: % d, want % d", dst, want)
	}
	dxt3 := append([]byte{0x10, 0xf0, 0, 0, 0, 0, 0, 0}, color...)
	Decode(DXT3, 4, 1, dxt3, dst)
	if a := []byte{dst[3], dst[7], dst[11], dst[15]}; !bytes.Equal(a, []byte{0, 17, 0, 255}) {
		t.Errorf("DXT3 alpha %d, want 0 17 0 255", a)
	}
	dxt5 := append([]byte{255, 0, 0x88, 0x06, 0, 0, 0, 0}, color...) // indices 0, 1, 2, 3
	Decode(DXT5, 4, 1, dxt5, dst)
	if a := []byte{dst[3], dst[7], dst[11], dst[15]}; !bytes.Equal(a, []byte{255, 0, 218, 182}) {
		t.Errorf("DXT5 alpha %d, want 255 0 218 182", a)
	}
	if Size(DXT1, 5, 5) != 32 || Size(DXT5, 4, 4) != 16 {
		t.Error("Size counts partial blocks whole")
	}
}
