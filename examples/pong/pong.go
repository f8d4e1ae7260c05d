// Command pong is a complete two-player Pong written only against the
// engine's public API (engine, engine/audio, engine/desktop and
// engine/graphics): W/S move the left paddle, Up/Down the right one, P
// pauses, Esc quits. Paddles, walls and scores beep, panned to the ball.
//
//	go run ./examples/pong
package main

import (
	"fmt"
	"math"
	"os"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/desktop"
	_ "github.com/metronome-engine/metronome/engine/desktop/preload" // the drivers load from process start (W11)
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// Sizes in pixels, speeds in pixels per second.
const (
	width, height      = 640, 480
	paddleW, paddleH   = 12, 80
	margin, ballSize   = 24, 12
	paddleSpeed, speed = 420, 320
)

// pong is the whole game: the paddles' tops, the ball, the score.
type pong struct {
	sb          *graphics.SpriteBatch
	font        *graphics.SpriteFont
	left, right float32
	pos, vel    mgl32.Vec2
	score       [2]int
	paused      bool
	text        []byte // a score, built in place each frame
	beep        *audio.SoundEffect
}

func main() {
	if err := desktop.Run(&pong{}, desktop.Config{Title: "Pong", Width: width, Height: height}); err != nil {
		fmt.Fprintln(os.Stderr, "pong:", err)
		os.Exit(1)
	}
}

func (p *pong) LoadContent(g *engine.Game) (err error) {
	dev := g.GraphicsDevice().Device
	if p.sb, err = graphics.NewSpriteBatch(dev); err == nil {
		p.font, err = graphics.NewDefaultSpriteFont(dev, 40)
	}
	p.left, p.right = (height-paddleH)/2, (height-paddleH)/2
	p.serve(1)
	if err == nil { // one 40 ms 440 Hz beep, pitched per event
		tone := make([]float32, 1920)
		for i := range tone {
			tone[i] = float32(0.3 * math.Sin(float64(i)*2*math.Pi*440/48000) * float64(1920-i) / 1920)
		}
		p.beep, err = g.Audio().NewSoundEffectFloat(tone, 48000, 1)
	}
	return err
}

// pan is the ball's place across the court, -1 (left) to 1 (right).
func (p *pong) pan() float32 { return p.pos[0]/(width-ballSize)*2 - 1 }

// serve puts the ball in the middle, heading left (-1) or right (1).
func (p *pong) serve(dir float32) {
	p.pos = mgl32.Vec2{(width - ballSize) / 2, (height - ballSize) / 2}
	p.vel = mgl32.Vec2{dir * speed, speed / 2}
}

func (p *pong) Update(g *engine.Game, gt timing.GameTime) {
	k := g.Keyboard()
	if g.IsKeyJustPressed(engine.KeyEscape) {
		g.Exit()
	}
	if g.IsKeyJustPressed(engine.KeyP) { // a tap shorter than a tick counts too
		p.paused = !p.paused
	}
	if p.paused {
		return
	}
	dt := float32(gt.ElapsedGameTime.Seconds())
	p.left = paddle(p.left, k, engine.KeyW, engine.KeyS, dt)
	p.right = paddle(p.right, k, engine.KeyUp, engine.KeyDown, dt)
	p.pos = p.pos.Add(p.vel.Mul(dt))
	if p.pos[1] < 0 || p.pos[1] > height-ballSize { // the walls
		p.vel[1] = -p.vel[1]
		p.pos[1] = mgl32.Clamp(p.pos[1], 0, height-ballSize)
		p.beep.Play(0.6, -0.5, p.pan()) // wall: low
	}
	top, x := p.left, float32(margin)
	if p.vel[0] > 0 {
		top, x = p.right, width-margin-paddleW
	}
	if !rect(p.pos[0], p.pos[1], ballSize, ballSize).Intersect(rect(x, top, paddleW, paddleH)).Empty() {
		off := (p.pos[1] + ballSize/2 - top - paddleH/2) / (paddleH / 2) // -1..1: steeper off centre
		p.vel = mgl32.Vec2{-p.vel[0] * 1.05, off * speed}
		p.beep.Play(1, 0, p.pan()) // paddle
	}
	if p.pos[0] < -ballSize {
		p.score[1]++
		p.beep.Play(1, 1, -1) // score: high, on the side that lost
		p.serve(1)
	} else if p.pos[0] > width {
		p.score[0]++
		p.beep.Play(1, 1, 1)
		p.serve(-1)
	}
}

// paddle moves a paddle's top with its two keys, inside the court.
func paddle(top float32, k engine.KeyboardState, up, down engine.Key, dt float32) float32 {
	if k.IsKeyDown(up) {
		top -= paddleSpeed * dt
	}
	if k.IsKeyDown(down) {
		top += paddleSpeed * dt
	}
	return mgl32.Clamp(top, 0, height-paddleH)
}

func (p *pong) Draw(g *engine.Game, _ timing.GameTime) {
	if g.GraphicsDevice().Clear(graphics.Black) != nil || p.sb.Begin() != nil {
		return
	}
	for y := 8; y < height; y += 30 { // the net
		p.sb.FillRectangle(graphics.Rectangle{X: width/2 - 2, Y: y, Width: 4, Height: 14}, graphics.Gray)
	}
	p.sb.FillRectangle(rect(margin, p.left, paddleW, paddleH), graphics.White)
	p.sb.FillRectangle(rect(width-margin-paddleW, p.right, paddleW, paddleH), graphics.White)
	p.sb.FillRectangle(rect(p.pos[0], p.pos[1], ballSize, ballSize), graphics.White)
	p.text = strconv.AppendInt(p.text[:0], int64(p.score[0]), 10)
	p.sb.DrawBytes(p.font, p.text, mgl32.Vec2{width/2 - 40 - p.font.MeasureBytes(p.text)[0], 16}, graphics.White)
	p.text = strconv.AppendInt(p.text[:0], int64(p.score[1]), 10)
	p.sb.DrawBytes(p.font, p.text, mgl32.Vec2{width/2 + 40, 16}, graphics.White)
	if p.paused {
		p.sb.DrawString(p.font, "PAUSED", mgl32.Vec2{width/2 - p.font.MeasureString("PAUSED")[0]/2, height / 2}, graphics.Yellow)
	}
	if p.sb.End() != nil {
		g.Exit()
	}
}

func rect(x, y float32, w, h int) graphics.Rectangle {
	return graphics.Rectangle{X: int(x), Y: int(y), Width: w, Height: h}
}
