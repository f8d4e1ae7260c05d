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

// BenchmarkK6_SkinnedVersusStatic: 100 characters of a 64-joint skin
// (390 vertices each) updated and drawn posed (Model.DrawPose: skinned
// on the GPU by a SkinnedEffect; BenchmarkK4_GPUVersusCPUSkinning sets
// the CPU path beside it) against the same 100 models drawn
// static (Model.Draw, the rest pose from their vertex buffers), side by
// side in one run, frames alternated, each waited for; the medians are
// reported as frames/s, with the update's share of the skinned frame.
func BenchmarkK6_SkinnedVersusStatic(b *testing.B) {
	g := openGPU(b, 960, 540, Options{SwapInterval: 0})
	doc, err := modeltest.LongSkin(64)
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "c64.glb")
	if err := modeltest.Save(doc, file, ""); err != nil {
		b.Fatal(err)
	}
	var wall [2][]time.Duration // [0] skinned, [1] static
	var update []time.Duration
	onMain(b, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		m, err := graphics.LoadModelFile(c.dev, file)
		if err != nil {
			return err
		}
		ps := make([]*graphics.AnimationPlayer, 100)
		for i := range ps {
			ps[i] = graphics.NewAnimationPlayer(m)
			if err := ps[i].StartClip(m.Animations[0]); err != nil {
				return err
			}
		}
		proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 960.0/540, 0.1, 100)
		if err != nil {
			return err
		}
		view := graphics.CreateLookAt(mgl32.Vec3{0, 8, 40}, mgl32.Vec3{0, 8, 0}, mgl32.Vec3{0, 1, 0})
		place := func(i int) mgl32.Mat4 { return mgl32.Translate3D(float32(i%10)*3-13.5, float32(i/10)*1.8, 0) }
		clock := time.Duration(0)
		var upd time.Duration
		draws := [2]func() error{
			func() error {
				clock += 16666700 * time.Nanosecond
				t0 := time.Now()
				for i, p := range ps {
					p.Update(clock+time.Duration(i)*7*time.Millisecond, false, mgl32.Ident4())
				}
				upd = time.Since(t0)
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				for i, p := range ps {
					if err := m.DrawPose(p, place(i), view, proj); err != nil {
						return err
					}
				}
				return nil
			},
			func() error {
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				for i := range ps {
					if err := m.Draw(place(i), view, proj); err != nil {
						return err
					}
				}
				return nil
			},
		}
		for range 2 { // warm: pipelines, arena, the driver's caches
			for _, d := range draws {
				if _, err := c.frame(g, false, d); err != nil {
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
				start := time.Now()
				if _, err := c.frame(g, false, draws[side]); err != nil {
					return err
				}
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				wall[side] = append(wall[side], time.Since(start))
				if side == 0 {
					update = append(update, upd)
				}
			}
		}
		return nil
	})
	sk, st := median(wall[0]), median(wall[1])
	b.ReportMetric(1/sk.Seconds(), "skinned-frames/s")
	b.ReportMetric(1/st.Seconds(), "static-frames/s")
	b.ReportMetric(float64(median(update).Microseconds())/100, "update-µs/character")
}
