package window

import (
	"errors"
	"fmt"
	"image"
	"reflect"

	"golang.org/x/image/draw"
)

// MaxIconSide is the largest side of an icon image SetIcon hands to the
// window system: larger images are scaled down to fit (the aspect kept).
// X sends the icon in one request, and a request past the server's limit
// (16 MiB with BIG-REQUESTS: an 8192x8192 icon is 256 MiB) made X end the
// process at once, with no teardown.
const MaxIconSide = 256

// MaxIcons is how many candidate images SetIcon passes on; more are an
// error. 16 images of MaxIconSide squared stay under 4 MiB, a quarter of
// X's request limit.
const MaxIcons = 16

// ErrBadIcon is wrapped by SetIcon's errors: an image that is nil or has
// no pixels, or too many images.
var ErrBadIcon = errors.New("window: bad icon")

// iconImages checks the candidate icon images and scales down those
// larger than MaxIconSide. Nil and empty images are left out, each named
// in the error (wrapping ErrBadIcon); the others are returned.
func iconImages(images []image.Image) ([]image.Image, error) {
	if len(images) > MaxIcons {
		return nil, fmt.Errorf("%w: %d images, at most %d: give a few sizes (16x16, 32x32, 48x48 are common)", ErrBadIcon, len(images), MaxIcons)
	}
	var errs []error
	out := make([]image.Image, 0, len(images))
	for i, img := range images {
		if isNil(img) {
			errs = append(errs, fmt.Errorf("%w: image %d is nil", ErrBadIcon, i))
			continue
		}
		b := img.Bounds()
		if b.Empty() {
			errs = append(errs, fmt.Errorf("%w: image %d is %dx%d: an icon needs pixels", ErrBadIcon, i, max(b.Dx(), 0), max(b.Dy(), 0)))
			continue
		}
		out = append(out, scaleIcon(img))
	}
	return out, errors.Join(errs...)
}

// isNil reports whether img is nil or a nil pointer in an interface
// (whose Bounds would panic).
func isNil(img image.Image) bool {
	if img == nil {
		return true
	}
	v := reflect.ValueOf(img)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return v.IsNil()
	}
	return false
}

// scaleIcon returns img as it is when both sides are at most MaxIconSide,
// else scaled down to fit with its aspect kept (Catmull-Rom; a very large
// image is first brought to 4 times the size by bilinear sampling, so the
// cost follows the icon's size, not the image's).
func scaleIcon(img image.Image) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= MaxIconSide && h <= MaxIconSide {
		return img
	}
	fit := func(side int) image.Rectangle {
		if w >= h {
			return image.Rect(0, 0, side, max(1, int(int64(h)*int64(side)/int64(w))))
		}
		return image.Rect(0, 0, max(1, int(int64(w)*int64(side)/int64(h))), side)
	}
	src, sb := img, b
	if w > 8*MaxIconSide || h > 8*MaxIconSide {
		mid := image.NewRGBA(fit(4 * MaxIconSide))
		draw.ApproxBiLinear.Scale(mid, mid.Bounds(), img, b, draw.Src, nil)
		src, sb = mid, mid.Bounds()
	}
	dst := image.NewRGBA(fit(MaxIconSide))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, sb, draw.Src, nil)
	return dst
}
