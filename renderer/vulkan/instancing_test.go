package vulkan

import (
	"image"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// cubeInstance is one instance of the instanced cubes: an offset
// (TextureCoordinate 1) and a colour (Color 1).
type cubeInstance struct {
	Offset mgl32.Vec3
	Color  graphics.Color
}

var cubeInstanceDecl = func() graphics.VertexDeclaration {
	d, err := graphics.NewVertexDeclaration(16,
		graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsageTextureCoordinate, UsageIndex: 1},
		graphics.VertexElement{Offset: 12, Format: graphics.FormatColor, Usage: graphics.UsageColor, UsageIndex: 1})
	if err != nil {
		panic(err)
	}
	return d
}()

// cubeField is n x n cubes on a grid of spacing step, the instanced and
// the separate effect, the instance buffer.
type cubeField struct {
	c                   *content
	inst, sep           *graphics.Effect
	offset, tint        *graphics.EffectParameter // the separate effect's
	ivb                 *graphics.VertexBuffer
	offsets             []cubeInstance
	viewProj            mgl32.Mat4
	scale               float32
	instanced, separate int // frames drawn each way
}

func newCubeField(t testing.TB, c *content, n int, step, scale, aspect float32) (*cubeField, error) {
	f := &cubeField{c: c, scale: scale}
	var err error
	if f.inst, err = graphics.NewEffect(c.dev, effectSPIRV(t, "instanced.vert"), effectSPIRV(t, "cubes.frag")); err != nil {
		return nil, err
	}
	if f.sep, err = graphics.NewEffect(c.dev, effectSPIRV(t, "separate.vert"), effectSPIRV(t, "cubes.frag")); err != nil {
		return nil, err
	}
	f.offset, f.tint = f.sep.Parameters["Offset"], f.sep.Parameters["Tint"]
	for y := range n {
		for x := range n {
			col := graphics.Color{R: uint8(60 + 190*x/max(n-1, 1)), G: uint8(60 + 190*y/max(n-1, 1)), B: 160, A: 255}
			f.offsets = append(f.offsets, cubeInstance{Offset: mgl32.Vec3{step * (float32(x) - float32(n-1)/2), step * (float32(y) - float32(n-1)/2), 0}, Color: col})
		}
	}
	if f.ivb, err = graphics.NewVertexBuffer(c.dev, cubeInstanceDecl, len(f.offsets)); err != nil {
		return nil, err
	}
	if err := graphics.SetVertexData(f.ivb, 0, f.offsets); err != nil {
		return nil, err
	}
	size := step * float32(n)
	proj, err := graphics.CreateOrthographicOffCenter(-size/2*aspect, size/2*aspect, -size/2, size/2, -10, 10)
	if err != nil {
		return nil, err
	}
	view := mgl32.HomogRotate3D(0.5, mgl32.Vec3{1, 1, 0}.Normalize())
	f.viewProj = proj.Mul4(view)
	return f, nil
}

// VertexDeclaration is the instance layout.
func (cubeInstance) VertexDeclaration() graphics.VertexDeclaration { return cubeInstanceDecl }

// draw draws the field with one instanced draw or one draw per cube.
func (f *cubeField) draw(instanced bool) error {
	if err := f.c.dev.Clear(background); err != nil {
		return err
	}
	if instanced {
		return f.drawInstanced()
	}
	for i := range f.offsets {
		if err := f.drawOne(i); err != nil {
			return err
		}
	}
	f.separate++
	return nil
}

// states sets the field's device states and index buffer.
func (f *cubeField) states() error {
	d := f.c.dev
	d.SetDepthStencilState(graphics.DepthDefault)
	d.SetBlendState(graphics.Opaque)
	d.SetRasterizerState(graphics.CullCounterClockwise)
	d.SetIndices(f.c.cubeIB)
	return nil
}

// drawInstanced draws every cube in one instanced draw.
func (f *cubeField) drawInstanced() error {
	d := f.c.dev
	if err := f.states(); err != nil {
		return err
	}
	p := f.inst.Parameters
	p["ViewProjection"].SetMatrix(f.viewProj)
	p["Scale"].SetVector4(mgl32.Vec4{f.scale})
	f.inst.Apply()
	d.SetVertexBuffers(graphics.VertexBufferBinding{VertexBuffer: f.c.cubeVB},
		graphics.VertexBufferBinding{VertexBuffer: f.ivb, InstanceFrequency: 1})
	f.instanced++
	return d.DrawInstancedPrimitives(graphics.TriangleList, 0, 0, 12, len(f.offsets))
}

// drawOne draws cube i with a draw of its own, its offset and colour in
// the separate effect's parameters. The states are set at the first cube
// only, as a game sets them once for a run of draws.
func (f *cubeField) drawOne(i int) error {
	d := f.c.dev
	if i == 0 {
		if err := f.states(); err != nil {
			return err
		}
		d.SetVertexBuffer(f.c.cubeVB)
		p := f.sep.Parameters
		p["ViewProjection"].SetMatrix(f.viewProj)
		p["Scale"].SetVector4(mgl32.Vec4{f.scale})
	}
	o := f.offsets[i]
	f.offset.SetVector4(o.Offset.Vec4(0))
	c := o.Color
	f.tint.SetVector4(mgl32.Vec4{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, 1})
	f.sep.Apply()
	return d.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12)
}

// TestE6_GoldenInstancedCubes draws 8 x 8 cubes, each with its offset and
// colour from the instance stream, in one DrawInstancedPrimitives; the
// same field drawn with one draw per cube matches it.
func TestE6_GoldenInstancedCubes(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	inst, sep := instancedAndSeparate(t, g)
	checkGolden(t, "e6_instanced_cubes.png", inst)
	if n := differingPixels(inst, sep); n > 160*120/100 {
		t.Errorf("instanced and separate draws differ in %d pixels", n)
	}
}

// TestE2_VertexOnlyBlocksMixWithOtherDraws: an Effect whose fragment
// shader reads no uniform block has its block bound to the vertex stage
// only, through pipeline and set layouts of its own. Its draws interleaved
// with a textured BasicEffect's (the other layouts: every switch binds the
// sets again with the pipeline's layout) give, in each half of the window,
// what each draws alone, with validation on.
func TestE2_VertexOnlyBlocksMixWithOtherDraws(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var alone, mixed [2]*image.RGBA
	onContent(t, g, func(c *content) error {
		f, err := newCubeField(t, c, 8, 1.5, 0.5, 80.0/120)
		if err != nil {
			return err
		}
		left, right := graphics.NewViewport(0, 0, 80, 120), graphics.NewViewport(80, 0, 80, 120)
		scene := func(cubes, lit bool) func() error {
			return func() error {
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				for i := range f.offsets {
					if cubes {
						c.dev.SetViewport(left)
						if err := f.drawOne(i); err != nil {
							return err
						}
					}
					if lit {
						c.dev.SetViewport(right)
						if err := c.drawCube(0.7, mgl32.Vec3{2, 2, 2}, true); err != nil {
							return err
						}
					}
				}
				return nil
			}
		}
		for i, s := range []func() error{scene(true, false), scene(false, true)} {
			if alone[i], err = c.frame(g, true, s); err != nil {
				return err
			}
		}
		both, err := c.frame(g, true, scene(true, true))
		mixed = [2]*image.RGBA{both, both}
		return err
	})
	for i, half := range []image.Rectangle{image.Rect(0, 0, 80, 120), image.Rect(80, 0, 160, 120)} {
		a, m := alone[i].SubImage(half).(*image.RGBA), mixed[i].SubImage(half).(*image.RGBA)
		if n := differingRect(a, m); n > 0 {
			t.Errorf("half %d: %d pixels differ from the half drawn alone", i, n)
		}
		if n := differingRect(a, alone[1-i].SubImage(half).(*image.RGBA)); n == 0 {
			t.Errorf("half %d: drawn alone, it is the same as the other scene there: the test shows nothing", i)
		}
	}
}

// TestE5_EffectFramesAllocateNothing: a steady frame with an instanced
// draw, 64 separate draws of an Effect whose block only the vertex stage
// reads and a BasicEffect draw between them (so the layouts switch) makes
// no Go heap allocation.
func TestE5_EffectFramesAllocateNothing(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var allocs float64
	onContent(t, g, func(c *content) error {
		f, err := newCubeField(t, c, 8, 1.5, 0.5, 160.0/120)
		if err != nil {
			return err
		}
		draw := func() error {
			if err := f.draw(true); err != nil {
				return err
			}
			for i := range f.offsets {
				if err := f.drawOne(i); err != nil {
					return err
				}
				if i == 31 {
					if err := c.drawCube(0.7, mgl32.Vec3{2, 2, 2}, true); err != nil {
						return err
					}
				}
			}
			return nil
		}
		allocs, err = c.steadyAllocs(g, 100, draw)
		return err
	})
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per frame, want 0", allocs)
	}
}

// differingRect counts the pixels of a's bounds where a and b differ.
func differingRect(a, b *image.RGBA) int {
	n := 0
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}

// instancedAndSeparate draws the 8 x 8 field both ways and returns both
// frames as presented.
func instancedAndSeparate(t *testing.T, g *gpu) (inst, sep *image.RGBA) {
	onContent(t, g, func(c *content) error {
		f, err := newCubeField(t, c, 8, 1.5, 0.5, 160.0/120)
		if err != nil {
			return err
		}
		if inst, err = c.frame(g, true, func() error { return f.draw(true) }); err != nil {
			return err
		}
		sep, err = c.frame(g, true, func() error { return f.draw(false) })
		return err
	})
	return inst, sep
}

// BenchmarkE5_InstancedVersusSeparate draws 10,000 small cubes (about 4
// pixels each at 960x540) as one instanced draw and as 10,000 draws of the
// same cube, mesh, effect work and camera, in b.N interleaved rounds (one
// frame each way, the order alternating), and reports both frame rates
// and their ratio, and the time of an empty frame (a clear and the
// present, which both pay). Each frame is timed from an idle device to an idle
// device, so that no frame pays for the one before it, and the rates are
// those of the median frames: on a shared machine a frame now and then
// takes several times as long, and the long separate frames would swing a
// mean. cpu-ratio is the same ratio of the process's CPU time (all its
// threads, lavapipe's included), which other load on the machine moves
// less. Benchmarks run without validation. Run it with enough rounds:
//
//	go test -run '^$' -bench E5_ -benchtime 40x ./renderer/vulkan
func BenchmarkE5_InstancedVersusSeparate(b *testing.B) {
	g := openGPU(b, 960, 540, Options{SwapInterval: 0})
	var wall, cpu [3][]time.Duration // [0] instanced, [1] separate, [2] empty
	onMain(b, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		f, err := newCubeField(b, c, 100, 1, 0.35, 960.0/540)
		if err != nil {
			return err
		}
		for range 2 { // warm: pipelines, arena, the driver's caches
			for _, instanced := range []bool{true, false} {
				if _, err := c.frame(g, false, func() error { return f.draw(instanced) }); err != nil {
					return err
				}
			}
		}
		b.ResetTimer()
		draws := [3]func() error{
			func() error { return f.draw(true) },
			func() error { return f.draw(false) },
			func() error { return c.dev.Clear(background) },
		}
		for i := 0; i < b.N; i++ {
			for k := range 3 {
				side := (i + k) % 3
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				start, cpu0 := time.Now(), processCPU()
				if _, err := c.frame(g, false, draws[side]); err != nil {
					return err
				}
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				wall[side] = append(wall[side], time.Since(start))
				cpu[side] = append(cpu[side], processCPU()-cpu0)
			}
		}
		return nil
	})
	inst, sep := median(wall[0]), median(wall[1])
	b.ReportMetric(1/inst.Seconds(), "instanced-frames/s")
	b.ReportMetric(1/sep.Seconds(), "separate-frames/s")
	b.ReportMetric(sep.Seconds()/inst.Seconds(), "ratio")
	b.ReportMetric(float64(median(wall[2]).Microseconds())/1000, "empty-frame-ms")
	if ci, cs := median(cpu[0]), median(cpu[1]); ci > 0 {
		b.ReportMetric(cs.Seconds()/ci.Seconds(), "cpu-ratio")
		b.ReportMetric(float64(ci.Microseconds())/1000, "instanced-cpu-ms")
		b.ReportMetric(float64(cs.Microseconds())/1000, "separate-cpu-ms")
	}
}

// median returns the median of ts (0 for none); it sorts ts.
func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	slices.Sort(ts)
	return ts[len(ts)/2]
}
