package graphics_test

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG3_OversizedImageIsRefusedBeforeDecoding pins the oversized-image
// error: an image above the device limit is refused from its header (a
// PNG whose pixel data is cut off still reads as too large, not as
// corrupt), undecodable data is a decode error, and an image at the limit
// loads.
func TestG3_OversizedImageIsRefusedBeforeDecoding(t *testing.T) {
	r := newSpriteRig(t)
	var wide bytes.Buffer
	must(t, png.Encode(&wide, image.NewNRGBA(image.Rect(0, 0, 5000, 1))))
	cut := wide.Bytes()[:40] // signature and IHDR, no pixel data
	var tall bytes.Buffer
	must(t, jpeg.Encode(&tall, image.NewRGBA(image.Rect(0, 0, 1, 4097)), nil))
	for name, data := range map[string][]byte{"PNG": wide.Bytes(), "cut-off PNG": cut, "JPEG": tall.Bytes()} {
		_, err := graphics.LoadTexture(r.dev, bytes.NewReader(data))
		if !errors.Is(err, graphics.ErrTooLarge) || !strings.Contains(err.Error(), "above the device limit") {
			t.Errorf("%s: %v, want ErrTooLarge", name, err)
		}
	}
	var ok bytes.Buffer
	must(t, png.Encode(&ok, image.NewNRGBA(image.Rect(0, 0, 4096, 1))))
	if tex, err := graphics.LoadTexture(r.dev, &ok); err != nil || tex.Width() != 4096 {
		t.Errorf("image at the limit: %v", err)
	}
	if _, err := graphics.LoadTexture(r.dev, strings.NewReader("\x89PNG\r\n\x1a\nbroken")); err == nil || errors.Is(err, graphics.ErrTooLarge) ||
		!strings.Contains(err.Error(), "PNG or JPEG") {
		t.Errorf("broken PNG: %v, want a decode error", err)
	}
}
