package graphics_test

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"testing"
)

// texelImage returns a 2x1 straight-alpha image: orange at half alpha, then
// opaque white.
func texelImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	img.SetNRGBA(0, 0, color.NRGBA{255, 128, 0, 128})
	img.SetNRGBA(1, 0, color.NRGBA{255, 255, 255, 255})
	return img
}

func toRGBA(src image.Image) *image.RGBA {
	dst := image.NewRGBA(src.Bounds())
	draw.Draw(dst, dst.Bounds(), src, image.Point{}, draw.Src)
	return dst
}

func pngOf(t *testing.T, img image.Image) io.Reader {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return &b
}
