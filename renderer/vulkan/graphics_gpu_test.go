package vulkan

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The G10 goldens: frames drawn through engine/graphics' public API
// (graphics.Device over the Renderer as its Backend) on lavapipe with
// validation on, read back as presented and compared with testdata.

// content is what the golden scenes draw: made once per test, through the
// public API, like a game's LoadContent.
type content struct {
	dev     *graphics.Device
	cubeVB  *graphics.VertexBuffer
	cubeIB  *graphics.IndexBuffer
	checker *graphics.Texture2D // 4x4, black and white with a red corner
	rt      *graphics.RenderTarget2D
	mesh    *graphics.BasicEffect // lit cube
	flat    *graphics.BasicEffect // 2D in pixels: vertex colour (and texture)
}

// newContent creates the device and the content on g's renderer. Run on
// the main thread.
func newContent(g *gpu) (*content, error) {
	dev, err := graphics.NewDevice(g.r)
	if err != nil {
		return nil, err
	}
	c := &content{dev: dev}
	verts, idx := graphics.Cube()
	if c.cubeVB, err = graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(verts)); err != nil {
		return nil, err
	}
	if err := graphics.SetVertexData(c.cubeVB, 0, verts); err != nil {
		return nil, err
	}
	if c.cubeIB, err = graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(idx)); err != nil {
		return nil, err
	}
	if err := graphics.SetIndexData(c.cubeIB, 0, idx); err != nil {
		return nil, err
	}
	if c.checker, err = graphics.NewTexture2D(dev, 4, 4); err != nil {
		return nil, err
	}
	px := make([]graphics.Color, 16)
	for i := range px {
		if (i%4+i/4)%2 == 0 {
			px[i] = graphics.White
		} else {
			px[i] = graphics.Black
		}
	}
	px[0] = graphics.Color{R: 255, A: 255}
	if err := c.checker.SetColors(px); err != nil {
		return nil, err
	}
	if c.rt, err = graphics.NewRenderTarget2D(dev, 32, 32, graphics.RenderTargetOptions{Depth: graphics.Depth24Stencil8}); err != nil {
		return nil, err
	}
	c.mesh = graphics.NewBasicEffect(dev)
	c.mesh.EnableDefaultLighting()
	c.mesh.DiffuseColor = mgl32.Vec3{1, 0.55, 0.1}
	c.flat = graphics.NewBasicEffect(dev)
	c.flat.VertexColorEnabled = true
	return c, nil
}

// drawCube draws the lit cube turned by angle, seen from eye, into the
// device's current viewport.
func (c *content) drawCube(angle float32, eye mgl32.Vec3, textured bool) error {
	vp := c.dev.Viewport()
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, float32(vp.Width)/float32(vp.Height), 0.1, 20)
	if err != nil {
		return err
	}
	c.mesh.World = mgl32.HomogRotate3D(angle, mgl32.Vec3{0.4, 1, 0.25}.Normalize())
	c.mesh.View = graphics.CreateLookAt(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	c.mesh.Projection = proj
	c.mesh.TextureEnabled, c.mesh.Texture = textured, nil
	if textured {
		c.mesh.Texture = c.checker
	}
	c.dev.SetDepthStencilState(graphics.DepthDefault)
	c.dev.SetBlendState(graphics.Opaque)
	c.dev.SetRasterizerState(graphics.CullCounterClockwise)
	c.dev.SetVertexBuffer(c.cubeVB)
	c.dev.SetIndices(c.cubeIB)
	c.mesh.Apply()
	return c.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12)
}

// quad draws a rectangle in pixels of the current target (x, y top-left),
// coloured, textured with tex when not nil (texture coordinates 0..1).
func (c *content) quad(x, y, w, h float32, col graphics.Color, tex *graphics.Texture2D) error {
	vp := c.dev.Viewport()
	proj, err := graphics.CreateOrthographicOffCenter(0, float32(vp.Width), float32(vp.Height), 0, 0, 1)
	if err != nil {
		return err
	}
	c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
	c.flat.TextureEnabled, c.flat.Texture = tex != nil, tex
	c.flat.Apply()
	c.dev.SetDepthStencilState(graphics.DepthNone)
	c.dev.SetRasterizerState(graphics.CullNone)
	v := func(px, py, u, t float32) graphics.VertexPositionColorTexture {
		return graphics.VertexPositionColorTexture{Position: mgl32.Vec3{px, py, 0}, Color: col, TextureCoordinate: mgl32.Vec2{u, t}}
	}
	verts := [6]graphics.VertexPositionColorTexture{
		v(x, y, 0, 0), v(x+w, y, 1, 0), v(x+w, y+h, 1, 1),
		v(x, y, 0, 0), v(x+w, y+h, 1, 1), v(x, y+h, 0, 1),
	}
	return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, verts[:], 0, 2)
}

// steadyAllocs draws 10 warm-up frames with draw (pipelines, descriptor
// sets, arena, slices), then measures the Go heap allocations per frame
// over runs more. Run on the main thread.
func (c *content) steadyAllocs(g *gpu, runs int, draw func() error) (float64, error) {
	for range 10 {
		if _, err := c.frame(g, false, draw); err != nil {
			return 0, err
		}
	}
	var err error
	allocs := testing.AllocsPerRun(runs, func() {
		if _, e := c.frame(g, false, draw); e != nil && err == nil {
			err = e
		}
	})
	return allocs, err
}

// frame draws one frame with draw on the device and presents it, with a
// capture when capture is set (then returned). Run on the main thread.
func (c *content) frame(g *gpu, capture bool, draw func() error) (*image.RGBA, error) {
	ok, err := g.r.BeginFrame()
	if err != nil || !ok {
		return nil, fmt.Errorf("begin frame: drawn %v, %v", ok, err)
	}
	w, h := g.r.Extent()
	if err := c.dev.BeginFrame(w, h); err != nil {
		return nil, err
	}
	if err := draw(); err != nil {
		_, _ = c.dev.EndFrame()
		return nil, err
	}
	f, err := c.dev.EndFrame()
	if err != nil {
		return nil, err
	}
	if capture {
		g.r.CaptureNext()
	}
	if err := g.r.Execute(f); err != nil {
		return nil, err
	}
	if !capture {
		return nil, nil
	}
	return g.r.LastCapture()
}

// golden draws one frame with draw at 160x120 and compares it with
// testdata/name.
func golden(t *testing.T, name string, draw func(c *content) error) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		img, err = c.frame(g, true, func() error { return draw(c) })
		return err
	})
	checkGolden(t, name, img)
}

var background = graphics.Color{R: 40, G: 60, B: 90, A: 255}

func TestG10_GoldenClear(t *testing.T) {
	golden(t, "g10_clear.png", func(c *content) error { return c.dev.Clear(graphics.CornflowerBlue) })
}

// TestG10_GoldenLitMeshTwoCameras: the lit cube seen by two cameras, each
// in its own half of the window (viewports).
func TestG10_GoldenLitMeshTwoCameras(t *testing.T) {
	golden(t, "g10_lit_two_cameras.png", func(c *content) error {
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		for i, eye := range []mgl32.Vec3{{0, 0, 3}, {2, 2, 2}} {
			c.dev.SetViewport(graphics.NewViewport(i*80, 0, 80, 120))
			if err := c.drawCube(0.7, eye, false); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestG10_GoldenTexturedPointAndLinear: the checker texture on two quads,
// sampled with PointClamp (left: sharp texels) and LinearClamp (right:
// blended), and the textured cube.
func TestG10_GoldenTexturedPointAndLinear(t *testing.T) {
	golden(t, "g10_textured_point_linear.png", func(c *content) error {
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		c.dev.SetBlendState(graphics.Opaque)
		for i, s := range []graphics.SamplerState{graphics.PointClamp, graphics.LinearClamp} {
			c.dev.SetSamplerState(s)
			if err := c.quad(float32(4+i*80), 4, 72, 56, graphics.White, c.checker); err != nil {
				return err
			}
		}
		c.dev.SetSamplerState(graphics.PointWrap)
		c.dev.SetViewport(graphics.NewViewport(40, 60, 80, 60))
		return c.drawCube(0.5, mgl32.Vec3{1.5, 1.5, 2}, true)
	})
}

// TestG10_GoldenBlendStates: a half-transparent colour over white and
// black stripes with Opaque, AlphaBlend, Additive and NonPremultiplied,
// one column each.
func TestG10_GoldenBlendStates(t *testing.T) {
	golden(t, "g10_blend_states.png", func(c *content) error {
		if err := c.dev.Clear(graphics.Black); err != nil {
			return err
		}
		c.dev.SetBlendState(graphics.Opaque)
		if err := c.quad(0, 0, 160, 60, graphics.White, nil); err != nil {
			return err
		}
		red := graphics.Color{R: 128, A: 128} // premultiplied half-transparent red
		straight := graphics.Color{R: 255, A: 128}
		states := []graphics.BlendState{graphics.Opaque, graphics.AlphaBlend, graphics.Additive, graphics.NonPremultiplied}
		for i, s := range states {
			c.dev.SetBlendState(s)
			col := red
			if s == graphics.NonPremultiplied {
				col = straight
			}
			if err := c.quad(float32(i*40+4), 20, 32, 80, col, nil); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestG10_GoldenScissor: a full-window quad drawn with the scissor test
// on draws only inside the scissor rectangle.
func TestG10_GoldenScissor(t *testing.T) {
	golden(t, "g10_scissor.png", func(c *content) error {
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		c.dev.SetScissorRectangle(graphics.Rectangle{X: 30, Y: 20, Width: 60, Height: 50})
		c.dev.SetBlendState(graphics.Opaque)
		c.flat.Apply()
		r := graphics.CullNone
		r.ScissorTestEnable = true
		c.dev.SetRasterizerState(r)
		c.flat.World, c.flat.View = mgl32.Ident4(), mgl32.Ident4()
		c.flat.Projection, _ = graphics.CreateOrthographicOffCenter(0, 160, 120, 0, 0, 1)
		c.flat.TextureEnabled, c.flat.Texture = false, nil
		c.flat.Apply()
		c.dev.SetDepthStencilState(graphics.DepthNone)
		y := graphics.Color{R: 250, G: 220, B: 40, A: 255}
		verts := [3]graphics.VertexPositionColor{{Position: mgl32.Vec3{0, 0, 0}, Color: y},
			{Position: mgl32.Vec3{320, 0, 0}, Color: y}, {Position: mgl32.Vec3{0, 240, 0}, Color: y}}
		return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, verts[:], 0, 1)
	})
}

// TestG10_GoldenRenderTargetSampled: the lit cube drawn into a 32x32
// render target, which is then drawn scaled up with point sampling.
func TestG10_GoldenRenderTargetSampled(t *testing.T) {
	golden(t, "g10_render_target.png", func(c *content) error {
		if err := c.drawIntoTarget(); err != nil {
			return err
		}
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		c.dev.SetBlendState(graphics.Opaque)
		c.dev.SetSamplerState(graphics.PointClamp)
		return c.quad(16, 12, 128, 96, graphics.White, c.rt.Texture2D)
	})
}

// drawIntoTarget draws the cube into the render target and sets the back
// buffer again.
func (c *content) drawIntoTarget() error {
	c.dev.SetRenderTarget(c.rt)
	if err := c.dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer, graphics.Color{G: 90, B: 60, A: 255}, 1, 0); err != nil {
		return err
	}
	if err := c.drawCube(0.3, mgl32.Vec3{0, 0, 4}, false); err != nil {
		return err
	}
	// A red mark in the target's top-left corner pins its orientation.
	c.dev.SetBlendState(graphics.Opaque)
	if err := c.quad(0, 0, 6, 4, graphics.Color{R: 255, A: 255}, nil); err != nil {
		return err
	}
	c.dev.SetRenderTarget(nil)
	return nil
}

// TestG10_GoldenSmallViewport: the lit cube in a viewport smaller than the
// window, off its centre.
func TestG10_GoldenSmallViewport(t *testing.T) {
	golden(t, "g10_small_viewport.png", func(c *content) error {
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		c.dev.SetViewport(graphics.NewViewport(90, 10, 60, 45))
		return c.drawCube(0.9, mgl32.Vec3{0, 0, 3}, false)
	})
}

// TestG4_RenderTargetDrawnOutsideAFrame: a render target drawn into
// before any frame (LoadContent) and flushed holds the drawing: GetData
// reads the clear colour in a corner and the cube's orange at the centre,
// and a frame then samples it onto the back buffer.
func TestG4_RenderTargetDrawnOutsideAFrame(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var px []byte
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		if err := c.drawIntoTarget(); err != nil {
			return err
		}
		if err := c.dev.Flush(); err != nil {
			return err
		}
		px = make([]byte, 4*32*32)
		if err := c.rt.GetData(px); err != nil {
			return err
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetSamplerState(graphics.PointClamp)
			return c.quad(0, 0, 160, 120, graphics.White, c.rt.Texture2D)
		})
		return err
	})
	at := func(x, y int) [4]byte { i := 4 * (y*32 + x); return [4]byte{px[i], px[i+1], px[i+2], px[i+3]} }
	if got, want := at(31, 31), [4]byte{0, 90, 60, 255}; got != want {
		t.Errorf("render target corner %v, want the clear colour %v", got, want)
	}
	if got := at(16, 16); !(got[0] > 100 && got[0] > got[1] && got[1] > got[2]) {
		t.Errorf("render target centre %v, want the orange cube", got)
	}
	if got := at(1, 1); got != [4]byte{255, 0, 0, 255} {
		t.Errorf("render target top-left %v, want the red mark", got)
	}
	if got := img.RGBAAt(155, 115); got.R != 0 || got.G != 90 || got.B != 60 {
		t.Errorf("back buffer corner %v, want the target's clear colour sampled", got)
	}
}

// TestG3_TextureSetDataGetDataRoundTrip: pixels set on a texture come back
// unchanged from the GPU, whole and as a region.
func TestG3_TextureSetDataGetDataRoundTrip(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	const w, h = 7, 5
	want := make([]byte, 4*w*h)
	for i := range want {
		want[i] = byte(i*37 + 11)
	}
	got := make([]byte, len(want))
	part := make([]byte, 4*2*3)
	onMain(t, func() error {
		dev, err := graphics.NewDevice(g.r)
		if err != nil {
			return err
		}
		tex, err := graphics.NewTexture2D(dev, w, h)
		if err != nil {
			return err
		}
		if err := tex.SetData(want); err != nil {
			return err
		}
		if err := tex.GetData(got); err != nil {
			return err
		}
		return tex.GetDataRect(graphics.Rectangle{X: 4, Y: 1, Width: 2, Height: 3}, part)
	})
	if string(got) != string(want) {
		t.Fatalf("GetData differs from SetData:\n got %v\nwant %v", got[:16], want[:16])
	}
	for y := range 3 {
		row := want[4*((1+y)*w+4) : 4*((1+y)*w+6)]
		if string(part[8*y:8*y+8]) != string(row) {
			t.Errorf("region row %d: %v, want %v", y, part[8*y:8*y+8], row)
		}
	}
}

// TestG11_DisposedResourcesAreReleasedAfterTheirFrame: textures, render
// targets and buffers disposed (some before they were ever used, some
// right after a frame drew with them) are destroyed once the GPU is done:
// no validation message, and the renderer holds none of them afterwards.
func TestG11_DisposedResourcesAreReleasedAfterTheirFrame(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		early, err := graphics.NewTexture2D(c.dev, 8, 8)
		if err != nil {
			return err
		}
		early.Dispose() // never drawn, not even initialised on the GPU yet
		if _, err := c.frame(g, false, func() error {
			c.dev.SetSamplerState(graphics.PointClamp)
			if err := c.quad(0, 0, 32, 32, graphics.White, c.checker); err != nil {
				return err
			}
			return c.quad(32, 32, 32, 32, graphics.White, c.rt.Texture2D)
		}); err != nil {
			return err
		}
		c.checker.Dispose()
		c.rt.Dispose()
		c.cubeVB.Dispose()
		c.cubeIB.Dispose()
		for range 4 { // the releases ride the next frame and run once its slot comes round
			if _, err := c.frame(g, false, func() error { return c.dev.Clear(background) }); err != nil {
				return err
			}
		}
		if err := g.r.WaitIdle(); err != nil {
			return err
		}
		if n, m := len(g.r.gpu.textures), len(g.r.gpu.buffers); n != 0 || m != 0 {
			return fmt.Errorf("after disposal the renderer still holds %d textures and %d buffers", n, m)
		}
		return nil
	})
}

// TestG2_BadRecordIsAnErrorAndTheImageIsStillPresented: a record naming a
// texture the renderer does not have is an error from Execute that says
// which; the acquired image is presented all the same (no validation
// message), and the next frame draws normally.
func TestG2_BadRecordIsAnErrorAndTheImageIsStillPresented(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	var execErr error
	onMain(t, func() error {
		ok, err := g.r.BeginFrame()
		if err != nil || !ok {
			return fmt.Errorf("begin frame: %v %v", ok, err)
		}
		f := cubeFrame(0, 64, 64)
		f.Draws[0].Texture = 999
		f.Draws[0].Pipeline.Shader |= graphics.ShaderTexture
		execErr = g.r.Execute(f)
		_, err = g.r.DrawFrame(0)
		return err
	})
	if execErr == nil || !strings.Contains(execErr.Error(), "texture 999") {
		t.Errorf("Execute of a record with a missing texture: %v, want an error naming texture 999", execErr)
	}
}

// TestG2_StencilMasksADraw: the back buffer has a stencil buffer
// (Depth24Stencil8): a quad that writes stencil 1 and no colour, then a
// full-window quad that passes only where the stencil is 1, colours just
// the first quad's rectangle; ClearWith sets the stencil value.
func TestG2_StencilMasksADraw(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	if !g.r.depthHasStencil() {
		t.Skipf("depth format %v has no stencil", g.r.gpu.depthFormat)
	}
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		img, err = c.frame(g, true, func() error {
			if err := c.dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer|graphics.ClearStencil, graphics.Black, 1, 0); err != nil {
				return err
			}
			mark := graphics.DepthStencilState{StencilEnable: true, StencilFunction: graphics.CompareAlways,
				StencilPass: graphics.StencilReplace, ReferenceStencil: 1, StencilMask: 0xFF, StencilWriteMask: 0xFF}
			noColor := graphics.Opaque
			noColor.ColorWriteChannels = graphics.ColorWriteNone
			c.dev.SetBlendState(noColor)
			if err := c.quadWith(mark, 16, 16, 16, 16, graphics.White); err != nil {
				return err
			}
			test := graphics.DepthStencilState{StencilEnable: true, StencilFunction: graphics.CompareEqual,
				ReferenceStencil: 1, StencilMask: 0xFF, StencilWriteMask: 0xFF}
			c.dev.SetBlendState(graphics.Opaque)
			return c.quadWith(test, 0, 0, 64, 64, graphics.Color{R: 255, A: 255})
		})
		return err
	})
	inside, outside := img.RGBAAt(24, 24), img.RGBAAt(4, 4)
	if inside.R != 255 || outside.R != 0 {
		t.Errorf("inside the stencilled square %v, outside %v; want red only inside", inside, outside)
	}
}

// quadWith is quad with a depth/stencil state.
func (c *content) quadWith(ds graphics.DepthStencilState, x, y, w, h float32, col graphics.Color) error {
	vp := c.dev.Viewport()
	proj, err := graphics.CreateOrthographicOffCenter(0, float32(vp.Width), float32(vp.Height), 0, 0, 1)
	if err != nil {
		return err
	}
	c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
	c.flat.TextureEnabled, c.flat.Texture = false, nil
	c.flat.Apply()
	c.dev.SetDepthStencilState(ds)
	c.dev.SetRasterizerState(graphics.CullNone)
	verts := [6]graphics.VertexPositionColor{
		{Position: mgl32.Vec3{x, y, 0}, Color: col}, {Position: mgl32.Vec3{x + w, y, 0}, Color: col},
		{Position: mgl32.Vec3{x + w, y + h, 0}, Color: col}, {Position: mgl32.Vec3{x, y, 0}, Color: col},
		{Position: mgl32.Vec3{x + w, y + h, 0}, Color: col}, {Position: mgl32.Vec3{x, y + h, 0}, Color: col},
	}
	return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, verts[:], 0, 2)
}

// TestG14_ReadBackCopiesOnlyTheRegion: GetDataRect of a small region of a
// large texture gives the region's pixels, through a read-back buffer the
// size of the region (before, the whole level went through it: a 4x4 read
// of a 16384x16384 texture made a GiB buffer).
func TestG14_ReadBackCopiesOnlyTheRegion(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	const side = 1024
	rg := graphics.Rectangle{X: side - 5, Y: 700, Width: 3, Height: 2}
	pix := make([]byte, 4*side*side)
	for i := range pix {
		pix[i] = byte(i*13 + i>>12)
	}
	got := make([]byte, 4*rg.Width*rg.Height)
	var bufSize int
	onMain(t, func() error {
		dev, err := graphics.NewDevice(g.r)
		if err != nil {
			return err
		}
		tex, err := graphics.NewTexture2D(dev, side, side)
		if err != nil {
			return err
		}
		defer tex.Dispose()
		if err := tex.SetData(pix); err != nil {
			return err
		}
		if err := tex.GetDataRect(rg, got); err != nil {
			return err
		}
		bufSize = g.r.gpu.readBuf.size
		return nil
	})
	for y := range rg.Height {
		from := 4 * ((rg.Y+y)*side + rg.X)
		want := pix[from : from+4*rg.Width]
		if row := got[4*rg.Width*y : 4*rg.Width*(y+1)]; string(row) != string(want) {
			t.Errorf("row %d: %v, want %v", y, row, want)
		}
	}
	if want := 4 * rg.Width * rg.Height; bufSize > 1024 {
		t.Errorf("read-back buffer %d bytes for a %d-byte region: the whole level was copied", bufSize, want)
	}
}

// TestG14_BigUploadsAreStreamedThroughOneChunk: uploads over streamMin
// bytes (a 17.6 MB texture, a 19.2 MB vertex buffer) are staged through
// the standard 4 MiB chunk in bands, never a chunk of their own size,
// both at Flush and inside a presented frame; the pixels and vertices
// arrive whole (band edges included), and smaller uploads of the same
// record keep their order around the big one.
func TestG14_BigUploadsAreStreamedThroughOneChunk(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	const w, h = 4096, 1100 // 256 rows to a 4 MiB band
	pattern := func(seed int) []byte {
		p := make([]byte, 4*w*h)
		for i := range p {
			p[i] = byte(i*seed + i>>14)
		}
		return p
	}
	b, d := pattern(7), pattern(11)
	read := func(tex *graphics.Texture2D, x, y int) ([4]byte, error) {
		var px [4]byte
		err := tex.GetDataRect(graphics.Rectangle{X: x, Y: y, Width: 1, Height: 1}, px[:])
		return px, err
	}
	at := func(p []byte, x, y int) [4]byte { return [4]byte(p[4*(y*w+x):]) }
	c4 := [4]byte{1, 2, 3, 4}
	var center [4]uint8
	var chunks []int
	var errs []string
	onContent(t, g, func(c *content) error {
		tex, err := graphics.NewTexture2D(c.dev, w, h)
		if err != nil {
			return err
		}
		defer tex.Dispose()
		// One record: a small upload, the big one over it, a small one after.
		if err := tex.SetDataRect(graphics.Rectangle{Width: 2, Height: 1}, []byte{9, 9, 9, 9, 9, 9, 9, 9}); err != nil {
			return err
		}
		if err := tex.SetData(b); err != nil {
			return err
		}
		if err := tex.SetDataRect(graphics.Rectangle{X: w - 1, Y: h - 1, Width: 1, Height: 1}, c4[:]); err != nil {
			return err
		}
		if err := c.dev.Flush(); err != nil {
			return err
		}
		check := func(when string, want func(x, y int) [4]byte) error {
			for _, p := range [][2]int{{0, 0}, {1, 0}, {17, 255}, {17, 256}, {w - 1, 511}, {w - 1, 512}, {0, h - 1}, {w - 1, h - 1}} {
				got, err := read(tex, p[0], p[1])
				if err != nil {
					return err
				}
				if got != want(p[0], p[1]) {
					errs = append(errs, fmt.Sprintf("%s: pixel %v = %v, want %v", when, p, got, want(p[0], p[1])))
				}
			}
			return nil
		}
		if err := check("flush", func(x, y int) [4]byte {
			if x == w-1 && y == h-1 {
				return c4
			}
			return at(b, x, y)
		}); err != nil {
			return err
		}
		// Inside a presented frame: a big texture upload and a big vertex
		// buffer whose last three vertices cover the screen in red.
		const n = 1_200_000
		vb, err := graphics.NewVertexBuffer(c.dev, graphics.VertexPositionColor{}.VertexDeclaration(), n)
		if err != nil {
			return err
		}
		defer vb.Dispose()
		verts := make([]graphics.VertexPositionColor, n)
		red := graphics.Color{R: 255, A: 255}
		verts[n-3] = graphics.VertexPositionColor{Position: mgl32.Vec3{-1, -1, 0}, Color: red}
		verts[n-2] = graphics.VertexPositionColor{Position: mgl32.Vec3{3, -1, 0}, Color: red}
		verts[n-1] = graphics.VertexPositionColor{Position: mgl32.Vec3{-1, 3, 0}, Color: red}
		img, err := c.frame(g, true, func() error {
			if err := tex.SetData(d); err != nil {
				return err
			}
			if err := graphics.SetVertexData(vb, 0, verts); err != nil {
				return err
			}
			c.dev.Clear(graphics.Black)
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetRasterizerState(graphics.CullNone)
			c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()
			c.flat.TextureEnabled, c.flat.Texture = false, nil
			c.flat.Apply()
			c.dev.SetVertexBuffer(vb)
			return c.dev.DrawPrimitives(graphics.TriangleList, n-3, 1)
		})
		if err != nil {
			return err
		}
		px := img.RGBAAt(32, 32)
		center = [4]uint8{px.R, px.G, px.B, px.A}
		if err := check("frame", func(x, y int) [4]byte { return at(d, x, y) }); err != nil {
			return err
		}
		for _, a := range g.r.frames.arenas {
			for _, ch := range a.chunks {
				chunks = append(chunks, ch.buf.size)
			}
		}
		return nil
	})
	for _, e := range errs {
		t.Error(e)
	}
	if center != [4]uint8{255, 0, 0, 255} {
		t.Errorf("the screen's centre is %v, want red from the big vertex buffer's last triangle", center)
	}
	for _, s := range chunks {
		if s != arenaChunkSize {
			t.Errorf("an arena chunk of %d bytes: an upload was staged whole, want only %d-byte chunks (arena chunks: %v)", s, arenaChunkSize, chunks)
			break
		}
	}
}
