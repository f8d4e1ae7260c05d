package graphics

import (
	"encoding/binary"
	"image"
	"image/draw"
)

// imagePixels returns img's pixels as RGBA bytes, premultiplied unless
// straight. The decoders' image types are converted a row at a time at
// memory speed, never through img.At per pixel (rule G3): each gives the
// bytes the colour model's RGBA() shifted to 8 bits would.
func imagePixels(img image.Image, straight bool) []byte {
	b := img.Bounds()
	out := make([]byte, 4*b.Dx()*b.Dy())
	imagePixelsInto(out, img, straight)
	return out
}

// ownPixels returns the pixels of img, an image the loader decoded and
// owns, converted in place to what imagePixels would return, or nil when
// its layout or type needs a copy. The decoders' 8-bit RGBA images (PNG's
// RGBA and RGB) then go to the record without a copy (rule G3): a GiB
// image costs a GiB, not two.
func ownPixels(img image.Image, straight bool) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	switch m := img.(type) {
	case *image.NRGBA:
		if b.Min != (image.Point{}) || m.Stride != 4*w || len(m.Pix) < 4*w*h {
			return nil
		}
		pix := m.Pix[: 4*w*h : 4*w*h]
		if !straight {
			premulRow(pix, pix)
		}
		return pix
	case *image.RGBA: // premultiplied already
		if straight || b.Min != (image.Point{}) || m.Stride != 4*w || len(m.Pix) < 4*w*h {
			return nil
		}
		return m.Pix[: 4*w*h : 4*w*h]
	}
	return nil
}

// imagePixelsInto writes img's pixels as RGBA bytes into out (4 bytes a
// pixel, row after row; every byte is written), premultiplied unless
// straight.
func imagePixelsInto(out []byte, img image.Image, straight bool) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return
	}
	switch m := img.(type) {
	case *image.NRGBA: // straight alpha: exact in both modes
		for y := range h {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:4*w]
			dst := out[4*w*y:][:4*w]
			if straight {
				copy(dst, row)
			} else {
				premulRow(dst, row)
			}
		}
	case *image.RGBA: // premultiplied already
		for y := range h {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:4*w]
			dst := out[4*w*y:][:4*w]
			copy(dst, row)
			if straight {
				for i := 0; i < len(dst); i += 4 {
					unpremul16(dst[i:i+4:i+4], uint32(row[i])*0x101, uint32(row[i+1])*0x101, uint32(row[i+2])*0x101, uint32(row[i+3])*0x101)
				}
			}
		}
	case *image.Gray: // opaque
		for y := range h {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:w]
			dst := out[4*w*y:][:4*w]
			for x, v := range row {
				dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = v, v, v, 0xff
			}
		}
	case *image.Paletted: // one conversion per palette entry
		var lut [256][4]byte
		for i, c := range m.Palette {
			if i == len(lut) {
				break
			}
			r, g, bl, a := c.RGBA()
			unpremulInto(lut[i][:], r, g, bl, a, straight)
		}
		for y := range h {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:w]
			dst := out[4*w*y:][:4*w]
			for x, v := range row {
				copy(dst[4*x:4*x+4], lut[v][:])
			}
		}
	case *image.YCbCr, *image.CMYK, *image.Gray16: // opaque: image/draw's conversions
		dst := &image.RGBA{Pix: out, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
		draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	case image.RGBA64Image: // NRGBA64, RGBA64 and the rest: no colour boxing
		for y := range h {
			dst := out[4*w*y:][:4*w]
			for x := range w {
				c := m.RGBA64At(b.Min.X+x, b.Min.Y+y)
				unpremulInto(dst[4*x:4*x+4], uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A), straight)
			}
		}
	default:
		for y := range h {
			dst := out[4*w*y:][:4*w]
			for x := range w {
				r, g, bl, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				unpremulInto(dst[4*x:4*x+4], r, g, bl, a, straight)
			}
		}
	}
}

// premulRow writes the straight RGBA pixels src premultiplied into dst
// (as long as src): opaque and transparent pixels, most of a typical
// image, without arithmetic.
func premulRow(dst, src []byte) {
	dst = dst[:len(src)]
	for i := 0; i+4 <= len(src); i += 4 {
		p, d := src[i:i+4:i+4], dst[i:i+4:i+4]
		switch a := p[3]; a {
		case 0xff:
			binary.LittleEndian.PutUint32(d, binary.LittleEndian.Uint32(p))
		case 0:
			binary.LittleEndian.PutUint32(d, 0)
		default:
			d[0], d[1], d[2], d[3] = premul(p[0], a), premul(p[1], a), premul(p[2], a), a
		}
	}
}

// unpremulInto writes a 16-bit premultiplied colour as 8-bit RGBA into
// dst: as it is, or with alpha divided out when straight.
func unpremulInto(dst []byte, r, g, b, a uint32, straight bool) {
	if straight {
		unpremul16(dst, r, g, b, a)
		return
	}
	dst[0], dst[1], dst[2], dst[3] = byte(r>>8), byte(g>>8), byte(b>>8), byte(a>>8)
}

// unpremul16 writes a 16-bit premultiplied colour as 8-bit straight RGBA.
func unpremul16(dst []byte, r, g, b, a uint32) {
	if a != 0 && a != 0xffff {
		r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
	}
	dst[0], dst[1], dst[2], dst[3] = byte(r>>8), byte(g>>8), byte(b>>8), byte(a>>8)
}
