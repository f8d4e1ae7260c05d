package graphics_test

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"runtime"
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

// paddedJPEG returns a w x h JPEG with pad bytes of APP1 segments between
// its start marker and its frame header; claimW, claimH > 0 rewrite the
// frame header's size (a decompression bomb: the scan is for w x h).
func paddedJPEG(t *testing.T, w, h, pad, claimW, claimH int) []byte {
	t.Helper()
	var b bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	must(t, jpeg.Encode(&b, img, nil))
	src := b.Bytes()
	out := append([]byte{}, src[:2]...) // SOI
	for pad > 0 {
		n := min(pad, 65000)
		out = append(out, 0xff, 0xe1, byte((n+2)>>8), byte(n+2))
		out = append(out, make([]byte, n)...)
		pad -= n
	}
	out = append(out, src[2:]...)
	if claimW > 0 {
		i := bytes.Index(out, []byte{0xff, 0xc0})
		if i < 0 {
			t.Fatal("no SOF0 marker")
		}
		out[i+5], out[i+6], out[i+7], out[i+8] = byte(claimH>>8), byte(claimH), byte(claimW>>8), byte(claimW)
	}
	return out
}

// TestG3_HeaderIsReadWhereverItLies: a JPEG whose frame header follows
// 128 KiB of APP segments is still refused from that header when it claims
// 65500x65500 (the heap barely grows: nothing is decoded), and such a
// padded JPEG of a legal size loads with the right pixels; the pixel
// budget refuses an image within the device limit from its header, and
// PixelBudget sets it.
func TestG3_HeaderIsReadWhereverItLies(t *testing.T) {
	r := newRig(t)
	bomb := paddedJPEG(t, 16, 16, 128<<10, 65500, 65500)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := graphics.LoadTexture(r.dev, bytes.NewReader(bomb))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, graphics.ErrTooLarge) || !strings.Contains(err.Error(), "65500x65500") {
		t.Errorf("padded 65500x65500 JPEG: %v, want ErrTooLarge naming its size", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Errorf("refusing the padded JPEG allocated %d MiB, want under 8 (nothing decoded)", grew>>20)
	}

	ok := paddedJPEG(t, 16, 16, 128<<10, 0, 0)
	want, err := jpeg.Decode(bytes.NewReader(ok))
	must(t, err)
	tex, err := graphics.LoadTexture(r.dev, bytes.NewReader(ok))
	must(t, err)
	got := make([]byte, 4*16*16)
	must(t, tex.GetData(got))
	ref := toRGBA(want).Pix
	for i := range got {
		if absDiff(got[i], ref[i]) > 1 {
			t.Fatalf("padded 16x16 JPEG: byte %d is %d, want %d", i, got[i], ref[i])
		}
	}

	var big bytes.Buffer
	must(t, png.Encode(&big, image.NewGray(image.Rect(0, 0, 300, 300))))
	if _, err := graphics.LoadTexture(r.dev, bytes.NewReader(big.Bytes()), graphics.PixelBudget(256*256)); !errors.Is(err, graphics.ErrTooLarge) ||
		!strings.Contains(err.Error(), "pixel budget") {
		t.Errorf("300x300 over a 256x256 budget: %v, want ErrTooLarge naming the budget", err)
	}
	if _, err := graphics.LoadTexture(r.dev, bytes.NewReader(big.Bytes()), graphics.PixelBudget(300*300)); err != nil {
		t.Errorf("300x300 at its budget: %v", err)
	}
	if graphics.DefaultPixelBudget != 64<<20 {
		t.Errorf("DefaultPixelBudget %d, want 64 Mi pixels", graphics.DefaultPixelBudget)
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
