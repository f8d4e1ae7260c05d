package graphics_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// scene is a frame of 50 textured, lit meshes (3 textures), drawn partly
// into a render target that is then sampled, plus user primitives.
type scene struct {
	r    *rig
	rt   *graphics.RenderTarget2D
	texs [3]*graphics.Texture2D
	quad []graphics.VertexPositionColor
}

func newScene(t testing.TB) *scene {
	r := newRig(t)
	r.fb.Keep = false
	s := &scene{r: r, quad: []graphics.VertexPositionColor{
		{Position: mgl32.Vec3{-1, 1, 0}, Color: graphics.Red}, {Position: mgl32.Vec3{1, 1, 0}, Color: graphics.Green},
		{Position: mgl32.Vec3{-1, -1, 0}, Color: graphics.Blue}, {Position: mgl32.Vec3{1, -1, 0}, Color: graphics.White},
	}}
	var err error
	s.rt, err = graphics.NewRenderTarget2D(r.dev, 128, 128, graphics.RenderTargetOptions{Depth: graphics.Depth24})
	must(t, err)
	for i := range s.texs {
		s.texs[i], err = graphics.NewTexture2D(r.dev, 16, 16)
		must(t, err)
		must(t, s.texs[i].SetData(make([]byte, 16*16*4)))
	}
	r.fx.EnableDefaultLighting()
	r.fx.TextureEnabled = true
	r.fx.View = graphics.CreateLookAt(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	r.fx.Projection, err = graphics.CreatePerspectiveFieldOfView(1, 4.0/3, 0.1, 100)
	must(t, err)
	return s
}

// frame records and executes one frame of meshes meshes.
func (s *scene) frame(meshes int) error {
	r, d := s.r, s.r.dev
	if err := d.BeginFrame(640, 480); err != nil {
		return err
	}
	d.SetRenderTarget(s.rt)
	_ = d.Clear(graphics.Black)
	d.SetVertexBuffer(r.vb)
	d.SetIndices(r.ib)
	d.SetDepthStencilState(graphics.DepthDefault)
	for i := range meshes {
		if i == 5 {
			d.SetRenderTarget(nil)
			_ = d.Clear(graphics.CornflowerBlue)
		}
		r.fx.Texture = s.texs[i%3]
		if i >= 5 && i%10 == 0 {
			r.fx.Texture = s.rt.Texture2D
		}
		r.fx.World = mgl32.Translate3D(float32(i%10)-5, float32(i/10)-2, 0)
		r.fx.Apply()
		if err := d.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
			return err
		}
	}
	s.r.fx.TextureEnabled, s.r.fx.LightingEnabled, s.r.fx.VertexColorEnabled = false, false, true
	r.fx.Apply()
	if err := graphics.DrawUserPrimitives(d, graphics.TriangleStrip, s.quad, 0, 2); err != nil {
		return err
	}
	s.r.fx.TextureEnabled, s.r.fx.LightingEnabled, s.r.fx.VertexColorEnabled = true, true, false
	f, err := d.EndFrame()
	if err != nil {
		return err
	}
	return r.fb.Execute(f)
}

// TestG9_FiftyMeshFrameAllocatesNothing pins rule G9 on the recording side:
// a warm frame of 50 meshes, 3 textures and a render target, executed on
// the fake backend, allocates nothing.
func TestG9_FiftyMeshFrameAllocatesNothing(t *testing.T) {
	s := newScene(t)
	for range 3 { // warm: the record grows to the frame's size
		must(t, s.frame(50))
	}
	var err error
	allocs := testing.AllocsPerRun(100, func() {
		if e := s.frame(50); e != nil {
			err = e
		}
	})
	must(t, err)
	if allocs != 0 {
		t.Errorf("%v allocations per frame, want 0", allocs)
	}
	if s.r.fb.Presents < 100 {
		t.Errorf("%d presents", s.r.fb.Presents)
	}
}

// BenchmarkG9_Record1000DrawFrame measures the CPU time to record (and
// check, on the fake) a frame of 1,000 indexed draws, each with its own
// Apply; ns/frame is reported.
func BenchmarkG9_Record1000DrawFrame(b *testing.B) {
	s := newScene(b)
	must(b, s.frame(1000))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := s.frame(1000); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
}

// BenchmarkG9_Record1000DrawFrameNoCheck records the frame without executing
// it on the fake (no consistency check): the device's share alone.
func BenchmarkG9_Record1000DrawFrameNoCheck(b *testing.B) {
	s := newScene(b)
	must(b, s.frame(1000))
	b.ReportAllocs()
	b.ResetTimer()
	d := s.r.dev
	for b.Loop() {
		if err := d.BeginFrame(640, 480); err != nil {
			b.Fatal(err)
		}
		_ = d.Clear(graphics.Black)
		for i := range 1000 {
			s.r.fx.World = mgl32.Translate3D(float32(i), 0, 0)
			s.r.fx.Texture = s.texs[i%3]
			s.r.fx.Apply()
			if err := d.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := d.EndFrame(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
}
