package graphics

import "fmt"

// CubeMapFace names a face of a cube texture, numbered as XNA numbers them
// (and as Vulkan orders a cube's layers).
type CubeMapFace int

// The faces of a cube texture: the one a direction whose largest
// component is +X, -X, +Y, ... samples.
const (
	CubeMapFacePositiveX CubeMapFace = iota
	CubeMapFaceNegativeX
	CubeMapFacePositiveY
	CubeMapFaceNegativeY
	CubeMapFacePositiveZ
	CubeMapFaceNegativeZ
)

// String names the face as XNA does.
func (f CubeMapFace) String() string {
	if f >= 0 && f <= CubeMapFaceNegativeZ {
		return [...]string{"PositiveX", "NegativeX", "PositiveY", "NegativeY", "PositiveZ", "NegativeZ"}[f]
	}
	return fmt.Sprintf("CubeMapFace(%d)", int(f))
}

// TextureCube is a cube texture (XNA's TextureCube): six square faces of
// Size x Size texels, each with LevelCount mipmap levels, sampled by a
// direction (a samplerCube in an Effect's fragment shader, an
// EnvironmentMapEffect's EnvironmentMap). RGBA, 8 bits per channel.
// Contents are transparent black until SetData. Texel row 0 of a face is
// its top as Direct3D (and so XNA) lays faces out: for the +X face, the +Y
// side.
type TextureCube struct {
	resource
	id     TextureID
	size   int
	levels int
	target *RenderTargetCube // the render target it is, nil for none
}

var _ Texture = (*TextureCube)(nil)

// NewTextureCube creates a cube texture of six size x size faces, with a
// full chain of mipmap levels when mipMap is set (XNA's TextureCube
// constructor). A format other than SurfaceFormatColor is an
// ErrUnsupportedFormat error for now; a size above the device's
// MaxTextureSize an ErrTooLarge one.
func NewTextureCube(dev *Device, size int, mipMap bool, format SurfaceFormat) (*TextureCube, error) {
	return newTextureCube(dev, "new texture cube", size, mipMap, format, false)
}

// newTextureCube is NewTextureCube, for a RenderTargetCube's faces to draw
// into when target is set.
func newTextureCube(dev *Device, op string, size int, mipMap bool, format SurfaceFormat, target bool) (*TextureCube, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: %s: the device is nil: %w", op, ErrInvalid)
	}
	if err := format.checkCreatable(op, target); err != nil {
		return nil, err
	}
	if format != SurfaceFormatColor {
		return nil, fmt.Errorf("graphics: %s: format %s: cube textures are Color only yet: %w", op, format, ErrUnsupportedFormat)
	}
	if size < 1 {
		return nil, fmt.Errorf("graphics: %s: size %d, want at least 1: %w", op, size, ErrInvalid)
	}
	if m := dev.limits.MaxTextureSize; size > m {
		return nil, fmt.Errorf("graphics: %s: size %d is above the device limit of %d: scale the faces down: %w", op, size, m, ErrTooLarge)
	}
	desc := TextureDesc{Width: size, Height: size, Format: format, Cube: true, RenderTarget: target, MipLevels: mipLevelsFor(mipMap, size, size)}
	id := dev.nextTexture + 1
	if err := dev.backend.CreateTexture(id, desc); err != nil {
		return nil, fmt.Errorf("graphics: %s %d: %w", op, size, err)
	}
	dev.nextTexture = id
	return &TextureCube{resource: resource{dev: dev, rid: uint32(id)}, id: id, size: size, levels: max(desc.MipLevels, 1)}, nil
}

// ID returns the texture's backend ID.
func (t *TextureCube) ID() TextureID { return t.id }

// Size returns the width and height of each face's level 0, in texels.
func (t *TextureCube) Size() int { return t.size }

// Format returns the texel format: SurfaceFormatColor.
func (t *TextureCube) Format() SurfaceFormat { return SurfaceFormatColor }

// LevelCount returns the number of mipmap levels of each face (1 without
// mipmaps).
func (t *TextureCube) LevelCount() int { return t.levels }

// LevelSize returns the width (and height) of mipmap level level,
// Size>>level but at least 1; 0 for a level the texture lacks.
func (t *TextureCube) LevelSize(level int) int {
	if level < 0 || level >= t.levels {
		return 0
	}
	return max(t.size>>level, 1)
}

// IsDisposed reports whether Dispose was called.
func (t *TextureCube) IsDisposed() bool { return t.disposed }

// Dispose releases the texture once the frames using it have run; a
// second call does nothing.
func (t *TextureCube) Dispose() { t.dispose() }

// texture2D is nil: a cube is no 2D texture.
func (t *TextureCube) texture2D() *Texture2D { return nil }

// SetData replaces level 0 of face with pixels: RGBA bytes, row after
// row, 4*Size*Size of them (XNA's SetData(CubeMapFace, T[])). The upload
// runs with the next executed record, before its draws.
func (t *TextureCube) SetData(face CubeMapFace, pixels []byte) error {
	return t.SetDataLevel(face, 0, pixels)
}

// SetDataLevel replaces mipmap level level of face with pixels
// (4*LevelSize(level)^2 RGBA bytes, row after row).
func (t *TextureCube) SetDataLevel(face CubeMapFace, level int, pixels []byte) error {
	const op = "texture cube set data"
	if t == nil {
		return fmt.Errorf("graphics: %s: the texture is nil: %w", op, ErrInvalid)
	}
	if face < CubeMapFacePositiveX || face > CubeMapFaceNegativeZ {
		return fmt.Errorf("graphics: %s: face %d, want CubeMapFacePositiveX (0) to CubeMapFaceNegativeZ (5): %w", op, int(face), ErrOutOfRange)
	}
	if level < 0 || level >= t.levels {
		return fmt.Errorf("graphics: %s: level %d, the texture has %d (0 to %d): %w", op, level, t.levels, t.levels-1, ErrOutOfRange)
	}
	s := t.LevelSize(level)
	if want := 4 * s * s; len(pixels) != want {
		return fmt.Errorf("graphics: %s: %d bytes for face %s level %d (%dx%d), want %d (RGBA): %w", op, len(pixels), face, level, s, s, want, ErrInvalid)
	}
	if err := t.checkWrite(op); err != nil {
		return err
	}
	t.upload(Upload{Texture: t.id, Region: Rectangle{0, 0, s, s}, Level: level, Face: int(face)}, pixels)
	return nil
}

// SetColors replaces level 0 of face with colors, row after row.
func (t *TextureCube) SetColors(face CubeMapFace, colors []Color) error {
	return t.SetData(face, bytesOf(colors))
}

// FaceReader is a Backend that can read a cube texture's faces
// (renderer/vulkan's and graphicstest's can): TextureCube.GetData needs
// it.
type FaceReader interface {
	// ReadTextureFace is Backend.ReadTexture for face face (a
	// CubeMapFace) and mipmap level level of cube texture id; r lies
	// within that level's size.
	ReadTextureFace(id TextureID, face, level int, r Rectangle, dst []byte) error
}

// GetData copies level 0 of face into dst (4*Size*Size RGBA bytes, row
// after row; XNA's GetData(CubeMapFace, T[])). Outside a frame it first
// executes pending work (Device.Flush), so the result includes every
// SetData and draw into the face recorded before; inside a frame, a cube
// the frame writes is an ErrInUse error. It may wait for the GPU.
func (t *TextureCube) GetData(face CubeMapFace, dst []byte) error {
	return t.GetDataLevel(face, 0, dst)
}

// GetDataLevel copies mipmap level level of face into dst
// (4*LevelSize(level)^2 RGBA bytes), as GetData does for level 0.
func (t *TextureCube) GetDataLevel(face CubeMapFace, level int, dst []byte) error {
	const op = "texture cube get data"
	switch {
	case t == nil:
		return fmt.Errorf("graphics: %s: the texture is nil: %w", op, ErrInvalid)
	case t.disposed:
		return fmt.Errorf("graphics: %s: texture %d is disposed: %w", op, t.id, ErrDisposed)
	case face < CubeMapFacePositiveX || face > CubeMapFaceNegativeZ:
		return fmt.Errorf("graphics: %s: face %d, want CubeMapFacePositiveX (0) to CubeMapFaceNegativeZ (5): %w", op, int(face), ErrOutOfRange)
	case level < 0 || level >= t.levels:
		return fmt.Errorf("graphics: %s: level %d, the texture has %d (0 to %d): %w", op, level, t.levels, t.levels-1, ErrOutOfRange)
	}
	s := t.LevelSize(level)
	if want := 4 * s * s; len(dst) != want {
		return fmt.Errorf("graphics: %s: %d bytes for face %s level %d (%dx%d), want %d (RGBA): %w", op, len(dst), face, level, s, s, want, ErrInvalid)
	}
	fr, ok := t.dev.backend.(FaceReader)
	if !ok {
		return fmt.Errorf("graphics: %s: the backend %T cannot read cube faces: %w", op, t.dev.backend, ErrInvalid)
	}
	d := t.dev
	if d.inFrame {
		if t.written == d.seq() || (t.target != nil && t.target.faces[face].written == d.seq()) {
			return fmt.Errorf("graphics: %s: texture %d is written by the frame being recorded; read it after the frame: %w", op, t.id, ErrInUse)
		}
	} else if err := d.Flush(); err != nil {
		return fmt.Errorf("graphics: %s: %w", op, err)
	}
	if err := fr.ReadTextureFace(t.id, int(face), level, Rectangle{0, 0, s, s}, dst); err != nil {
		return fmt.Errorf("graphics: %s: %w", op, err)
	}
	return nil
}
