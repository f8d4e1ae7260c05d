package vulkan

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// The M4 goldens: models the tests write with github.com/qmuntal/gltf,
// loaded with graphics.LoadModelFile and drawn with Model.Draw under the
// device's default states, on lavapipe with validation on.

// modelGolden writes doc as name, loads it and draws it seen from eye
// (looking at the origin) turned by angle about Y, then compares the frame
// with testdata/golden.
func modelGolden(t *testing.T, golden string, doc *gltf.Document, err error, name string, eye mgl32.Vec3, angle float32) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "checker.png"), modeltest.Checker(8), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name)
	if err := modeltest.Save(doc, file, ""); err != nil {
		t.Fatal(err)
	}
	modelFrame(t, golden, func(c *content) error {
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
		c.dev.SetSamplerState(graphics.PointWrap)
		view := graphics.CreateLookAt(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		return m.Draw(mgl32.HomogRotate3DY(angle), view, proj)
	})
}

// modelFrame is golden without the content's own draws.
func modelFrame(t *testing.T, name string, draw func(c *content) error) {
	golden(t, name, draw)
}

func TestM4_GoldenBox(t *testing.T) {
	doc, err := modeltest.Box()
	modelGolden(t, "m4_box.png", doc, err, "box.glb", mgl32.Vec3{1.6, 1.3, 2}, 0.3)
}

func TestM4_GoldenTexturedBox(t *testing.T) {
	doc, err := modeltest.TexturedBox("checker.png")
	modelGolden(t, "m4_textured_box.png", doc, err, "box.gltf", mgl32.Vec3{1.6, 1.3, 2}, 0.3)
}

// TestM4_GoldenMaskedBox: an alpha MASK material drawn by an
// AlphaTestEffect: the transparent checker squares are holes through which
// the box's far inside shows (the material is double-sided).
func TestM4_GoldenMaskedBox(t *testing.T) {
	doc, err := modeltest.MaskedBox()
	modelGolden(t, "m4_masked_box.png", doc, err, "masked.glb", mgl32.Vec3{1.6, 1.3, 2}, 0.3)
}

func TestM4_GoldenHierarchy(t *testing.T) {
	doc, err := modeltest.Hierarchy()
	modelGolden(t, "m4_hierarchy.png", doc, err, "chain.glb", mgl32.Vec3{2.5, 2.5, 3.5}, 0)
}

func TestM4_GoldenTwoMaterials(t *testing.T) {
	doc, err := modeltest.TwoMaterials()
	modelGolden(t, "m4_two_materials.png", doc, err, "pair.gltf", mgl32.Vec3{0.5, 1.5, 3.2}, 0)
}
