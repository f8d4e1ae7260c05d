package graphics

import (
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
)

// ErrUnsupportedFormat is returned when a texture or render target is
// asked for in a SurfaceFormat the engine cannot create yet.
var ErrUnsupportedFormat = errors.New("graphics: surface format not supported yet")

// The surface formats beyond Color, numbered as XNA 4.0 numbers them,
// each its own declaration so that go doc lists them all.

// SurfaceFormatBgr565 is 16-bit: R 5 bits high, G 6, B 5 low.
const SurfaceFormatBgr565 SurfaceFormat = 1

// SurfaceFormatBgra5551 is 16-bit: A 1 bit high, R 5, G 5, B 5 low.
const SurfaceFormatBgra5551 SurfaceFormat = 2

// SurfaceFormatBgra4444 is 16-bit: A 4 bits high, R 4, G 4, B 4 low.
const SurfaceFormatBgra4444 SurfaceFormat = 3

// SurfaceFormatDxt1 is BC1: 8 bytes per 4x4 block, 1-bit alpha.
const SurfaceFormatDxt1 SurfaceFormat = 4

// SurfaceFormatDxt3 is BC2: 16 bytes per 4x4 block, 4-bit alpha.
const SurfaceFormatDxt3 SurfaceFormat = 5

// SurfaceFormatDxt5 is BC3: 16 bytes per 4x4 block, interpolated alpha.
const SurfaceFormatDxt5 SurfaceFormat = 6

// SurfaceFormatNormalizedByte2 is 2 x int8, signed normalized.
const SurfaceFormatNormalizedByte2 SurfaceFormat = 7

// SurfaceFormatNormalizedByte4 is 4 x int8, signed normalized.
const SurfaceFormatNormalizedByte4 SurfaceFormat = 8

// SurfaceFormatRgba1010102 is 32-bit: R 10 bits low, G 10, B 10, A 2 high.
const SurfaceFormatRgba1010102 SurfaceFormat = 9

// SurfaceFormatRg32 is 2 x uint16, normalized.
const SurfaceFormatRg32 SurfaceFormat = 10

// SurfaceFormatRgba64 is 4 x uint16, normalized.
const SurfaceFormatRgba64 SurfaceFormat = 11

// SurfaceFormatAlpha8 is 8-bit alpha only; samples as (0, 0, 0, A).
const SurfaceFormatAlpha8 SurfaceFormat = 12

// SurfaceFormatSingle is 1 x float32; samples as (R, 1, 1, 1).
const SurfaceFormatSingle SurfaceFormat = 13

// SurfaceFormatVector2 is 2 x float32; samples as (R, G, 1, 1).
const SurfaceFormatVector2 SurfaceFormat = 14

// SurfaceFormatVector4 is 4 x float32.
const SurfaceFormatVector4 SurfaceFormat = 15

// SurfaceFormatHalfSingle is 1 x float16; samples as (R, 1, 1, 1).
const SurfaceFormatHalfSingle SurfaceFormat = 16

// SurfaceFormatHalfVector2 is 2 x float16; samples as (R, G, 1, 1).
const SurfaceFormatHalfVector2 SurfaceFormat = 17

// SurfaceFormatHalfVector4 is 4 x float16.
const SurfaceFormatHalfVector4 SurfaceFormat = 18

// SurfaceFormatHdrBlendable is a blendable HDR format: 4 x float16 here, as FNA's.
const SurfaceFormatHdrBlendable SurfaceFormat = 19

var surfaceFormatNames = [...]string{"Color", "Bgr565", "Bgra5551", "Bgra4444", "Dxt1", "Dxt3", "Dxt5",
	"NormalizedByte2", "NormalizedByte4", "Rgba1010102", "Rg32", "Rgba64", "Alpha8", "Single", "Vector2",
	"Vector4", "HalfSingle", "HalfVector2", "HalfVector4", "HdrBlendable"}

// String names the format as XNA does.
func (f SurfaceFormat) String() string {
	if int(f) < len(surfaceFormatNames) {
		return surfaceFormatNames[f]
	}
	return fmt.Sprintf("SurfaceFormat(%d)", uint8(f))
}

// formatSizes holds each format's bytes per texel, or for a DXT format
// (IsCompressed) per 4x4 block.
var formatSizes = [...]int{4, 2, 2, 2, 8, 16, 16, 2, 4, 4, 4, 8, 1, 4, 8, 16, 2, 4, 8, 8}

// IsCompressed reports whether f is a block-compressed format (Dxt1, Dxt3,
// Dxt5): its data is 4x4 texel blocks.
func (f SurfaceFormat) IsCompressed() bool {
	return f == SurfaceFormatDxt1 || f == SurfaceFormatDxt3 || f == SurfaceFormatDxt5
}

// DataSize returns the bytes of a width x height region in format f, as
// SetData and GetData take them: rows of texels packed, or for a DXT
// format rows of 4x4 blocks, a partial block counting whole. It is 0 for
// an unknown format or an empty region.
func (f SurfaceFormat) DataSize(width, height int) int {
	if int(f) >= len(formatSizes) || width < 1 || height < 1 {
		return 0
	}
	if f.IsCompressed() {
		return formatSizes[f] * ((width + 3) / 4) * ((height + 3) / 4)
	}
	return formatSizes[f] * width * height
}

// IsRenderTargetFormat reports whether a render target can have format
// f: Color, HalfVector4, Vector4 or HdrBlendable.
func (f SurfaceFormat) IsRenderTargetFormat() bool {
	switch f {
	case SurfaceFormatColor, SurfaceFormatHalfVector4, SurfaceFormatVector4, SurfaceFormatHdrBlendable:
		return true
	}
	return false
}

// checkCreatable returns an error unless a texture (or, with target, a
// render target) of format f can be created.
func (f SurfaceFormat) checkCreatable(op string, target bool) error {
	switch {
	case int(f) >= len(surfaceFormatNames):
		return fmt.Errorf("graphics: %s: unknown SurfaceFormat %d: %w", op, uint8(f), ErrInvalid)
	case target && !f.IsRenderTargetFormat():
		return fmt.Errorf("graphics: %s: format %s: a render target can be Color, HalfVector4, Vector4 or HdrBlendable: %w",
			op, f, ErrUnsupportedFormat)
	}
	return nil
}

// NewTexture2DWithFormat creates a width x height texture of format, with
// a full chain of mipmap levels when mipMap is set (XNA's Texture2D
// constructor with mipMap and format). Its data is in the format's
// layout (SurfaceFormat.DataSize bytes for a region). A DXT texture keeps
// a copy of its blocks in memory, which GetData returns (as XNA's does),
// and starts as zero blocks; a format the device cannot sample is an
// error from the backend.
func NewTexture2DWithFormat(dev *Device, width, height int, mipMap bool, format SurfaceFormat) (*Texture2D, error) {
	if err := format.checkCreatable("new texture", false); err != nil {
		return nil, err
	}
	t, err := dev.newTexture("new texture", TextureDesc{Width: width, Height: height, Format: format,
		MipLevels: mipLevelsFor(mipMap, width, height)})
	if err != nil || !format.IsCompressed() {
		return t, err
	}
	t.blocks = make([][]byte, t.levels)
	for l := range t.levels {
		w, h := t.LevelSize(l)
		t.blocks[l] = make([]byte, format.DataSize(w, h))
		t.uploadOwned(Upload{Texture: t.id, Region: Rectangle{0, 0, w, h}, Level: l}, make([]byte, len(t.blocks[l])))
	}
	return t, nil
}

// checkData validates a region r of a level of t's size (w x h) against
// its byte count n in t's format; a DXT region must start on a block and
// cover whole blocks or reach the level's edge.
func (t *Texture2D) checkData(op string, r Rectangle, w, h, n int) error {
	if t.format.IsCompressed() && (r.X%4 != 0 || r.Y%4 != 0 || (r.Width%4 != 0 && r.X+r.Width != w) || (r.Height%4 != 0 && r.Y+r.Height != h)) {
		return fmt.Errorf("graphics: %s: region %+v of a %s texture: it must start at multiples of 4 and cover whole 4x4 blocks (or reach the edge): %w",
			op, r, t.format, ErrInvalid)
	}
	if want := t.format.DataSize(r.Width, r.Height); n != want {
		return fmt.Errorf("graphics: %s: %d bytes for a %dx%d region, want %d (%s): %w", op, n, r.Width, r.Height, want, t.format, ErrInvalid)
	}
	return nil
}

// copyBlocks copies the DXT blocks of region r of level level between
// t's copy and data: into it when set, else out of it.
func (t *Texture2D) copyBlocks(level int, r Rectangle, data []byte, set bool) {
	w, _ := t.LevelSize(level)
	size, bw := formatSizes[t.format], (w+3)/4
	rw := size * ((r.Width + 3) / 4)
	for by := range (r.Height + 3) / 4 {
		at := size * ((r.Y/4+by)*bw + r.X/4)
		if set {
			copy(t.blocks[level][at:at+rw], data[by*rw:])
		} else {
			copy(data[by*rw:(by+1)*rw], t.blocks[level][at:])
		}
	}
}

// Texture is what every texture is (XNA's abstract Texture): what
// EffectParameter.SetTexture takes. *Texture2D, *RenderTarget2D,
// *TextureCube, *RenderTargetCube and *Texture3D implement it; only this package's types can (the unexported method).
type Texture interface {
	// ID returns the texture's backend ID.
	ID() TextureID
	// Format returns the texel format.
	Format() SurfaceFormat
	// LevelCount returns the number of mipmap levels (1 without mipmaps).
	LevelCount() int
	// IsDisposed reports whether Dispose was called.
	IsDisposed() bool
	// Dispose releases the texture once the frames using it have run.
	Dispose()
	// texture2D returns the 2D texture the device binds.
	texture2D() *Texture2D
}

var (
	_ Texture = (*Texture2D)(nil)
	_ Texture = (*RenderTarget2D)(nil)
)

// Format returns the texel format (XNA's Format).
func (t *Texture2D) Format() SurfaceFormat { return t.format }

func (t *Texture2D) texture2D() *Texture2D { return t }

// asTexture2D returns the 2D texture of t, nil for a nil interface or a
// nil pointer in it.
func asTexture2D(t Texture) *Texture2D {
	if t == nil {
		return nil
	}
	return t.texture2D()
}

// SaveAsPng writes the texture as a width x height PNG (XNA's SaveAsPng):
// its texels read back (GetData's rules: outside a frame, or not written
// by the frame being recorded) and scaled to the size asked with nearest
// sampling. The bytes are written as they are, premultiplied or not, as
// XNA's are. It allocates the image; not a per-frame call.
func (t *Texture2D) SaveAsPng(w io.Writer, width, height int) error {
	img, err := t.saveImage("save as PNG", width, height)
	if err != nil {
		return err
	}
	if err := png.Encode(w, (*image.NRGBA)(img)); err != nil {
		return fmt.Errorf("graphics: save as PNG: %w", err)
	}
	return nil
}

// SaveAsJpeg writes the texture as a width x height JPEG of quality 90
// (XNA's SaveAsJpeg): as SaveAsPng, without the alpha channel.
func (t *Texture2D) SaveAsJpeg(w io.Writer, width, height int) error {
	img, err := t.saveImage("save as JPEG", width, height)
	if err != nil {
		return err
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	if err := jpeg.Encode(w, (*image.RGBA)(img), &jpeg.Options{Quality: 90}); err != nil {
		return fmt.Errorf("graphics: save as JPEG: %w", err)
	}
	return nil
}

// saveImage reads the texture back and scales it to width x height.
func (t *Texture2D) saveImage(op string, width, height int) (*image.RGBA, error) {
	if t.format != SurfaceFormatColor {
		return nil, fmt.Errorf("graphics: %s: format %s: only Color textures can be saved: %w", op, t.format, ErrUnsupportedFormat)
	}
	if width < 1 || height < 1 {
		return nil, fmt.Errorf("graphics: %s: size %dx%d, want at least 1x1: %w", op, width, height, ErrInvalid)
	}
	if width > 1<<15 || height > 1<<15 {
		return nil, fmt.Errorf("graphics: %s: size %dx%d, want at most 32768x32768: %w", op, width, height, ErrTooLarge)
	}
	src := make([]byte, 4*t.width*t.height)
	if err := t.GetData(src); err != nil {
		return nil, fmt.Errorf("graphics: %s: %w", op, err)
	}
	if width == t.width && height == t.height {
		return &image.RGBA{Pix: src, Stride: 4 * width, Rect: image.Rect(0, 0, width, height)}, nil
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := range height {
		sy := y * t.height / height
		for x := range width {
			sx := x * t.width / width
			copy(img.Pix[4*(y*width+x):4*(y*width+x)+4], src[4*(sy*t.width+sx):])
		}
	}
	return img, nil
}

func (rt *RenderTarget2D) texture2D() *Texture2D {
	if rt == nil {
		return nil
	}
	return rt.Texture2D
}

// ClearVector4 clears the whole current target's colour, depth and
// stencil buffers to v (red, green, blue, alpha), depth 1 and stencil 0
// (XNA's Clear(Vector4)): an HDR render target (HalfVector4, Vector4,
// HdrBlendable) keeps values above 1 and below 0, a Color one clamps
// them to 0..1.
func (d *Device) ClearVector4(v [4]float32) error {
	return d.ClearWithVector4(ClearTarget|ClearDepthBuffer|ClearStencil, v, 1, 0)
}

// ClearWithVector4 is ClearWith with the colour as floats (XNA's
// Clear(ClearOptions, Vector4, float, int)).
func (d *Device) ClearWithVector4(opts ClearOptions, v [4]float32, depth float32, stencil int32) error {
	for _, x := range v {
		if x != x {
			return fmt.Errorf("graphics: clear: colour %v has a NaN: %w", v, ErrInvalid)
		}
	}
	if err := d.ClearWith(opts, Color{}, depth, stencil); err != nil {
		return err
	}
	if p := d.pass(); p.Clear&ClearTarget != 0 && opts&ClearTarget != 0 {
		p.ClearHDR, p.ClearVector = true, v
	}
	return nil
}
