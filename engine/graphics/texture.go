package graphics

import (
	"fmt"
	"image"
	_ "image/jpeg" // JPEG decoding for LoadTexture (rule G3)
	_ "image/png"  // PNG decoding for LoadTexture (rule G3)
	"io"
	"os"
)

// Texture2D is a 2D image on the GPU (XNA's Texture2D): RGBA, 8 bits per
// channel, premultiplied alpha unless loaded with StraightAlpha. Contents
// are undefined until SetData or, for a render target, a clear or draw.
type Texture2D struct {
	resource
	id            TextureID
	width, height int
	renderTarget  bool
	depth         DepthFormat
	usage         RenderTargetUsage
	levels        int          // mipmap levels, at least 1 (texture_mip.go)
	cube          *TextureCube // the cube a RenderTargetCube's face draws into (cube_target.go)
	format        SurfaceFormat
	blocks        [][]byte // a DXT texture's blocks by level, what GetData returns
	samples       int      // a render target's samples per pixel, at least 1 (targets_ms.go)
}

// NewTexture2D creates a width x height texture. Sizes above the backend's
// MaxTextureSize are an ErrTooLarge error.
func NewTexture2D(dev *Device, width, height int) (*Texture2D, error) {
	return dev.newTexture("new texture", TextureDesc{Width: width, Height: height})
}

// newTexture validates desc and creates the texture on the backend.
func (d *Device) newTexture(op string, desc TextureDesc) (*Texture2D, error) {
	if d == nil {
		return nil, fmt.Errorf("graphics: %s: the device is nil: %w", op, ErrInvalid)
	}
	if desc.Width < 1 || desc.Height < 1 {
		return nil, fmt.Errorf("graphics: %s: size %dx%d, want at least 1x1: %w", op, desc.Width, desc.Height, ErrInvalid)
	}
	if m := d.limits.MaxTextureSize; desc.Width > m || desc.Height > m {
		return nil, fmt.Errorf("graphics: %s: size %dx%d is above the device limit of %dx%d: scale the image down or split it: %w",
			op, desc.Width, desc.Height, m, m, ErrTooLarge)
	}
	id := d.nextTexture + 1
	if err := d.backend.CreateTexture(id, desc); err != nil {
		return nil, fmt.Errorf("graphics: %s %dx%d: %w", op, desc.Width, desc.Height, err)
	}
	d.nextTexture = id
	return &Texture2D{resource: resource{dev: d, rid: uint32(id)}, id: id, width: desc.Width, height: desc.Height,
		renderTarget: desc.RenderTarget, depth: desc.Depth, usage: desc.Usage, levels: max(desc.MipLevels, 1), format: desc.Format,
		samples: max(desc.MultiSampleCount, 1)}, nil
}

// ID returns the texture's backend ID: unique, in creation order.
func (t *Texture2D) ID() TextureID { return t.id }

// Width returns the width in texels.
func (t *Texture2D) Width() int { return t.width }

// Height returns the height in texels.
func (t *Texture2D) Height() int { return t.height }

// Bounds returns the rectangle 0, 0, Width, Height.
func (t *Texture2D) Bounds() Rectangle { return Rectangle{0, 0, t.width, t.height} }

// IsDisposed reports whether Dispose was called.
func (t *Texture2D) IsDisposed() bool { return t.disposed }

// Dispose releases the texture once the frames using it have run; a second
// call does nothing. A disposed render target stops being the target
// (with several, SetRenderTargets, the back buffer becomes the target).
func (t *Texture2D) Dispose() {
	t.dispose()
	if d := t.dev; d != nil && d.isTarget(t) {
		d.SetRenderTarget(nil)
	}
}

// SetData replaces all texels with pixels: RGBA bytes, row after row,
// 4*Width*Height of them, premultiplied as the blend state expects (for
// another Format, its layout: Format().DataSize(Width, Height) bytes). The
// upload runs with the next executed record, before its draws (rule G11).
func (t *Texture2D) SetData(pixels []byte) error {
	return t.SetDataRect(t.Bounds(), pixels)
}

// SetDataRect replaces the texels of r with pixels (4*r.Width*r.Height
// RGBA bytes, row after row; Format().DataSize(r.Width, r.Height) bytes
// in another format, where a DXT region covers whole blocks).
func (t *Texture2D) SetDataRect(r Rectangle, pixels []byte) error {
	if err := t.checkRect("texture set data", r, len(pixels)); err != nil {
		return err
	}
	if err := t.checkWrite("texture set data"); err != nil {
		return err
	}
	t.upload(Upload{Texture: t.id, Region: r}, pixels)
	if t.blocks != nil {
		t.copyBlocks(0, r, pixels, true)
	}
	return nil
}

// SetColors replaces all texels with colors, row after row; a texture of
// a Format other than Color is an ErrInvalid error.
func (t *Texture2D) SetColors(colors []Color) error {
	if t.format != SurfaceFormatColor {
		return fmt.Errorf("graphics: texture set colors: the texture is %s, not Color: use SetData with its bytes: %w", t.format, ErrInvalid)
	}
	return t.SetData(bytesOf(colors))
}

// checkRect validates a region of t and its byte count.
func (t *Texture2D) checkRect(op string, r Rectangle, n int) error {
	if t.cube != nil {
		return errCubeFace(op, t)
	}
	if !r.Within(t.width, t.height) {
		return fmt.Errorf("graphics: %s: region %+v is not inside the %dx%d texture: %w", op, r, t.width, t.height, ErrOutOfRange)
	}
	return t.checkData(op, r, t.width, t.height, n)
}

// GetData copies all texels into dst (4*Width*Height RGBA bytes; for
// another Format, Format().DataSize(Width, Height) bytes in its layout,
// a DXT texture's blocks from its copy in memory). Outside a frame it
// first executes pending work (Device.Flush), so the result includes
// every SetData and draw recorded before; inside a frame, a texture the
// frame writes is an ErrInUse error. It may wait for the GPU.
func (t *Texture2D) GetData(dst []byte) error { return t.GetDataRect(t.Bounds(), dst) }

// GetDataRect copies the texels of r into dst (4*r.Width*r.Height bytes,
// or Format().DataSize(r.Width, r.Height)).
func (t *Texture2D) GetDataRect(r Rectangle, dst []byte) error {
	if t.disposed {
		return fmt.Errorf("graphics: texture get data: texture %d is disposed: %w", t.id, ErrDisposed)
	}
	if err := t.checkRect("texture get data", r, len(dst)); err != nil {
		return err
	}
	if t.blocks != nil {
		t.copyBlocks(0, r, dst, false)
		return nil
	}
	d := t.dev
	if d.inFrame {
		if t.written == d.seq() {
			return fmt.Errorf("graphics: texture get data: texture %d is written by the frame being recorded; read it after the frame: %w", t.id, ErrInUse)
		}
	} else if err := d.Flush(); err != nil {
		return fmt.Errorf("graphics: texture get data: %w", err)
	}
	if err := d.backend.ReadTexture(t.id, r, dst); err != nil {
		return fmt.Errorf("graphics: texture get data: %w", err)
	}
	return nil
}

// RenderTarget2D is a texture a frame can draw into and then draw with
// (XNA's RenderTarget2D, rule G4). Pass it to Device.SetRenderTarget; use
// its Texture2D as a BasicEffect's Texture.
type RenderTarget2D struct {
	*Texture2D
}

// RenderTargetOptions are a render target's optional settings; the zero
// value is XNA's default (no depth buffer, DiscardContents).
type RenderTargetOptions struct {
	// Depth is the depth/stencil buffer to give the target.
	Depth DepthFormat
	// Usage says whether contents survive SetRenderTarget.
	Usage RenderTargetUsage
	// MipMap gives the target a full chain of mipmap levels (XNA's
	// mipMap argument), regenerated from level 0 each time the target
	// stops being the render target (SetRenderTarget of another target
	// or the back buffer, the end of a frame, Flush), as in XNA.
	MipMap bool
	// Format is the texel format: SurfaceFormatColor (the zero value),
	// SurfaceFormatHalfVector4, SurfaceFormatVector4 or
	// SurfaceFormatHdrBlendable (values above 1 kept, as XNA's HDR
	// targets); another is an ErrUnsupportedFormat error.
	Format SurfaceFormat
	// MultiSampleCount is the samples per pixel to draw with (XNA's
	// preferredMultiSampleCount): 0 or 1 for none, else rounded down to a
	// power of two and to the device's Limits.MaxMultiSampleCount, as
	// XNA does; the pass resolves the samples into the texture at its
	// end. A multisampled target cannot have MipMap.
	MultiSampleCount int
}

// NewRenderTarget2D creates a width x height render target.
func NewRenderTarget2D(dev *Device, width, height int, opts RenderTargetOptions) (*RenderTarget2D, error) {
	if opts.Depth > Depth24Stencil8 || opts.Usage > PlatformContents {
		return nil, fmt.Errorf("graphics: new render target: options %+v: unknown depth format or usage: %w", opts, ErrInvalid)
	}
	if err := opts.Format.checkCreatable("new render target", true); err != nil {
		return nil, err
	}
	samples, err := dev.fitSamples(opts)
	if err == nil && samples > 1 && opts.Format != SurfaceFormatColor {
		err = fmt.Errorf("graphics: new render target: format %s with %d samples: multisampled targets are Color only yet: %w",
			opts.Format, samples, ErrUnsupportedFormat)
	}
	if err != nil {
		return nil, err
	}
	t, err := dev.newTexture("new render target", TextureDesc{Width: width, Height: height, Format: opts.Format,
		RenderTarget: true, Depth: opts.Depth, Usage: effectiveUsage(opts.Usage, samples), MipLevels: mipLevelsFor(opts.MipMap, width, height),
		MultiSampleCount: samples})
	if err != nil {
		return nil, err
	}
	t.usage = opts.Usage // as asked: Usage reports PlatformContents as such
	return &RenderTarget2D{t}, nil
}

// DepthFormat returns the target's depth/stencil format.
func (rt *RenderTarget2D) DepthFormat() DepthFormat { return rt.depth }

// Usage returns what happens to the contents on SetRenderTarget, as
// given to NewRenderTarget2D (PlatformContents stays PlatformContents).
func (rt *RenderTarget2D) Usage() RenderTargetUsage { return rt.usage }

// LoadOption changes how an image becomes a texture.
type LoadOption func(*loadOptions)

type loadOptions struct {
	straight bool
	budget   int // most pixels LoadTexture decodes; <= 0: no budget
	mipMap   bool
}

// DefaultPixelBudget is the most pixels LoadTexture and LoadTextureFile
// decode unless PixelBudget says otherwise: 64 Mi pixels (8192x8192,
// 256 MiB of RGBA). An image above it is refused from its header, before
// any pixel is decoded (rule G3).
const DefaultPixelBudget = 64 << 20

// StraightAlpha keeps an image's colours as they are instead of
// premultiplying them on load: for drawing with NonPremultiplied (rule G3).
func StraightAlpha() LoadOption { return func(o *loadOptions) { o.straight = true } }

// PixelBudget sets the most pixels (width*height) LoadTexture and
// LoadTextureFile decode; n <= 0 leaves only the device's texture size
// limit. Images above the budget are refused from their header with an
// ErrTooLarge error (rule G3).
func PixelBudget(n int) LoadOption { return func(o *loadOptions) { o.budget = n } }

// NewTextureFromImage creates a texture of img's size and contents,
// premultiplied (XNA 4.0's content default) unless StraightAlpha is given,
// with a mipmap chain when GenerateMipMaps is.
func NewTextureFromImage(dev *Device, img image.Image, opts ...LoadOption) (*Texture2D, error) {
	var o loadOptions
	for _, f := range opts {
		f(&o)
	}
	if img == nil {
		return nil, fmt.Errorf("graphics: texture from image: the image is nil: %w", ErrInvalid)
	}
	b := img.Bounds()
	t, err := NewTexture2DWith(dev, b.Dx(), b.Dy(), TextureOptions{MipMap: o.mipMap})
	if err != nil {
		return nil, fmt.Errorf("texture from image: %w", err)
	}
	if err := t.checkWrite("texture from image"); err != nil {
		t.Dispose()
		return nil, err
	}
	imagePixelsInto(t.uploadSpace(Upload{Texture: t.id, Region: t.Bounds()}, 4*b.Dx()*b.Dy()), img, o.straight)
	t.setMips()
	return t, nil
}

// LoadTexture decodes a PNG or JPEG image from r into a new texture
// (premultiplied unless StraightAlpha is given). The image's size is read
// from its header first, wherever in the data it lies, and an image above
// the device's texture limit or the pixel budget (DefaultPixelBudget, or
// PixelBudget) is refused before any pixel is decoded.
func LoadTexture(dev *Device, r io.Reader, opts ...LoadOption) (*Texture2D, error) {
	o := loadOptions{budget: DefaultPixelBudget}
	for _, f := range opts {
		f(&o)
	}
	if r == nil {
		return nil, fmt.Errorf("graphics: load texture: the reader is nil: %w", ErrInvalid)
	}
	src, err := checkImageHeader(dev, r, o.budget)
	if err != nil {
		return nil, err
	}
	img, _, err := image.Decode(src)
	if err != nil {
		return nil, fmt.Errorf("graphics: load texture: decode (PNG or JPEG expected): %w", err)
	}
	pix := ownPixels(img, o.straight)
	if pix == nil {
		return NewTextureFromImage(dev, img, opts...)
	}
	b := img.Bounds()
	t, err := NewTexture2DWith(dev, b.Dx(), b.Dy(), TextureOptions{MipMap: o.mipMap})
	if err != nil {
		return nil, fmt.Errorf("graphics: load texture: %w", err)
	}
	if err := t.checkWrite("load texture"); err != nil {
		t.Dispose()
		return nil, err
	}
	t.uploadOwned(Upload{Texture: t.id, Region: t.Bounds()}, pix)
	t.setMips()
	return t, nil
}

// LoadTextureFile decodes the PNG or JPEG file at path into a new texture.
func LoadTextureFile(dev *Device, path string, opts ...LoadOption) (*Texture2D, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("graphics: load texture: %w", err)
	}
	defer f.Close()
	t, err := LoadTexture(dev, f, opts...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}
