package graphics_test

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// BigImageEnv, set to 1, runs the tests that load a 16384x16384 image
// (a GiB of pixels: several GiB of memory and seconds).
const bigImageEnv = "METRONOME_BIG_IMAGE"

// gigapixel is the side of the all-zero PNG the big-image tests load:
// 16384x16384 pixels, a GiB of RGBA, in about a MB of file.
const gigapixel = 16384

// TestG3_ZeroPNGIsAValidImage: the generated all-zero PNG decodes, with
// its size and zero pixels, at a small size (the big tests use it at
// 16384x16384).
func TestG3_ZeroPNGIsAValidImage(t *testing.T) {
	for _, s := range [][2]int{{1, 1}, {37, 5}, {300, 2000}} {
		img, err := png.Decode(bytes.NewReader(graphicstest.ZeroPNG(s[0], s[1])))
		if err != nil {
			t.Fatalf("%dx%d: %v", s[0], s[1], err)
		}
		if b := img.Bounds(); b.Dx() != s[0] || b.Dy() != s[1] {
			t.Fatalf("%dx%d: decoded %v", s[0], s[1], b)
		}
		if _, _, _, a := img.At(s[0]-1, s[1]-1).RGBA(); a != 0 {
			t.Errorf("%dx%d: alpha %d, want 0", s[0], s[1], a)
		}
	}
}

// loadGigapixel loads the all-zero gigapixel PNG with opts on the fake
// backend of a device that allows 16384x16384 textures, and returns what
// LoadTexture returned, how long it took and the bytes it allocated.
func loadGigapixel(t *testing.T, opts ...graphics.LoadOption) (tex *graphics.Texture2D, size int, took time.Duration, allocated uint64, err error) {
	t.Helper()
	fb := graphicstest.New()
	fb.Limit.MaxTextureSize = gigapixel
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	data := graphicstest.ZeroPNG(gigapixel, gigapixel)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	tex, err = graphics.LoadTexture(dev, bytes.NewReader(data), opts...)
	took = time.Since(start)
	runtime.ReadMemStats(&after)
	return tex, len(data), took, after.TotalAlloc - before.TotalAlloc, err
}

// TestG3_GigapixelPNGIsRefusedByTheDefaultBudget: a 16384x16384 PNG (a
// GiB of pixels in a MB of file) on a device that allows 16384x16384
// textures is refused by the default pixel budget from its header: an
// ErrTooLarge error naming PixelBudget, with under 16 MiB allocated.
func TestG3_GigapixelPNGIsRefusedByTheDefaultBudget(t *testing.T) {
	_, size, took, n, err := loadGigapixel(t)
	if !errors.Is(err, graphics.ErrTooLarge) || !strings.Contains(err.Error(), "PixelBudget") {
		t.Fatalf("LoadTexture = %v, want ErrTooLarge naming PixelBudget", err)
	}
	if n > 16<<20 {
		t.Errorf("the refusal allocated %d bytes, want under 16 MiB: it decoded pixels", n)
	}
	t.Logf("%d-byte file refused in %v, %d KiB allocated: %v", size, took, n>>10, err)
}

// TestG3_GigapixelPNGLoadsAtMemorySpeed: with the budget raised, the
// 16384x16384 PNG loads: decoded once, premultiplied in place and handed
// to the record without a copy (the real-time figures are reported, not
// asserted: they depend on the machine). Set METRONOME_BIG_IMAGE=1; it
// needs about 2 GiB.
func TestG3_GigapixelPNGLoadsAtMemorySpeed(t *testing.T) {
	if os.Getenv(bigImageEnv) != "1" {
		t.Skip("set " + bigImageEnv + "=1 to load a 16384x16384 image (2 GiB, seconds)")
	}
	tex, size, took, n, err := loadGigapixel(t, graphics.PixelBudget(gigapixel*gigapixel))
	must(t, err)
	if tex.Width() != gigapixel || tex.Height() != gigapixel {
		t.Fatalf("loaded %dx%d", tex.Width(), tex.Height())
	}
	// The decoded image, handed to the record as it is, and the fake's
	// copy of the texture: 2 GiB; nothing is converted or copied twice.
	if n > 2<<30+64<<20 {
		t.Errorf("the load allocated %d MiB, want at most 2 GiB + 64 MiB: the pixels were copied", n>>20)
	}
	t.Logf("%d-byte 16384x16384 PNG loaded in %v, %d MiB allocated", size, took, n>>20)
}

// TestG3_LargeJPEGLoadsAtMemorySpeed: a 4096x4096 JPEG of varied colours
// loads through image/draw's YCbCr conversion, never a colour per pixel
// (the time is reported, not asserted). Set METRONOME_BIG_IMAGE=1.
func TestG3_LargeJPEGLoadsAtMemorySpeed(t *testing.T) {
	if os.Getenv(bigImageEnv) != "1" {
		t.Skip("set " + bigImageEnv + "=1 to load a 4096x4096 JPEG (seconds)")
	}
	const side = 4096
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = byte(i*7 + i>>14)
	}
	var b bytes.Buffer
	must(t, jpeg.Encode(&b, img, nil))
	dev, err := graphics.NewDevice(graphicstest.New())
	must(t, err)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	tex, err := graphics.LoadTexture(dev, bytes.NewReader(b.Bytes()))
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	must(t, err)
	if tex.Width() != side {
		t.Fatalf("loaded %dx%d", tex.Width(), tex.Height())
	}
	if n := after.Mallocs - before.Mallocs; n > 10000 {
		t.Errorf("the load made %d allocations, want at most 10000: a colour per pixel", n)
	}
	t.Logf("%d-byte 4096x4096 JPEG loaded in %v, %d MiB and %d allocations", b.Len(), took, (after.TotalAlloc-before.TotalAlloc)>>20, after.Mallocs-before.Mallocs)
}
