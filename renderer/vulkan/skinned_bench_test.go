package vulkan

import (
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// crowd is 100 characters of a 64-joint skin (390 vertices each), each
// posed by its own player, sharing one model.
type crowd struct {
	c          *content
	m          *graphics.Model
	ps         []*graphics.AnimationPlayer
	view, proj mgl32.Mat4
	clock      time.Duration
}

func newCrowd(tb testing.TB, g *gpu) (*crowd, error) {
	doc, err := modeltest.LongSkin(64)
	if err != nil {
		return nil, err
	}
	file := filepath.Join(tb.TempDir(), "c64.glb")
	if err := modeltest.Save(doc, file, ""); err != nil {
		return nil, err
	}
	c, err := newContent(g)
	if err != nil {
		return nil, err
	}
	m, err := graphics.LoadModelFile(c.dev, file)
	if err != nil {
		return nil, err
	}
	cr := &crowd{c: c, m: m, ps: make([]*graphics.AnimationPlayer, 100)}
	for i := range cr.ps {
		cr.ps[i] = graphics.NewAnimationPlayer(m)
		if err := cr.ps[i].StartClip(m.Animations[0]); err != nil {
			return nil, err
		}
	}
	w, h := g.r.Extent()
	if cr.proj, err = graphics.CreatePerspectiveFieldOfView(math.Pi/4, float32(w)/float32(h), 0.1, 100); err != nil {
		return nil, err
	}
	cr.view = graphics.CreateLookAt(mgl32.Vec3{0, 8, 40}, mgl32.Vec3{0, 8, 0}, mgl32.Vec3{0, 1, 0})
	return cr, nil
}

func (cr *crowd) place(i int) mgl32.Mat4 {
	return mgl32.Translate3D(float32(i%10)*3-13.5, float32(i/10)*1.8, 0)
}

// posed updates every player one frame on and draws them, skinned on the
// CPU when cpu is set, else on the GPU.
func (cr *crowd) posed(cpu bool) error {
	cr.clock += 16666700 * time.Nanosecond
	for i, p := range cr.ps {
		p.Update(cr.clock+time.Duration(i)*7*time.Millisecond, false, mgl32.Ident4())
	}
	if err := cr.c.dev.Clear(background); err != nil {
		return err
	}
	cr.m.CPUSkinning = cpu
	for i, p := range cr.ps {
		if err := cr.m.DrawPose(p, cr.place(i), cr.view, cr.proj); err != nil {
			return err
		}
	}
	return nil
}

// static draws the 100 models in their rest pose (Model.Draw).
func (cr *crowd) static() error {
	if err := cr.c.dev.Clear(background); err != nil {
		return err
	}
	for i := range cr.ps {
		if err := cr.m.Draw(cr.place(i), cr.view, cr.proj); err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkK4_GPUVersusCPUSkinning: the 100 characters of 64 joints
// updated and drawn skinned on the GPU (SkinnedEffect, Model.DrawPose's
// path), skinned on the CPU (CPUSkinning) and the same models drawn
// static, side by side in one run, sides alternated, each frame waited
// for; the medians are reported as frames/s, and the time the frame's
// update and draw calls take on the CPU (recording, before the renderer
// executes the frame) per character.
func BenchmarkK4_GPUVersusCPUSkinning(b *testing.B) {
	g := openGPU(b, 960, 540, Options{SwapInterval: 0})
	var wall, rec [3][]time.Duration // GPU-skinned, CPU-skinned, static
	onMain(b, func() error {
		cr, err := newCrowd(b, g)
		if err != nil {
			return err
		}
		draws := [3]func() error{
			func() error { return cr.posed(false) },
			func() error { return cr.posed(true) },
			cr.static,
		}
		for range 2 { // warm: pipelines, arena, the driver's caches
			for _, d := range draws {
				if _, err := cr.c.frame(g, false, d); err != nil {
					return err
				}
			}
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for k := range 3 {
				side := (i + k) % 3
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				start := time.Now()
				var r time.Duration
				if _, err := cr.c.frame(g, false, func() error {
					t0 := time.Now()
					err := draws[side]()
					r = time.Since(t0)
					return err
				}); err != nil {
					return err
				}
				rec[side] = append(rec[side], r)
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				wall[side] = append(wall[side], time.Since(start))
			}
		}
		return nil
	})
	b.ReportMetric(1/median(wall[0]).Seconds(), "gpu-skinned-frames/s")
	b.ReportMetric(1/median(wall[1]).Seconds(), "cpu-skinned-frames/s")
	b.ReportMetric(1/median(wall[2]).Seconds(), "static-frames/s")
	b.ReportMetric(float64(median(rec[0]).Nanoseconds())/100e3, "gpu-record-µs/character")
	b.ReportMetric(float64(median(rec[1]).Nanoseconds())/100e3, "cpu-record-µs/character")
	b.ReportMetric(float64(median(rec[2]).Nanoseconds())/100e3, "static-record-µs/character")
}

// TestK6_GPUSkinnedCrowdAllocatesNothing: on the real stack (lavapipe,
// validation on), updating and drawing the 100 characters of 64 joints
// skinned on the GPU, and on the CPU, allocates 0 Go bytes per frame once
// warm.
func TestK6_GPUSkinnedCrowdAllocatesNothing(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var allocs [2]float64
	onMain(t, func() error {
		cr, err := newCrowd(t, g)
		if err != nil {
			return err
		}
		for i, cpu := range []bool{false, true} {
			if allocs[i], err = cr.c.steadyAllocs(g, 20, func() error { return cr.posed(cpu) }); err != nil {
				return err
			}
		}
		return nil
	})
	for i, what := range []string{"GPU", "CPU"} {
		if allocs[i] != 0 {
			t.Errorf("%.2f Go allocations per frame of 100 characters skinned on the %s, want 0", allocs[i], what)
		}
	}
}
