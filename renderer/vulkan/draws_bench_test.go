package vulkan

import (
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// thousandDraws draws 1,000 small lit cubes with BasicEffect, each its
// own draw with its own world matrix and colour (distinct objects).
func thousandDraws(c *content, n int) error {
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	d := c.dev
	d.SetDepthStencilState(graphics.DepthDefault)
	d.SetBlendState(graphics.Opaque)
	d.SetRasterizerState(graphics.CullCounterClockwise)
	d.SetVertexBuffer(c.cubeVB)
	d.SetIndices(c.cubeIB)
	proj, err := graphics.CreateOrthographicOffCenter(-20, 20, -15, 15, -10, 10)
	if err != nil {
		return err
	}
	e := c.mesh
	e.View = mgl32.HomogRotate3D(0.5, mgl32.Vec3{1, 1, 0}.Normalize())
	e.Projection = proj
	e.TextureEnabled = false
	for i := range 1000 {
		x, y := float32(i%40)-19.5, float32(i/40)-12
		e.World = mgl32.Translate3D(x, y, 0).Mul4(mgl32.Scale3D(0.3, 0.3, 0.3)).Mul4(mgl32.HomogRotate3DY(float32(n+i) * 0.01))
		e.DiffuseColor = mgl32.Vec3{float32(i%40) / 40, float32(i/40) / 25, 0.6}
		e.Apply()
		if err := d.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkG16_ThousandDraws measures the CPU time (the process's, all
// threads: the engine's recording and the driver's execution) of 1,000
// BasicEffect draws of distinct objects in a frame, less that of an empty
// frame (a clear and the present), per draw: the us/draw metric (G16).
// The objects share one mesh, so their draws join into one draw of
// instances per group of blocks (opList.instances), as a game's repeated
// models do. Frames are timed from an idle device to an idle device,
// interleaved with empty ones, and the medians compared. Benchmarks run
// without validation:
//
//	go test -run '^$' -bench G16_ -benchtime 20x ./renderer/vulkan
func BenchmarkG16_ThousandDraws(b *testing.B) { benchmarkThousandDraws(b) }

// BenchmarkG16_ThousandDrawsSeparate is BenchmarkG16_ThousandDraws with
// the joining of repeated draws off: what 1,000 draws of distinct meshes
// cost the driver, one draw each.
func BenchmarkG16_ThousandDrawsSeparate(b *testing.B) {
	mergeDraws = false
	defer func() { mergeDraws = true }()
	benchmarkThousandDraws(b)
}

func benchmarkThousandDraws(b *testing.B) {
	g := openGPU(b, 320, 240, Options{SwapInterval: 0})
	var cpu, wall [2][]time.Duration // [0] 1,000 draws, [1] empty
	onMain(b, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		n := 0
		draws := [2]func() error{
			func() error { n++; return thousandDraws(c, n) },
			func() error { return c.dev.Clear(background) },
		}
		for range 2 { // warm: pipelines, arena, the driver's caches
			for _, f := range draws {
				if _, err := c.frame(g, false, f); err != nil {
					return err
				}
			}
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for k := range 2 {
				side := (i + k) % 2
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
	perDraw := func(ts [2][]time.Duration) float64 {
		return float64((median(ts[0]) - median(ts[1])).Nanoseconds()) / 1000 / 1000
	}
	b.ReportMetric(perDraw(cpu), "us/draw")
	b.ReportMetric(perDraw(wall), "wall-us/draw")
	b.ReportMetric(float64(median(cpu[1]).Microseconds())/1000, "empty-frame-cpu-ms")
}

// TestG16_BasicEffectBindsOncePerGroup records 1,000 BasicEffect draws of
// distinct objects (each its own block) and counts the binds of the
// uniform set: one per group of drawGroup blocks, not one per draw. The
// picture stays that of separate draws (the golden tests pin it).
func TestG16_BasicEffectBindsOncePerGroup(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var binds int
	onMain(t, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		if _, err := c.frame(g, false, func() error { return thousandDraws(c, 0) }); err != nil {
			return err
		}
		binds = g.r.frames.ops.uniformBinds()
		return nil
	})
	if want := (1000 + drawGroup - 1) / drawGroup; binds > want {
		t.Errorf("%d uniform binds for 1,000 BasicEffect draws, want at most %d (one per %d blocks)", binds, want, drawGroup)
	}
}

// TestG16_RepeatedDrawsJoinAndLookTheSame records the 1,000 cubes of one
// mesh, each with its own world matrix and colour: the draws join into one
// draw of instances per group of blocks, and the picture is the same, to
// the bit, as with each drawn on its own.
func TestG16_RepeatedDrawsJoinAndLookTheSame(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var joined, separate *image.RGBA
	var joinedOps, separateOps int
	onMain(t, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		draw := func() error { return thousandDraws(c, 7) }
		if joined, err = c.frame(g, true, draw); err != nil {
			return err
		}
		joinedOps = g.r.frames.ops.drawOps()
		mergeDraws = false
		defer func() { mergeDraws = true }()
		if separate, err = c.frame(g, true, draw); err != nil {
			return err
		}
		separateOps = g.r.frames.ops.drawOps()
		return nil
	})
	if want := (1000 + drawGroup - 1) / drawGroup; joinedOps > want {
		t.Errorf("%d draws recorded for 1,000 repeats of one mesh, want at most %d (one per group)", joinedOps, want)
	}
	if separateOps != 1000 {
		t.Errorf("%d draws recorded with joining off, want 1000", separateOps)
	}
	diff := 0
	for i := range joined.Pix {
		if joined.Pix[i] != separate.Pix[i] {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%d bytes of the picture differ between the joined and the separate draws", diff)
	}
}

// TestG16_EachDrawReadsItsOwnBlock draws 300 small quads, each in its own
// colour (its own block, across three groups), and reads each back.
func TestG16_EachDrawReadsItsOwnBlock(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	const n, cols, cell = 300, 40, 4
	colour := func(i int) mgl32.Vec3 {
		return mgl32.Vec3{float32(i%cols) / (cols - 1), float32(i/cols) / 7, float32(i%3) / 2}
	}
	var img *image.RGBA
	onMain(t, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			for i := range n {
				c.flat.DiffuseColor = colour(i)
				x, y := float32(i%cols*cell), float32(i/cols*cell)
				if err := c.quad(x, y, cell, cell, graphics.White, nil); err != nil {
					return err
				}
			}
			return nil
		})
		return err
	})
	bad := 0
	for i := range n {
		v := colour(i)
		want := color.RGBA{uint8(v[0]*255 + 0.5), uint8(v[1]*255 + 0.5), uint8(v[2]*255 + 0.5), 255}
		if got := rgbaAt(img, i%cols*cell+cell/2, i/cols*cell+cell/2); !near(got, want, 2) {
			if bad++; bad <= 5 {
				t.Errorf("quad %d: pixel %v, want %v", i, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d quads drawn with another draw's block", bad, n)
	}
}
