package game

import (
	"embed"
	"fmt"
	"math"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// The cube is a glTF model committed beside this file (written by
// scripts/genmodels), loaded like any game's content; -model FILE draws
// another model in its place, framed by its bounding sphere.

//go:embed assets/cube.glb
var assets embed.FS

// cubeModel is the committed model's path in assets.
const cubeModel = "assets/cube.glb"

// loadCube loads the committed cube and gives its effects the scene's
// lights and fog (the material gives the colour).
func loadCube(dev *graphics.Device, lights *graphics.BasicEffect) (*graphics.Model, error) {
	m, err := graphics.LoadModel(dev, assets, cubeModel)
	if err != nil {
		return nil, err
	}
	for _, mesh := range m.Meshes {
		for _, e := range mesh.Effects {
			e.LightingEnabled = lights.LightingEnabled
			e.AmbientLightColor = lights.AmbientLightColor
			e.SpecularColor = lights.SpecularColor
			e.DirectionalLight0 = lights.DirectionalLight0
			e.DirectionalLight1 = lights.DirectionalLight1
			e.DirectionalLight2 = lights.DirectionalLight2
			e.FogEnabled, e.FogStart, e.FogEnd, e.FogColor = lights.FogEnabled, lights.FogStart, lights.FogEnd, lights.FogColor
		}
	}
	return m, nil
}

// framedModel is a -model file and how the camera frames it.
type framedModel struct {
	model  *graphics.Model
	center mgl32.Vec3 // the bounding sphere's centre, moved to the origin
	radius float32
}

// loadFramed loads file and measures its bounding sphere. With watch, it
// loads it through g's content manager, rooted at the file's folder, and
// turns hot reload on (rule C3): a saved file replaces the model in place.
func loadFramed(dev *graphics.Device, file string, watch bool, g *engine.Game) (*framedModel, error) {
	var m *graphics.Model
	var err error
	if watch && g != nil {
		c := g.Content()
		if m, err = content.Load[*graphics.Model](c, filepath.Base(file)); err == nil {
			err = c.Watch(g.ContentDir())
		}
	} else {
		m, err = graphics.LoadModelFile(dev, file)
	}
	if err != nil {
		return nil, err
	}
	s := m.BoundingSphere()
	r := s.Radius
	if !(r > 0) || math.IsInf(float64(r), 0) {
		r = 1
	}
	return &framedModel{model: m, center: s.Center, radius: r}, nil
}

// camera returns the view and projection that frame the model's bounding
// sphere from direction dir (a unit vector from the model to the eye):
// the sphere fills the vertical field of view with a margin, and the near
// and far planes hug it.
func (f *framedModel) camera(dir mgl32.Vec3, width, height int) (view, proj mgl32.Mat4, err error) {
	aspect := float32(1)
	if width > 0 && height > 0 {
		aspect = float32(width) / float32(height)
	}
	half := float32(fieldOfView / 2)
	if aspect < 1 { // a tall window: the horizontal field is the narrower
		half = float32(math.Atan(math.Tan(fieldOfView/2) * float64(aspect)))
	}
	dist := 1.15 * f.radius / float32(math.Sin(float64(half)))
	near := max(dist-1.5*f.radius, dist/1000)
	far := dist + 1.5*f.radius
	view = graphics.CreateLookAt(dir.Mul(dist), mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, err = graphics.CreatePerspectiveFieldOfView(fieldOfView, aspect, near, far)
	if err != nil {
		return view, proj, fmt.Errorf("-model: frame the model: %w", err)
	}
	return view, proj, nil
}

// draw draws the model turned by angle about Y around its centre, seen
// from the front and a little above, or from where the free-look camera
// moved the eye (it orbits the model).
func (f *framedModel) draw(dev *graphics.Device, angle float32, look *freeLook) error {
	vp := dev.Viewport()
	view, proj, err := f.camera(look.orbit(mgl32.Vec3{0, 0.35, 1}.Normalize()), vp.Width, vp.Height)
	if err != nil {
		return err
	}
	world := mgl32.HomogRotate3DY(angle).Mul4(mgl32.Translate3D(-f.center[0], -f.center[1], -f.center[2]))
	return f.model.Draw(world, view, proj)
}
