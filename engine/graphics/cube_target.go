package graphics

import "fmt"

// RenderTargetCube is a cube texture a frame draws into, one face at a
// time, and then samples (XNA's RenderTargetCube): SetRenderTargetCube
// selects the face, whose pixels are laid out as SetData's (row 0 its
// top), then it is drawn with as any TextureCube (an Effect's
// samplerCube, an EnvironmentMapEffect's EnvironmentMap). Each face has
// its own depth buffer of the options' format.
type RenderTargetCube struct {
	*TextureCube
	faces [6]*RenderTarget2D
	depth DepthFormat
	usage RenderTargetUsage
}

// NewRenderTargetCube creates a cube render target of six size x size
// faces. opts are RenderTarget2D's; MipMap and a Format other than Color
// are not supported yet (ErrUnsupportedFormat for the format, ErrInvalid
// for MipMap).
func NewRenderTargetCube(dev *Device, size int, opts RenderTargetOptions) (*RenderTargetCube, error) {
	const op = "new render target cube"
	if opts.Depth > Depth24Stencil8 || opts.Usage > PreserveContents {
		return nil, fmt.Errorf("graphics: %s: options %+v: unknown depth format or usage: %w", op, opts, ErrInvalid)
	}
	if opts.MipMap {
		return nil, fmt.Errorf("graphics: %s: mipmapped cube render targets are not supported yet: leave MipMap false: %w", op, ErrInvalid)
	}
	c, err := newTextureCube(dev, op, size, false, opts.Format, true)
	if err != nil {
		return nil, err
	}
	rt := &RenderTargetCube{TextureCube: c, depth: opts.Depth, usage: opts.Usage}
	c.target = rt
	for f := range rt.faces {
		desc := TextureDesc{Width: size, Height: size, RenderTarget: true, Depth: opts.Depth, Usage: opts.Usage, FaceOf: c.id, Face: f}
		id := dev.nextTexture + 1
		if err := dev.backend.CreateTexture(id, desc); err != nil {
			rt.Dispose()
			return nil, fmt.Errorf("graphics: %s: face %s: %w", op, CubeMapFace(f), err)
		}
		dev.nextTexture = id
		rt.faces[f] = &RenderTarget2D{&Texture2D{resource: resource{dev: dev, rid: uint32(id)}, id: id, width: size, height: size,
			renderTarget: true, depth: opts.Depth, usage: opts.Usage, levels: 1, cube: c}}
	}
	return rt, nil
}

// DepthFormat returns the faces' depth/stencil format.
func (rt *RenderTargetCube) DepthFormat() DepthFormat { return rt.depth }

// Usage returns what happens to a face's contents on SetRenderTargetCube.
func (rt *RenderTargetCube) Usage() RenderTargetUsage { return rt.usage }

// Dispose releases the target once the frames using it have run; a
// second call does nothing. A face that is the render target stops being
// it.
func (rt *RenderTargetCube) Dispose() {
	for _, f := range rt.faces {
		if f != nil {
			f.Dispose()
		}
	}
	rt.TextureCube.Dispose()
}

// SetRenderTargetCube makes face of rt the target of the draws and clears
// that follow (XNA's SetRenderTarget(RenderTargetCube, CubeMapFace)); the
// viewport and scissor become the whole face. SetRenderTarget(nil) goes
// back to the back buffer.
func (d *Device) SetRenderTargetCube(rt *RenderTargetCube, face CubeMapFace) error {
	const op = "set render target cube"
	if rt == nil {
		d.SetRenderTarget(nil)
		return nil
	}
	if face < CubeMapFacePositiveX || face > CubeMapFaceNegativeZ {
		return fmt.Errorf("graphics: %s: face %d, want CubeMapFacePositiveX (0) to CubeMapFaceNegativeZ (5): %w", op, int(face), ErrOutOfRange)
	}
	if err := d.own(&rt.resource, op); err != nil {
		return err
	}
	d.SetRenderTarget(rt.faces[face])
	return nil
}

// asCube returns the cube texture of t (a *TextureCube or a
// *RenderTargetCube), nil for another texture or a nil one.
func asCube(t Texture) *TextureCube {
	switch x := t.(type) {
	case *TextureCube:
		return x
	case *RenderTargetCube:
		if x != nil {
			return x.TextureCube
		}
	}
	return nil
}

// errCubeFace is the error of reading or writing a RenderTargetCube's
// face as a 2D texture (the face Device.RenderTarget returns).
func errCubeFace(op string, t *Texture2D) error {
	return fmt.Errorf("graphics: %s: texture %d is a face of cube render target %d: set the cube's data with its SetData: %w", op, t.id, t.cube.id, ErrInvalid)
}
