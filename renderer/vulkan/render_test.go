package vulkan

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"
)

// TestW5_RenderReadBackPixels draws frames with 1, 2 and 3 frames in flight,
// reads the last one back and checks the clear colour in a corner and the
// lit cube at the centre.
func TestW5_RenderReadBackPixels(t *testing.T) {
	for frames := 1; frames <= 3; frames++ {
		t.Run(fmt.Sprintf("inflight%d", frames), func(t *testing.T) {
			g := openGPU(t, 320, 240, Options{SwapInterval: 1, FramesInFlight: frames})
			if got := g.r.FramesInFlight(); got != frames {
				t.Fatalf("FramesInFlight() = %d, want %d", got, frames)
			}
			for i := range 5 {
				g.draw(t, float64(i)/60)
			}
			var img *image.RGBA
			onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
			checkCubePixels(t, img, 320, 240)
		})
	}
}

// checkCubePixels checks the size, the clear colour in a corner and the
// orange cube (red > green > blue, lit) at the centre.
func checkCubePixels(t *testing.T, img *image.RGBA, w, h int) {
	t.Helper()
	if got := img.Bounds().Size(); got != image.Pt(w, h) {
		t.Fatalf("read-back size %v, want %dx%d", got, w, h)
	}
	if corner, want := img.RGBAAt(2, 2), clear8(); !near(corner, want, 2) {
		t.Errorf("corner pixel %v, want the clear colour %v", corner, want)
	}
	centre := img.RGBAAt(w/2, h/2)
	if !(centre.R > 60 && centre.R > centre.G && centre.G > centre.B) {
		t.Errorf("centre pixel %v is not the orange cube", centre)
	}
}

// clear8 is clearColor as a color.RGBA.
func clear8() color.RGBA { return color.RGBA{clearColor.R, clearColor.G, clearColor.B, 255} }

// readAt draws the frame at time at and reads it back.
func (g *gpu) readAt(t *testing.T, at float64) *image.RGBA {
	t.Helper()
	g.draw(t, at)
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	return img
}

// differingPixels counts the pixels where a and b are not identical.
func differingPixels(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if string(a.Pix[i:i+4]) != string(b.Pix[i:i+4]) {
			n++
		}
	}
	return n
}

// near reports whether each channel of a and b differ by at most tol.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { v := int(x) - int(y); return v >= -tol && v <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// rgbaAt returns the pixel of any image as color.RGBA.
func rgbaAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y)).(color.RGBA)
}

// TestW7_WaitBoundReachesEveryWait: Options.WaitBound (and its default)
// is the timeout the fast path gives every fence wait and acquire.
func TestW7_WaitBoundReachesEveryWait(t *testing.T) {
	for _, c := range []struct{ set, want time.Duration }{{0, DefaultWaitBound}, {37 * time.Millisecond, 37 * time.Millisecond}} {
		g := openGPU(t, 64, 64, Options{WaitBound: c.set})
		if got := g.r.gpu.loop.timeout(); got != c.want {
			t.Errorf("WaitBound %v: the frame loop waits at most %v, want %v", c.set, got, c.want)
		}
		g.draw(t, 0)
		if g.r.Skipped() != 0 {
			t.Errorf("WaitBound %v: %d frames skipped on an idle device", c.set, g.r.Skipped())
		}
	}
}
