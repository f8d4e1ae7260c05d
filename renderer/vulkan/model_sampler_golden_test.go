package vulkan

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// TestM1_GoldenRepeatedTextureWhateverTheSampler: a box whose texture
// coordinates run 0..3 and whose texture names no sampler draws the
// checker repeated three times a face (glTF's REPEAT), though the device
// was left at LinearClamp, which would stretch the edge texels.
func TestM1_GoldenRepeatedTextureWhateverTheSampler(t *testing.T) {
	doc, err := modeltest.RepeatedBox()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "repeat.glb")
	if err := modeltest.Save(doc, file, ""); err != nil {
		t.Fatal(err)
	}
	modelFrame(t, "m1_repeated_box.png", func(c *content) error {
		m, err := graphics.LoadModelFile(c.dev, file)
		if err != nil {
			return err
		}
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 20)
		if err != nil {
			return err
		}
		c.dev.SetSamplerState(graphics.LinearClamp)
		view := graphics.CreateLookAt(mgl32.Vec3{1.6, 1.3, 2}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		return m.Draw(mgl32.HomogRotate3DY(0.3), view, proj)
	})
}
