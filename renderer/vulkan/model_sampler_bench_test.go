package vulkan

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// BenchmarkM1_AnisotropicVersusLinearMipmapped: a textured box flattened
// into a floor receding to the horizon (a 1024x1024 checker repeated three
// times, so the far part minifies steeply) across a 960x540 frame, drawn with its part's sampler set to LinearWrap and
// to AnisotropicWrap, with the mipmaps the default sampler gives the
// texture and without any (a file whose sampler asks for none), side by
// side in one run; the medians as frames/s.
func BenchmarkM1_AnisotropicVersusLinearMipmapped(b *testing.B) {
	g := openGPU(b, 960, 540, Options{SwapInterval: 0})
	dir := b.TempDir()
	save := func(name string, mips bool) string {
		doc, err := modeltest.RepeatedBox()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := modeler.WriteImage(doc, "big", "image/png", bytes.NewReader(modeltest.Checker(1024))); err != nil {
			b.Fatal(err)
		}
		doc.Textures[0].Source = gltf.Index(len(doc.Images) - 1)
		if !mips {
			doc.Samplers = []*gltf.Sampler{{MinFilter: gltf.MinLinear}}
			doc.Textures[0].Sampler = gltf.Index(0)
		}
		file := filepath.Join(dir, name)
		if err := modeltest.Save(doc, file, ""); err != nil {
			b.Fatal(err)
		}
		return file
	}
	files := [2]string{save("mips.glb", true), save("flat.glb", false)}
	samplers := [2]graphics.SamplerState{graphics.LinearWrap, graphics.AnisotropicWrap}
	var wall [4][]time.Duration // mips linear, mips aniso, flat linear, flat aniso
	onMain(b, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		var models [2]*graphics.Model
		for i, f := range files {
			if models[i], err = graphics.LoadModelFile(c.dev, f); err != nil {
				return err
			}
		}
		proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 960.0/540, 0.05, 20)
		if err != nil {
			return err
		}
		view := graphics.CreateLookAt(mgl32.Vec3{0, 0.4, 9}, mgl32.Vec3{0, 0, -9}, mgl32.Vec3{0, 1, 0})
		draw := func(k int) func() error {
			m := models[k/2]
			return func() error {
				m.Meshes[0].MeshParts[0].SamplerState = samplers[k%2]
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				return m.Draw(mgl32.Scale3D(20, 0.02, 20), view, proj) // a floor receding to the horizon
			}
		}
		for k := range 4 { // warm
			if _, err := c.frame(g, false, draw(k)); err != nil {
				return err
			}
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for j := range 4 {
				k := (i + j) % 4
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				start := time.Now()
				if _, err := c.frame(g, false, draw(k)); err != nil {
					return err
				}
				if err := g.r.WaitIdle(); err != nil {
					return err
				}
				wall[k] = append(wall[k], time.Since(start))
			}
		}
		return nil
	})
	for k, name := range []string{"mips-linear", "mips-aniso", "flat-linear", "flat-aniso"} {
		b.ReportMetric(1/median(wall[k]).Seconds(), name+"-frames/s")
	}
	b.ReportMetric(median(wall[1]).Seconds()/median(wall[0]).Seconds(), "aniso/linear-cost")
}
