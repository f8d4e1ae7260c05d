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

// Surface formats beyond Color, numbered as XNA 4.0 numbers them. Only
// SurfaceFormatColor can be created yet: asking NewTexture2DWithFormat or
// NewRenderTarget2D for another is an ErrUnsupportedFormat error.
const (
	SurfaceFormatBgr565          SurfaceFormat = 1  // 16-bit B5 G6 R5
	SurfaceFormatBgra5551        SurfaceFormat = 2  // 16-bit B5 G5 R5 A1
	SurfaceFormatBgra4444        SurfaceFormat = 3  // 16-bit B4 G4 R4 A4
	SurfaceFormatDxt1            SurfaceFormat = 4  // BC1: 8 bytes per 4x4 block
	SurfaceFormatDxt3            SurfaceFormat = 5  // BC2: 16 bytes per 4x4 block
	SurfaceFormatDxt5            SurfaceFormat = 6  // BC3: 16 bytes per 4x4 block
	SurfaceFormatNormalizedByte2 SurfaceFormat = 7  // 2 x int8, signed normalized
	SurfaceFormatNormalizedByte4 SurfaceFormat = 8  // 4 x int8, signed normalized
	SurfaceFormatRgba1010102     SurfaceFormat = 9  // 10-bit R G B, 2-bit A
	SurfaceFormatRg32            SurfaceFormat = 10 // 2 x uint16, normalized
	SurfaceFormatRgba64          SurfaceFormat = 11 // 4 x uint16, normalized
	SurfaceFormatAlpha8          SurfaceFormat = 12 // 8-bit alpha only
	SurfaceFormatSingle          SurfaceFormat = 13 // 1 x float32
	SurfaceFormatVector2         SurfaceFormat = 14 // 2 x float32
	SurfaceFormatVector4         SurfaceFormat = 15 // 4 x float32
	SurfaceFormatHalfSingle      SurfaceFormat = 16 // 1 x float16
	SurfaceFormatHalfVector2     SurfaceFormat = 17 // 2 x float16
	SurfaceFormatHalfVector4     SurfaceFormat = 18 // 4 x float16
	SurfaceFormatHdrBlendable    SurfaceFormat = 19 // a blendable HDR format (4 x float16 here, as FNA)
)

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

// checkCreatable returns an error unless the engine can create a texture
// of format f.
func (f SurfaceFormat) checkCreatable(op string) error {
	switch {
	case f == SurfaceFormatColor:
		return nil
	case int(f) < len(surfaceFormatNames):
		return fmt.Errorf("graphics: %s: format %s: only SurfaceFormatColor textures and targets can be created yet; convert the data to Color: %w", op, f, ErrUnsupportedFormat)
	}
	return fmt.Errorf("graphics: %s: unknown SurfaceFormat %d: %w", op, uint8(f), ErrInvalid)
}

// NewTexture2DWithFormat creates a width x height texture of format, with
// a full chain of mipmap levels when mipMap is set (XNA's Texture2D
// constructor with mipMap and format). A format other than
// SurfaceFormatColor is an ErrUnsupportedFormat error for now.
func NewTexture2DWithFormat(dev *Device, width, height int, mipMap bool, format SurfaceFormat) (*Texture2D, error) {
	if err := format.checkCreatable("new texture"); err != nil {
		return nil, err
	}
	return dev.newTexture("new texture", TextureDesc{Width: width, Height: height, Format: format,
		MipLevels: mipLevelsFor(mipMap, width, height)})
}

// Texture is what every texture is (XNA's abstract Texture): what
// EffectParameter.SetTexture takes. *Texture2D and *RenderTarget2D
// implement it; only this package's types can (the unexported method).
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

// Format returns the texel format: SurfaceFormatColor, the one format
// textures are created in yet.
func (t *Texture2D) Format() SurfaceFormat { return SurfaceFormatColor }

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
