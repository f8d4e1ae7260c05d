package vulkan

import (
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The K4 goldens: the committed animated models (scripts/genmodels)
// posed by an AnimationPlayer at fixed clip times and drawn with
// Model.DrawPose, on lavapipe with validation on.

// animGolden loads testdata/animated/name.glb of engine/graphics, poses
// clip 0 at clip time at and draws it seen from eye, looking at target.
func animGolden(t *testing.T, golden, name string, at time.Duration, eye, target mgl32.Vec3) {
	t.Helper()
	file := filepath.Join("..", "..", "engine", "graphics", "testdata", "animated", name+".glb")
	modelFrame(t, golden, func(c *content) error {
		m, err := graphics.LoadModelFile(c.dev, file)
		if err != nil {
			return err
		}
		p := graphics.NewAnimationPlayer(m)
		if err := p.StartClip(m.Animations[0]); err != nil {
			return err
		}
		p.Update(at, false, mgl32.Ident4())
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 40)
		if err != nil {
			return err
		}
		view := graphics.CreateLookAt(eye, target, mgl32.Vec3{0, 1, 0})
		return m.DrawPose(p, mgl32.Ident4(), view, proj)
	})
}

func TestK4_GoldenBentCylinderAtHalfASecond(t *testing.T) {
	animGolden(t, "k4_cylinder_0.5s.png", "cylinder", 500*time.Millisecond, mgl32.Vec3{0, 1.3, 3.5}, mgl32.Vec3{0, 1, 0})
}

func TestK4_GoldenBentCylinderAtOneSecond(t *testing.T) {
	animGolden(t, "k4_cylinder_1s.png", "cylinder", time.Second, mgl32.Vec3{0, 1.3, 3.5}, mgl32.Vec3{0, 1, 0})
}

func TestK4_GoldenChainMixedModes(t *testing.T) {
	animGolden(t, "k4_chain_0.7s.png", "chain", 700*time.Millisecond, mgl32.Vec3{0, 1.5, 6}, mgl32.Vec3{0, 1.5, 0})
}

func TestK4_GoldenMorphCube(t *testing.T) {
	animGolden(t, "k4_morph_1.5s.png", "morphcube", 1500*time.Millisecond, mgl32.Vec3{1.6, 1.5, 2.5}, mgl32.Vec3{0, 0.2, 0})
}

func TestK4_GoldenLongSkin(t *testing.T) {
	animGolden(t, "k4_longskin_1s.png", "longskin", time.Second, mgl32.Vec3{-1.9, 1, 8}, mgl32.Vec3{-1.9, 1, 0})
}
