package graphics_test

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// characters returns a model of a 64-joint skin and n players of it,
// each at its own clip time.
func characters(b *testing.B, n int) (*rig, *graphics.Model, []*graphics.AnimationPlayer) {
	r := newRig(b)
	r.fb.Keep = false
	doc, err := modeltest.LongSkin(64)
	m := loadModel(b, r, saveModel(b, doc, err, "c64.glb", ""))
	ps := make([]*graphics.AnimationPlayer, n)
	for i := range ps {
		ps[i] = graphics.NewAnimationPlayer(m)
		must(b, ps[i].StartClip(m.Animations[0]))
		ps[i].Update(time.Duration(i)*7*time.Millisecond, false, mgl32.Ident4())
	}
	return r, m, ps
}

// BenchmarkK6_Update100Characters64Joints: one game update of 100
// characters of 64 joints (every joint animated): the player's Update
// (bone, world and skin transforms) per character, and its allocations.
func BenchmarkK6_Update100Characters64Joints(b *testing.B) {
	_, _, ps := characters(b, 100)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, p := range ps {
			p.Update(16666700*time.Nanosecond, true, mgl32.Ident4())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100/1000, "µs/character")
}

// BenchmarkK6_DrawPose100Characters64Joints: recording one frame of 100
// posed characters on the fake backend: gpu, a SkinnedEffect draw each
// (its block of 3.9 KB: the lighting and 72 bones); cpu (CPUSkinning),
// skinning 390 vertices each into the vertex arena.
func BenchmarkK6_DrawPose100Characters64Joints(b *testing.B) {
	for _, cpu := range []bool{false, true} {
		b.Run(map[bool]string{false: "gpu", true: "cpu"}[cpu], func(b *testing.B) {
			r, m, ps := characters(b, 100)
			m.CPUSkinning = cpu
			frame := func() {
				must(b, r.dev.BeginFrame(640, 480))
				for i, p := range ps {
					must(b, m.DrawPose(p, mgl32.Translate3D(float32(i%10), float32(i/10), 0), mgl32.Ident4(), mgl32.Ident4()))
				}
				f, err := r.dev.EndFrame()
				must(b, err)
				must(b, r.fb.Execute(f))
			}
			frame() // the first makes the SkinnedEffect's shaders and the skinned vertex buffer
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				frame()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100/1000, "µs/character")
		})
	}
}
