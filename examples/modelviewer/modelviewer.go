// Command modelviewer shows a glTF 2.0 model (.gltf or .glb) with an
// orbit camera, written only against the engine's public API (engine,
// engine/desktop and engine/graphics):
//
//	go run ./examples/modelviewer [-anim K] FILE
//
// Drag with the left mouse button to orbit (the cursor is captured while
// the button is held, so the drag never leaves the window), turn the
// wheel to zoom, press Esc to quit. A file with animations plays clip K
// (0 by default) on game time with an AnimationPlayer; N cross-fades to
// the next clip over 0.3 s; the title shows the clip and its time.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	_ "github.com/metronome-engine/metronome/engine/desktop/preload" // the drivers load from process start (W11)
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

const (
	fieldOfView = math.Pi / 4
	orbitSpeed  = 0.005 // radians per screen coordinate of drag
	zoomStep    = 1.1   // distance factor per wheel step
)

var background = graphics.Color{R: 30, G: 34, B: 44, A: 255}

// viewer is the game: the model, its bounding sphere and the camera's
// orbit (yaw, pitch and distance in sphere radii).
type viewer struct {
	file   string
	model  *graphics.Model
	sphere graphics.BoundingSphere

	yaw, pitch float32
	zoom       float32 // camera distance over the distance that frames the model
	lastScroll float64
	frames     int // quit after this many draws; 0: no limit (tests)
	draws      int

	player *graphics.AnimationPlayer // nil for a file without animations
	clip   int                       // the clip playing
	start  time.Duration             // the game time it started at
	shown  time.Duration             // the clip time the title last showed
}

func main() {
	anim := flag.Int("anim", 0, "play animation `K` of the file (0: the first)")
	flag.Parse()
	if flag.NArg() != 1 || *anim < 0 {
		fmt.Fprintln(os.Stderr, "usage: modelviewer [-anim K] FILE (a glTF 2.0 .gltf or .glb)")
		os.Exit(2)
	}
	file := flag.Arg(0)
	if err := graphics.CheckModelFile(file); err != nil { // refuse a bad file before the window opens
		fmt.Fprintln(os.Stderr, "modelviewer:", err)
		os.Exit(2)
	}
	v := &viewer{file: file, pitch: 0.3, zoom: 1, clip: *anim}
	if err := desktop.Run(v, desktop.Config{Title: "modelviewer: " + file, Width: 960, Height: 640, Resizable: true}); err != nil {
		fmt.Fprintln(os.Stderr, "modelviewer:", err)
		os.Exit(1)
	}
}

func (v *viewer) LoadContent(g *engine.Game) (err error) {
	if v.model, err = graphics.LoadModelFile(g.GraphicsDevice().Device, v.file); err != nil {
		return err
	}
	v.sphere = v.model.BoundingSphere()
	if !(v.sphere.Radius > 0) {
		v.sphere.Radius = 1
	}
	if n := len(v.model.Animations); n > 0 {
		if v.clip >= n {
			return fmt.Errorf("-anim %d: %s has %d animations", v.clip, v.file, n)
		}
		v.player = graphics.NewAnimationPlayer(v.model)
		v.model.Player = v.player // Model.Draw draws its pose
		return v.player.StartClip(v.model.Animations[v.clip])
	}
	return nil
}

func (v *viewer) Update(g *engine.Game, gt timing.GameTime) {
	if g.IsKeyJustPressed(engine.KeyEscape) {
		g.Exit()
	}
	if v.player != nil {
		v.animate(g, gt.TotalGameTime.Duration()+gt.ElapsedGameTime.Duration())
	}
	// Orbit while the left button is held: the cursor is captured then,
	// and MouseDelta is the drag since the last update.
	held := g.Mouse().IsButtonDown(engine.MouseLeft)
	if held != g.IsMouseCaptured() {
		g.SetMouseCaptured(held)
	}
	if held {
		dx, dy := g.MouseDelta()
		v.yaw -= float32(dx) * orbitSpeed
		v.pitch = max(-1.5, min(1.5, v.pitch+float32(dy)*orbitSpeed))
	}
	scroll := g.Mouse().ScrollY
	v.zoom = max(0.05, min(20, v.zoom*float32(math.Pow(zoomStep, v.lastScroll-scroll))))
	v.lastScroll = scroll
}

func (v *viewer) Draw(g *engine.Game, _ timing.GameTime) {
	dev := g.GraphicsDevice().Device
	if err := dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer, background, 1, 0); err != nil {
		return
	}
	vp := dev.Viewport()
	aspect := float32(vp.Width) / float32(max(1, vp.Height))
	r := v.sphere.Radius
	dist := v.zoom * 1.15 * r / float32(math.Sin(fieldOfView/2))
	eye := mgl32.HomogRotate3DY(v.yaw).Mul4(mgl32.HomogRotate3DX(-v.pitch)).Mul4x1(mgl32.Vec4{0, 0, dist, 0}).Vec3()
	proj, err := graphics.CreatePerspectiveFieldOfView(fieldOfView, aspect, max(dist-1.5*r, dist/1000), dist+1.5*r)
	if err != nil {
		g.Exit()
		return
	}
	c := v.sphere.Center
	dev.SetDepthStencilState(graphics.DepthDefault)
	view := graphics.CreateLookAt(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	if err := v.model.Draw(mgl32.Translate3D(-c[0], -c[1], -c[2]), view, proj); err != nil {
		fmt.Fprintln(os.Stderr, "modelviewer: draw:", err)
		g.Exit()
	}
	if v.draws++; v.frames > 0 && v.draws >= v.frames {
		g.Exit()
	}
}

// animate poses the model at game time now: the clip time is the game
// time since the clip started; N cross-fades to the next clip. The title
// shows the clip and its time, refreshed every tenth of a second.
func (v *viewer) animate(g *engine.Game, now time.Duration) {
	clips := v.model.Animations
	changed := false
	if g.IsKeyJustPressed(engine.KeyN) {
		v.clip = (v.clip + 1) % len(clips)
		if err := v.player.CrossFade(clips[v.clip], 300*time.Millisecond); err == nil {
			v.start, changed = now, true
		}
	}
	v.player.Update(now-v.start, false, mgl32.Ident4())
	t := v.player.CurrentTime().Truncate(100 * time.Millisecond)
	if changed || t != v.shown {
		v.shown = t
		g.Window().SetTitle(fmt.Sprintf("modelviewer: %s: clip %d/%d %q %.1fs (N: next)", v.file, v.clip, len(clips), clips[v.clip].Name, t.Seconds()))
	}
}
