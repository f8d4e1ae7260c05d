package game

import (
	"embed"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"path/filepath"
	"strconv"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
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

// framedModel is a -model file and how the camera frames it, with the
// player of its animation (nil for a file without animations).
type framedModel struct {
	model  *graphics.Model
	center mgl32.Vec3 // the bounding sphere's centre, moved to the origin
	radius float32

	player *graphics.AnimationPlayer
	anim   animOptions   // the clip playing and -anim-time
	start  time.Duration // the game time the clip started at
}

// loadFramed loads file, measures its bounding sphere and starts clip
// anim.clip when it has animations (rule K3). With watch, it loads the
// file through g's content manager, rooted at the file's folder, and turns
// hot reload on (rule C3): a saved file replaces the model in place.
func loadFramed(dev *graphics.Device, file string, anim animOptions, watch bool, g *engine.Game) (*framedModel, error) {
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
	f := &framedModel{model: m, center: s.Center, radius: r, anim: anim}
	if len(m.Animations) > 0 {
		if anim.clip >= len(m.Animations) {
			return nil, fmt.Errorf("-anim %d: %s has %d animations (0..%d)", anim.clip, file, len(m.Animations), len(m.Animations)-1)
		}
		f.player = graphics.NewAnimationPlayer(m)
		if err := f.player.StartClip(m.Animations[anim.clip]); err != nil {
			return nil, err
		}
		m.Player = f.player
		f.update(0)
	}
	return f, nil
}

// animOptions are -anim and -anim-time.
type animOptions struct {
	clip int           // the clip played first
	hold bool          // -anim-time given: the clip holds at time at
	at   time.Duration // -anim-time
}

// crossFade is how long key N blends into the next clip.
const crossFade = 300 * time.Millisecond

// addAnimFlags adds -anim and -anim-time to the sample's flags.
func addAnimFlags(fs *flag.FlagSet, opt *gameOptions, raw *gameFlagText) {
	fs.IntVar(&opt.anim.clip, "anim", 0, "play animation `K` of the -model's file (0: the first; key N moves to the next with a 0.3 s cross-fade)")
	fs.StringVar(&raw.animTime, "anim-time", "", "hold the -model's animation at clip time `T` (a Go duration such as 0.5s) for captures: with -fixed-dt the picture depends on T and the frame only")
}

// checkAnimFlags checks -anim and -anim-time against -model's file.
func checkAnimFlags(opt *gameOptions, raw gameFlagText) error {
	if raw.animTime != "" {
		d, err := time.ParseDuration(raw.animTime)
		if err != nil || d < 0 {
			return fmt.Errorf("-anim-time %q: want a duration of 0 or more, such as 0.5s", raw.animTime)
		}
		opt.anim.hold, opt.anim.at = true, d
	}
	if opt.anim.clip < 0 {
		return fmt.Errorf("-anim %d: want an animation index, 0 or more", opt.anim.clip)
	}
	if opt.model == "" {
		if raw.animTime != "" || opt.anim.clip != 0 {
			return fmt.Errorf("-anim and -anim-time play a model's animation: give -model FILE")
		}
		return nil
	}
	if opt.anim.clip > 0 {
		doc, err := gltf.Open(opt.model)
		if err != nil {
			return fmt.Errorf("-model: %w", err)
		}
		if n := len(doc.Animations); opt.anim.clip >= n {
			return fmt.Errorf("-anim %d: %s has %d animations", opt.anim.clip, opt.model, n)
		}
	}
	return nil
}

// updateModel runs the -model's animation on game time (rule K5): key N
// cross-fades to the next clip; the clip time is the game time since the
// clip started, or -anim-time.
func (s *sampleGame) updateModel(gt timing.GameTime) {
	taps := s.nextClips
	s.nextClips = 0
	if s.sc == nil || s.sc.framed == nil || s.sc.framed.player == nil {
		return
	}
	f := s.sc.framed
	if !f.refit() {
		return
	}
	now := gt.TotalGameTime.Duration() + gt.ElapsedGameTime.Duration()
	for ; taps > 0; taps-- { // each press of N (game_keys.go), taps in one update included
		f.next(now)
	}
	f.update(now)
}

// refit makes a new player when -watch replaced the model in place (rule
// C3): the old player was made for the old bones. It reports whether the
// model has a player.
func (f *framedModel) refit() bool {
	if f.model.Player == f.player {
		return true
	}
	f.player = nil
	if f.anim.clip < len(f.model.Animations) {
		p := graphics.NewAnimationPlayer(f.model)
		if p.StartClip(f.model.Animations[f.anim.clip]) == nil {
			f.player = p
		}
	}
	f.model.Player = f.player
	return f.player != nil
}

// next cross-fades to the next clip, starting it at game time now.
func (f *framedModel) next(now time.Duration) {
	clips := f.model.Animations
	f.anim.clip = (f.anim.clip + 1) % len(clips)
	if err := f.player.CrossFade(clips[f.anim.clip], crossFade); err == nil {
		f.start = now
	}
}

// update poses the model at game time now.
func (f *framedModel) update(now time.Duration) {
	at := now - f.start
	if f.anim.hold {
		at = f.anim.at
	}
	f.player.Update(at, false, mgl32.Ident4())
}

// appendAnim appends the HUD's animation line: the clip, its name and
// its time (allocation-free).
func (f *framedModel) appendAnim(b []byte) []byte {
	if f.player == nil {
		return b
	}
	c := f.player.CurrentClip()
	b = append(b, "\nclip "...)
	b = strconv.AppendInt(b, int64(f.anim.clip), 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(len(f.model.Animations)), 10)
	b = append(b, ' ')
	b = strconv.AppendQuote(b, c.Name)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, f.player.CurrentTime().Seconds(), 'f', 2, 64)
	b = append(b, "s (N: next)"...)
	return b
}

// poseChecksum is an FNV-1a hash of the -model's pose (every bone's
// world transform, every skin's joint matrices, every mesh's morph
// weights) for -dump-state: 0 without an animated model.
func (s *sampleGame) poseChecksum() uint64 {
	if s.sc == nil || s.sc.framed == nil || s.sc.framed.player == nil {
		return 0
	}
	p, m := s.sc.framed.player, s.sc.framed.model
	h := fnv.New64a()
	var buf [4]byte
	put := func(v float32) {
		u := math.Float32bits(v)
		buf[0], buf[1], buf[2], buf[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
		h.Write(buf[:])
	}
	for _, w := range p.WorldTransforms() {
		for _, v := range w {
			put(v)
		}
	}
	for i := range m.Skins {
		for _, j := range p.SkinTransforms(i) {
			for _, v := range j {
				put(v)
			}
		}
	}
	for i := range m.Meshes {
		for _, v := range p.MorphWeights(i) {
			put(v)
		}
	}
	return h.Sum64()
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
