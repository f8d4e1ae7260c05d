package vulkan

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
)

// bigScene is the G9 frame: a render target drawn into, then 50 lit
// meshes on the back buffer with 3 textures (the checker, a second one
// and the render target) and a few coloured quads from the vertex arena.
type bigScene struct {
	*content
	extra *graphics.Texture2D
	n     int // frames drawn
}

func newBigScene(g *gpu) (*bigScene, error) {
	c, err := newContent(g)
	if err != nil {
		return nil, err
	}
	s := &bigScene{content: c}
	if s.extra, err = graphics.NewTexture2D(c.dev, 2, 2); err != nil {
		return nil, err
	}
	err = s.extra.SetColors([]graphics.Color{graphics.White, {R: 255, A: 255}, {G: 255, A: 255}, {B: 255, A: 255}})
	return s, err
}

// draw records the frame (it allocates nothing once warm).
func (s *bigScene) draw() error {
	s.n++
	if err := s.drawIntoTarget(); err != nil {
		return err
	}
	if err := s.dev.Clear(background); err != nil {
		return err
	}
	textures := [3]*graphics.Texture2D{s.checker, s.extra, s.rt.Texture2D}
	vp := s.dev.Viewport()
	proj, err := graphics.CreatePerspectiveFieldOfView(0.8, float32(vp.Width)/float32(vp.Height), 0.1, 50)
	if err != nil {
		return err
	}
	s.mesh.View = graphics.CreateLookAt(mgl32.Vec3{0, 0, 14}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	s.mesh.Projection = proj
	s.mesh.TextureEnabled = true
	s.dev.SetDepthStencilState(graphics.DepthDefault)
	s.dev.SetRasterizerState(graphics.CullCounterClockwise)
	s.dev.SetSamplerState(graphics.LinearWrap)
	s.dev.SetVertexBuffer(s.cubeVB)
	s.dev.SetIndices(s.cubeIB)
	for i := range 50 {
		x, y := float32(i%10)-4.5, float32(i/10)-2
		s.mesh.World = mgl32.Translate3D(x*1.2, y*1.2, 0).Mul4(mgl32.HomogRotate3DY(float32(s.n+i) * 0.05))
		s.mesh.Texture = textures[i%3]
		s.mesh.Apply()
		if err := s.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
			return err
		}
	}
	s.dev.SetBlendState(graphics.AlphaBlend)
	for i := range 4 {
		if err := s.quad(float32(4+i*20), 4, 16, 16, graphics.Color{R: 100, G: 100, A: 128}, nil); err != nil {
			return err
		}
	}
	return nil
}

// TestG9_FiftyMeshFrameAllocatesNothing: on the real stack (lavapipe,
// validation on), a frame of 50 meshes with 3 textures and a render
// target, recorded through engine/graphics and executed by the Renderer,
// allocates 0 Go bytes once warm.
func TestG9_FiftyMeshFrameAllocatesNothing(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var allocs float64
	onMain(t, func() error {
		s, err := newBigScene(g)
		if err != nil {
			return err
		}
		allocs, err = s.steadyAllocs(g, 200, s.draw)
		return err
	})
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per 50-mesh frame, want 0", allocs)
	}
}

// TestG9_CHeapFlatOver10000Frames draws the 50-mesh frame 2 x 5,000
// times after a warm-up and checks the C heap in use (glibc mallinfo2: the
// driver's, the layer's, the X client's and vulkan-go's) over both windows
// (cHeapLeak): the engine's frame path mallocs nothing, so growth in both
// is a leak, while one 64 KiB step of lavapipe's heap in one is not.
func TestG9_CHeapFlatOver10000Frames(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 frames: not in -short")
	}
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var before, mid, after int
	onMain(t, func() error {
		s, err := newBigScene(g)
		if err != nil {
			return err
		}
		run := func(n int) error {
			for range n {
				if _, err := s.frame(g, false, s.draw); err != nil {
					return err
				}
			}
			return g.r.WaitIdle()
		}
		if err := run(200); err != nil {
			return err
		}
		before = cHeapInUse()
		if err := run(5000); err != nil {
			return err
		}
		mid = cHeapInUse()
		if err := run(5000); err != nil {
			return err
		}
		after = cHeapInUse()
		return nil
	})
	t.Logf("C heap in use: %d -> %d -> %d bytes over 2 x 5,000 frames", before, mid, after)
	if msg := cHeapLeak(mid-before, after-mid); msg != "" {
		t.Errorf("C heap over 2 x 5,000 frames: %s", msg)
	}
}

// TestG10_ResizeAndModeSwitchWhileDrawing draws every golden scene's
// content (the 50-mesh frame with its render target, textures, blending
// and viewports) while the window is resized and the present mode is
// switched live, with validation on: no message, every frame drawn at the
// new size, the mode in use following each switch.
func TestG10_ResizeAndModeSwitchWhileDrawing(t *testing.T) {
	g := openGPU(t, 200, 150, Options{SwapInterval: 1})
	sizes := [][2]int{{240, 180}, {160, 200}, {320, 120}, {200, 150}}
	onMain(t, func() error {
		s, err := newBigScene(g)
		if err != nil {
			return err
		}
		for i := range 40 {
			if i%5 == 0 {
				sz := sizes[(i/5)%len(sizes)]
				g.win.SetSize(sz[0], sz[1])
				g.r.Resize()
			}
			interval := i % 3
			if err := g.r.SetPresentation(interval, i%7 == 0); err != nil {
				return err
			}
			if _, err := s.frame(g, false, s.draw); err != nil {
				return fmt.Errorf("frame %d: %w", i, err)
			}
			pick, err := present.ChooseModeHold(interval, i%7 == 0, g.r.SupportedPresentModes())
			if err != nil {
				return err
			}
			if g.r.ModeInUse() != pick.Mode {
				return fmt.Errorf("frame %d: mode in use %v, want %v", i, g.r.ModeInUse(), pick.Mode)
			}
		}
		img, err := s.frame(g, true, s.draw)
		if err != nil {
			return err
		}
		w, h := g.r.Extent()
		if img.Bounds().Dx() != w || img.Bounds().Dy() != h {
			return fmt.Errorf("capture %v, swapchain %dx%d", img.Bounds(), w, h)
		}
		return nil
	})
}
