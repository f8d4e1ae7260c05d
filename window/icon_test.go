package window

import (
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"
)

// halves is a w x h image without pixels in memory: red on the left half,
// blue on the right.
type halves struct{ w, h int }

func (h halves) ColorModel() color.Model { return color.RGBAModel }
func (h halves) Bounds() image.Rectangle { return image.Rect(0, 0, h.w, h.h) }
func (h halves) At(x, y int) color.Color {
	if x < h.w/2 {
		return color.RGBA{R: 255, A: 255}
	}
	return color.RGBA{B: 255, A: 255}
}

// TestW6_BadIconsAreErrorsAndHugeOnesAreScaled: on a real window, a nil
// icon image (plain or a nil *image.RGBA), a 0x0 or 0x5 one, and more than
// MaxIcons images are errors wrapping ErrBadIcon naming them, never a
// panic or GLFW's abort; an 8192x8192 image (and an unbounded
// image.Uniform, and a 1x100000 strip) is scaled down to MaxIconSide and
// set, where it made X refuse the request and end the process; the window
// still answers a round trip to the server after each.
func TestW6_BadIconsAreErrorsAndHugeOnesAreScaled(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	small := image.NewRGBA(image.Rect(0, 0, 32, 32))
	var nilRGBA *image.RGBA
	cases := []struct {
		name   string
		images []image.Image
		bad    string // in the error; "" for none
	}{
		{"nil", []image.Image{nil}, "image 0 is nil"},
		{"nil *image.RGBA", []image.Image{nilRGBA}, "image 0 is nil"},
		{"0x0", []image.Image{image.NewRGBA(image.Rect(0, 0, 0, 0))}, "image 0 is 0x0"},
		{"0x5", []image.Image{image.NewNRGBA(image.Rect(0, 0, 0, 5))}, "image 0 is 0x5"},
		{"nil beside a good one", []image.Image{small, nil}, "image 1 is nil"},
		{"too many", make([]image.Image, MaxIcons+1), "at most 16"},
		{"8192x8192", []image.Image{halves{8192, 8192}}, ""},
		{"unbounded", []image.Image{&image.Uniform{C: color.White}}, ""},
		{"1x100000", []image.Image{halves{1, 100000}}, ""},
		{"32x32", []image.Image{small}, ""},
		{"none: the default icon", nil, ""},
	}
	for _, c := range cases {
		var err error
		var width int
		Do(func() {
			err = w.SetIcon(c.images)
			w.PollEvents(nil)
			width, _ = w.Size() // a round trip: an X error for the icon would have ended the process by now
		})
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("%s: %v, want no error", c.name, err)
		case c.bad != "" && (!errors.Is(err, ErrBadIcon) || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("%s: %v; want ErrBadIcon saying %q", c.name, err, c.bad)
		case width <= 0:
			t.Errorf("%s: the window's width is %d after the icon", c.name, width)
		}
	}
}

// TestW6_IconScalingKeepsTheAspectAndTheImage: an image past MaxIconSide
// is scaled to fit with its aspect kept and its picture (red left, blue
// right) intact; one within it is passed as it is.
func TestW6_IconScalingKeepsTheAspectAndTheImage(t *testing.T) {
	for _, c := range []struct {
		w, h         int
		wantW, wantH int
	}{{8192, 8192, 256, 256}, {1000, 500, 256, 128}, {300, 3000, 25, 256}, {100000, 1, 256, 1}, {256, 256, 256, 256}, {16, 48, 16, 48}} {
		got := scaleIcon(halves{c.w, c.h})
		b := got.Bounds()
		if b.Dx() != c.wantW || b.Dy() != c.wantH {
			t.Errorf("%dx%d scaled to %dx%d, want %dx%d", c.w, c.h, b.Dx(), b.Dy(), c.wantW, c.wantH)
			continue
		}
		if c.wantW < 4 {
			continue
		}
		left, right := color.NRGBAModel.Convert(got.At(b.Min.X, b.Min.Y+b.Dy()/2)).(color.NRGBA), color.NRGBAModel.Convert(got.At(b.Max.X-1, b.Min.Y+b.Dy()/2)).(color.NRGBA)
		if left.R < 200 || left.B > 50 || right.B < 200 || right.R > 50 || left.A != 255 {
			t.Errorf("%dx%d scaled: left %v, right %v; want red and blue", c.w, c.h, left, right)
		}
	}
}
