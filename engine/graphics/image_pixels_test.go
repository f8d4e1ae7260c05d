package graphics

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"testing"
)

// atPixels is the per-pixel reference imagePixels must match: each
// colour's RGBA() shifted to 8 bits, alpha divided out when straight.
func atPixels(img image.Image, straight bool) []byte {
	b := img.Bounds()
	var out []byte
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			var px [4]byte
			unpremulInto(px[:], r, g, bl, a, straight)
			out = append(out, px[:]...)
		}
	}
	return out
}

// nrgbaPixels is the reference for NRGBA, whose colours are kept exact:
// as they are when straight, else each channel premultiplied with premul
// (rounded, where RGBA() truncates).
func nrgbaPixels(img *image.NRGBA, straight bool) []byte {
	b := img.Bounds()
	var out []byte
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			if !straight {
				c.R, c.G, c.B = premul(c.R, c.A), premul(c.G, c.A), premul(c.B, c.A)
			}
			out = append(out, c.R, c.G, c.B, c.A)
		}
	}
	return out
}

// testImages returns one image of each type the decoders make, 37x23 with
// varied colours and alpha, as sub-images with an offset origin.
func testImages() map[string]image.Image {
	r := image.Rect(0, 0, 40, 30)
	nrgba, rgba, gray := image.NewNRGBA(r), image.NewRGBA(r), image.NewGray(r)
	pal := image.NewPaletted(r, palette.Plan9)
	ycc := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
	n64, g16, cmyk := image.NewNRGBA64(r), image.NewGray16(r), image.NewCMYK(r)
	for y := range 30 {
		for x := range 40 {
			v := uint8(x*7 + y*13)
			a := uint8(x * 6)
			if y%3 == 0 {
				a = 0xff // opaque rows and transparent columns take the fast paths
			}
			nrgba.SetNRGBA(x, y, color.NRGBA{v, v * 3, 255 - v, a})
			rgba.SetRGBA(x, y, color.RGBA{min(v, a), min(v/2, a), 0, a})
			gray.SetGray(x, y, color.Gray{v})
			pal.SetColorIndex(x, y, v)
			n64.SetNRGBA64(x, y, color.NRGBA64{uint16(v) * 250, 9000, 300, uint16(a) * 257})
			g16.SetGray16(x, y, color.Gray16{uint16(v) * 251})
			cmyk.SetCMYK(x, y, color.CMYK{v, 255 - v, v / 2, 20})
			ycc.Y[ycc.YOffset(x, y)] = v
			ycc.Cb[ycc.COffset(x, y)] = uint8(x * 5)
			ycc.Cr[ycc.COffset(x, y)] = uint8(255 - y*5)
		}
	}
	sub := image.Rect(2, 3, 39, 26)
	out := map[string]image.Image{}
	for name, img := range map[string]interface {
		image.Image
		SubImage(image.Rectangle) image.Image
	}{"NRGBA": nrgba, "RGBA": rgba, "Gray": gray, "Paletted": pal, "YCbCr": ycc, "NRGBA64": n64, "Gray16": g16, "CMYK": cmyk} {
		out[name] = img.SubImage(sub)
	}
	return out
}

// TestG3_ImageConversionMatchesTheColourModel: every decoder image type
// converts to the bytes its colour model gives per pixel (YCbCr within 1,
// image/draw rounding the conversion differently), premultiplied and
// straight; NRGBA keeps its own exact path.
func TestG3_ImageConversionMatchesTheColourModel(t *testing.T) {
	for name, img := range testImages() {
		for _, straight := range []bool{false, true} {
			got, want := imagePixels(img, straight), atPixels(img, straight)
			if name == "NRGBA" {
				want = nrgbaPixels(img.(*image.NRGBA), straight)
			}
			tol := 0
			if name == "YCbCr" || name == "CMYK" {
				tol = 1
			}
			if len(got) != len(want) {
				t.Fatalf("%s: %d bytes, want %d", name, len(got), len(want))
			}
			for i := range got {
				if d := int(got[i]) - int(want[i]); d > tol || d < -tol {
					t.Errorf("%s straight=%v: byte %d (pixel %d) = %d, want %d", name, straight, i, i/4, got[i], want[i])
					break
				}
			}
		}
	}
}

// TestG3_ImageConversionDoesNotAllocatePerPixel: converting a 256x256
// image of each decoder type allocates its output and nothing per pixel
// (img.At boxes every colour: 65536 allocations).
func TestG3_ImageConversionDoesNotAllocatePerPixel(t *testing.T) {
	r := image.Rect(0, 0, 256, 256)
	for name, img := range map[string]image.Image{
		"NRGBA": image.NewNRGBA(r), "RGBA": image.NewRGBA(r), "Gray": image.NewGray(r),
		"Paletted": image.NewPaletted(r, palette.WebSafe), "YCbCr": image.NewYCbCr(r, image.YCbCrSubsampleRatio420),
		"NRGBA64": image.NewNRGBA64(r),
	} {
		for _, straight := range []bool{false, true} {
			if n := testing.AllocsPerRun(3, func() { imagePixels(img, straight) }); n > 4 {
				t.Errorf("%s straight=%v: %.0f allocations, want at most 4", name, straight, n)
			}
		}
	}
}

// TestG3_ImageConversionWritesEveryByte: the converter writes the pixels
// straight into the record's upload bytes, which are not cleared first:
// every output byte is written, for every image type.
func TestG3_ImageConversionWritesEveryByte(t *testing.T) {
	for name, img := range testImages() {
		for _, straight := range []bool{false, true} {
			want := imagePixels(img, straight)
			got := make([]byte, len(want))
			for i := range got {
				got[i] = 0xa5
			}
			imagePixelsInto(got, img, straight)
			if !bytes.Equal(got, want) {
				t.Errorf("%s straight=%v: output into used memory differs from output into cleared memory", name, straight)
			}
		}
	}
}

// TestG3_LoadedRGBAImagesAreHandedOverInPlace: the loader's own NRGBA and
// RGBA images convert in place to exactly what imagePixels gives (and
// their memory is the result: no copy); sub-images with an offset origin
// or a wider stride, and straight-alpha RGBA, are left to the copy.
func TestG3_LoadedRGBAImagesAreHandedOverInPlace(t *testing.T) {
	imgs := testImages()
	for _, name := range []string{"NRGBA", "RGBA"} {
		for _, straight := range []bool{false, true} {
			sub := imgs[name]
			if ownPixels(sub, straight) != nil {
				t.Errorf("%s straight=%v: a sub-image with an offset origin was handed over", name, straight)
			}
			// A copy with its origin at 0, 0 and a tight stride.
			var own image.Image
			var pix []byte
			switch m := sub.(type) {
			case *image.NRGBA:
				c := image.NewNRGBA(image.Rect(0, 0, m.Rect.Dx(), m.Rect.Dy()))
				draw.Draw(c, c.Rect, m, m.Rect.Min, draw.Src)
				own, pix = c, c.Pix
			case *image.RGBA:
				c := image.NewRGBA(image.Rect(0, 0, m.Rect.Dx(), m.Rect.Dy()))
				draw.Draw(c, c.Rect, m, m.Rect.Min, draw.Src)
				own, pix = c, c.Pix
			}
			want := imagePixels(own, straight)
			got := ownPixels(own, straight)
			if name == "RGBA" && straight {
				if got != nil {
					t.Errorf("RGBA straight: handed over; it needs alpha divided out into a copy")
				}
				continue
			}
			if got == nil {
				t.Fatalf("%s straight=%v: not handed over", name, straight)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s straight=%v: in-place conversion differs from imagePixels", name, straight)
			}
			if &got[0] != &pix[0] {
				t.Errorf("%s straight=%v: the result is a copy, not the image's memory", name, straight)
			}
		}
	}
}
