// Command pixelart is a small pixel-art scene at a virtual resolution of
// 320x180, scaled to any window size with the aspect ratio kept
// (graphics.VirtualScreen): resize the window freely; F toggles full
// screen (and back to the size the window had), I toggles integer scaling,
// Esc quits. A square follows the mouse in virtual pixels.
//
//	go run ./examples/pixelart
package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	_ "github.com/metronome-engine/metronome/engine/desktop/preload" // the drivers load from process start (W11)
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// The virtual resolution.
const vw, vh = 320, 180

// scene is the whole game.
type scene struct {
	vs     *graphics.VirtualScreen
	sb     *graphics.SpriteBatch
	font   *graphics.SpriteFont
	cursor mgl32.Vec2 // the mouse, in virtual pixels
	inside bool       // the mouse is on the frame, not a bar
	t      float64    // seconds of game time
}

func main() {
	err := desktop.Run(&scene{}, desktop.Config{Title: "pixel art", Width: 960, Height: 540, Resizable: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "pixelart:", err)
		os.Exit(1)
	}
}

func (s *scene) LoadContent(g *engine.Game) (err error) {
	dev := g.GraphicsDevice()
	g.Window().SetIcon(icon())
	if s.vs, err = graphics.NewVirtualScreen(dev.Device, vw, vh); err != nil {
		return err
	}
	if s.sb, err = graphics.NewSpriteBatch(dev.Device); err != nil {
		return err
	}
	s.font, err = graphics.NewDefaultSpriteFont(dev.Device, 10)
	return err
}

func (s *scene) Update(g *engine.Game, gt timing.GameTime) {
	switch {
	case g.IsKeyJustPressed(engine.KeyEscape):
		g.Exit()
	case g.IsKeyJustPressed(engine.KeyF):
		_ = g.GraphicsDeviceManager().ToggleFullScreen()
	case g.IsKeyJustPressed(engine.KeyI):
		s.vs.IntegerScaling = !s.vs.IntegerScaling
	}
	m := g.Mouse()
	rx, ry := g.Window().PixelRatio()
	x, y, in := s.vs.ToVirtual(m.X*rx, m.Y*ry)
	s.cursor, s.inside = mgl32.Vec2{float32(math.Floor(x)), float32(math.Floor(y))}, in
	s.t = gt.TotalGameTime.Seconds()
}

func (s *scene) Draw(g *engine.Game, _ timing.GameTime) {
	dev := g.GraphicsDevice()
	if s.vs.Begin() != nil || dev.Clear(graphics.Color{R: 24, G: 20, B: 37, A: 255}) != nil || s.sb.Begin() != nil {
		return
	}
	s.sb.FillRectangle(graphics.Rectangle{X: 0, Y: 150, Width: vw, Height: 30}, graphics.Color{R: 62, G: 137, B: 72, A: 255})
	x := int(160 + 120*math.Sin(s.t))
	s.sb.FillRectangle(graphics.Rectangle{X: x - 4, Y: 142, Width: 8, Height: 8}, graphics.Yellow)
	if s.inside {
		s.sb.FillRectangle(graphics.Rectangle{X: int(s.cursor[0]) - 1, Y: int(s.cursor[1]) - 1, Width: 3, Height: 3}, graphics.White)
	}
	s.sb.DrawString(s.font, "F full screen  I integer scaling", mgl32.Vec2{4, 4}, graphics.White)
	if s.sb.End() != nil || s.vs.End() != nil {
		g.Exit()
	}
}

// icon is a 16x16 window icon: a yellow square on green.
func icon() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			c := color.RGBA{62, 137, 72, 255}
			if x >= 4 && x < 12 && y >= 4 && y < 12 {
				c = color.RGBA{255, 255, 0, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
