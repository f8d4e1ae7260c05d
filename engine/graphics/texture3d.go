package graphics

import "fmt"

// Texture3D is a volume texture (XNA's Texture3D): Depth slices of Width x
// Height texels, sampled by a 3D coordinate (a sampler3D in an Effect's
// fragment shader; r = (i+0.5)/Depth is the middle of slice i). RGBA, 8
// bits per channel, one mipmap level. Contents are transparent black
// until SetData.
type Texture3D struct {
	resource
	id                   TextureID
	width, height, depth int
}

var _ Texture = (*Texture3D)(nil)

// defaultMaxVolumeSize is Limits.MaxVolumeSize's 0: the least
// maxImageDimension3D Vulkan allows.
const defaultMaxVolumeSize = 256

// NewTexture3D creates a width x height x depth volume texture (XNA's
// Texture3D constructor). A format other than SurfaceFormatColor is an
// ErrUnsupportedFormat error, and so is mipMap (volume textures have one
// level yet); a size above the device's Limits.MaxVolumeSize an
// ErrTooLarge one.
func NewTexture3D(dev *Device, width, height, depth int, mipMap bool, format SurfaceFormat) (*Texture3D, error) {
	const op = "new texture 3D"
	if dev == nil {
		return nil, fmt.Errorf("graphics: %s: the device is nil: %w", op, ErrInvalid)
	}
	if err := format.checkCreatable(op, false); err != nil {
		return nil, err
	}
	if format != SurfaceFormatColor {
		return nil, fmt.Errorf("graphics: %s: format %s: 3D textures are Color only yet: %w", op, format, ErrUnsupportedFormat)
	}
	if mipMap {
		return nil, fmt.Errorf("graphics: %s: mipmapped 3D textures are not supported yet: pass mipMap false: %w", op, ErrUnsupportedFormat)
	}
	if width < 1 || height < 1 || depth < 1 {
		return nil, fmt.Errorf("graphics: %s: %dx%dx%d, want each at least 1: %w", op, width, height, depth, ErrInvalid)
	}
	m := dev.limits.MaxVolumeSize
	if m <= 0 {
		m = defaultMaxVolumeSize
	}
	if width > m || height > m || depth > m {
		return nil, fmt.Errorf("graphics: %s: %dx%dx%d is above the device limit of %d per side: scale the volume down: %w", op, width, height, depth, m, ErrTooLarge)
	}
	desc := TextureDesc{Width: width, Height: height, Format: format, Depth3D: depth}
	id := dev.nextTexture + 1
	if err := dev.backend.CreateTexture(id, desc); err != nil {
		return nil, fmt.Errorf("graphics: %s %dx%dx%d: %w", op, width, height, depth, err)
	}
	dev.nextTexture = id
	return &Texture3D{resource: resource{dev: dev, rid: uint32(id)}, id: id, width: width, height: height, depth: depth}, nil
}

// ID returns the texture's backend ID.
func (t *Texture3D) ID() TextureID { return t.id }

// Width returns the width of a slice, in texels.
func (t *Texture3D) Width() int { return t.width }

// Height returns the height of a slice, in texels.
func (t *Texture3D) Height() int { return t.height }

// Depth returns the number of slices.
func (t *Texture3D) Depth() int { return t.depth }

// Format returns the texel format: SurfaceFormatColor.
func (t *Texture3D) Format() SurfaceFormat { return SurfaceFormatColor }

// LevelCount returns the number of mipmap levels: 1.
func (t *Texture3D) LevelCount() int { return 1 }

// IsDisposed reports whether Dispose was called.
func (t *Texture3D) IsDisposed() bool { return t.disposed }

// Dispose releases the texture once the frames using it have run; a
// second call does nothing.
func (t *Texture3D) Dispose() { t.dispose() }

// texture2D is nil: a volume is no 2D texture.
func (t *Texture3D) texture2D() *Texture2D { return nil }

// SetData replaces every texel with data: RGBA bytes, row after row,
// slice after slice, 4*Width*Height*Depth of them (XNA's SetData(T[])).
// The upload runs with the next executed record, before its draws.
func (t *Texture3D) SetData(data []byte) error {
	if t == nil {
		return fmt.Errorf("graphics: texture 3D set data: the texture is nil: %w", ErrInvalid)
	}
	return t.SetDataRegion(0, 0, 0, t.width, t.height, 0, t.depth, data)
}

// SetDataRegion replaces the box [left, right) x [top, bottom) x [front,
// back) of mipmap level level (only 0 exists) with data: RGBA bytes, row
// after row, slice after slice (XNA's SetData(level, left, top, right,
// bottom, front, back, T[])).
func (t *Texture3D) SetDataRegion(level, left, top, right, bottom, front, back int, data []byte) error {
	const op = "texture 3D set data"
	if t == nil {
		return fmt.Errorf("graphics: %s: the texture is nil: %w", op, ErrInvalid)
	}
	if _, err := t.checkBox(op, level, left, top, right, bottom, front, back, len(data)); err != nil {
		return err
	}
	if err := t.checkWrite(op); err != nil {
		return err
	}
	t.upload(Upload{Texture: t.id, Region: Rectangle{left, top, right - left, bottom - top}, Front: front, Slices: back - front}, data)
	return nil
}

// checkBox validates a box of level and the length n of its data,
// returning the box's byte count.
func (t *Texture3D) checkBox(op string, level, left, top, right, bottom, front, back, n int) (int, error) {
	if level != 0 {
		return 0, fmt.Errorf("graphics: %s: level %d, the texture has 1 (level 0): %w", op, level, ErrOutOfRange)
	}
	if left < 0 || top < 0 || front < 0 || right > t.width || bottom > t.height || back > t.depth || left >= right || top >= bottom || front >= back {
		return 0, fmt.Errorf("graphics: %s: box [%d,%d)x[%d,%d)x[%d,%d) is empty or outside the %dx%dx%d texture: %w",
			op, left, right, top, bottom, front, back, t.width, t.height, t.depth, ErrOutOfRange)
	}
	want := 4 * (right - left) * (bottom - top) * (back - front)
	if n != want {
		return 0, fmt.Errorf("graphics: %s: %d bytes for a %dx%dx%d box, want %d (RGBA): %w", op, n, right-left, bottom-top, back-front, want, ErrInvalid)
	}
	return want, nil
}

// VolumeReader is a Backend that can read a 3D texture's texels
// (renderer/vulkan's and graphicstest's can): Texture3D.GetData needs it.
type VolumeReader interface {
	// ReadTextureVolume copies region r of slices front to back-1 of 3D
	// texture id into dst as RGBA bytes, row after row, slice after
	// slice, as Backend.ReadTexture does for a 2D texture.
	ReadTextureVolume(id TextureID, r Rectangle, front, back int, dst []byte) error
}

// GetData copies every texel into dst (4*Width*Height*Depth RGBA bytes,
// row after row, slice after slice; XNA's GetData(T[])). Outside a frame
// it first executes pending work (Device.Flush), so the result includes
// every SetData recorded before; inside a frame, a texture the frame
// writes is an ErrInUse error. It may wait for the GPU.
func (t *Texture3D) GetData(dst []byte) error {
	if t == nil {
		return fmt.Errorf("graphics: texture 3D get data: the texture is nil: %w", ErrInvalid)
	}
	return t.GetDataRegion(0, 0, 0, t.width, t.height, 0, t.depth, dst)
}

// GetDataRegion copies the box [left, right) x [top, bottom) x [front,
// back) of level level into dst, as GetData does for the whole texture
// (XNA's GetData(level, left, top, right, bottom, front, back, T[])).
func (t *Texture3D) GetDataRegion(level, left, top, right, bottom, front, back int, dst []byte) error {
	const op = "texture 3D get data"
	switch {
	case t == nil:
		return fmt.Errorf("graphics: %s: the texture is nil: %w", op, ErrInvalid)
	case t.disposed:
		return fmt.Errorf("graphics: %s: texture %d is disposed: %w", op, t.id, ErrDisposed)
	}
	if _, err := t.checkBox(op, level, left, top, right, bottom, front, back, len(dst)); err != nil {
		return err
	}
	vr, ok := t.dev.backend.(VolumeReader)
	if !ok {
		return fmt.Errorf("graphics: %s: the backend %T cannot read 3D textures: %w", op, t.dev.backend, ErrInvalid)
	}
	d := t.dev
	if d.inFrame {
		if t.written == d.seq() {
			return fmt.Errorf("graphics: %s: texture %d is written by the frame being recorded; read it after the frame: %w", op, t.id, ErrInUse)
		}
	} else if err := d.Flush(); err != nil {
		return fmt.Errorf("graphics: %s: %w", op, err)
	}
	if err := vr.ReadTextureVolume(t.id, Rectangle{left, top, right - left, bottom - top}, front, back, dst); err != nil {
		return fmt.Errorf("graphics: %s: %w", op, err)
	}
	return nil
}
