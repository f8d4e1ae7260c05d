// Package sprites is the sample's sprite stress scene: N textured 16x16
// sprites bouncing in a window, drawn with one SpriteBatch, vertical sync
// off (swap interval 0), variable step, no HUD. It prints the frames per
// second it reached, measured between the first and the last present on
// the engine's clock.
//
//	sample sprites [-n N] [-frames N] [-size WxH] [-validation]
package sprites

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// SpriteSize is the side of every sprite, in pixels.
const SpriteSize = 16

type options struct {
	n, frames     int
	width, height int
	validation    bool
}

// Run runs the scene with args (the flags after "sprites") and returns the
// process's exit status: 0, 1 on a failure, 2 on bad flags. It must be
// called from the main thread (it runs a desktop game).
func Run(args []string, stdout, stderr io.Writer) int {
	opt, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample sprites: %v\n", err)
		return 2
	}
	if err := run(opt, stdout); err != nil {
		fmt.Fprintf(stderr, "sample sprites: %v\n", err)
		return 1
	}
	return 0
}

func parse(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("sprites", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opt := options{}
	fs.IntVar(&opt.n, "n", 10000, "number of sprites (1 to 1,000,000)")
	fs.IntVar(&opt.frames, "frames", 0, "exit after this many presented frames (0: run until closed)")
	size := fs.String("size", "640x480", "window size WxH in pixels")
	fs.BoolVar(&opt.validation, "validation", false, "turn the Vulkan validation layer on (a message fails the run)")
	if err := fs.Parse(args); err != nil {
		return opt, err
	}
	if fs.NArg() > 0 {
		return opt, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if opt.n < 1 || opt.n > 1000000 {
		return opt, fmt.Errorf("-n %d: give 1 to 1000000 sprites", opt.n)
	}
	if opt.frames < 0 {
		return opt, fmt.Errorf("-frames %d: give 0 (no limit) or more", opt.frames)
	}
	var err error
	opt.width, opt.height, err = parseSize(*size)
	return opt, err
}

// parseSize reads "WxH" with both sides 16 to 8192.
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(s, "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if !ok || errW != nil || errH != nil || w < SpriteSize || h < SpriteSize || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("-size %q: give WxH, each side 16 to 8192, as in 640x480", s)
	}
	return w, h, nil
}

func run(opt options, stdout io.Writer) error {
	s := newScene(opt)
	g, err := desktop.NewGame(s, desktop.Config{Audio: desktop.AudioOffline, Title: "metronome sprites", Width: opt.width, Height: opt.height,
		Validation: opt.validation})
	if err != nil {
		return err
	}
	g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false // interval 0
	g.SetFixedTimeStep(false)
	s.game = g
	err = g.Run() // Ctrl-C ends it in order (the platform's exit signals); validation messages make it an error (W3)
	if err = errors.Join(err, s.err); err != nil {
		return err
	}
	s.report(stdout)
	return nil
}

// scene is the engine.Handler: the sprites' positions and velocities in
// pixels and pixels per second.
type scene struct {
	opt   options
	game  *engine.Game
	sb    *graphics.SpriteBatch
	tex   *graphics.Texture2D
	pos   []mgl32.Vec2
	vel   []mgl32.Vec2
	err   error
	first time.Duration // the first present's return, on the engine's clock
	last  time.Duration
	count uint64 // presents seen
}

func newScene(opt options) *scene {
	s := &scene{opt: opt, pos: make([]mgl32.Vec2, opt.n), vel: make([]mgl32.Vec2, opt.n)}
	// A fixed pseudo-random start (the same every run).
	x := uint32(2463534242)
	next := func() float32 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return float32(x%10000) / 10000
	}
	for i := range s.pos {
		s.pos[i] = mgl32.Vec2{next() * float32(opt.width-SpriteSize), next() * float32(opt.height-SpriteSize)}
		s.vel[i] = mgl32.Vec2{(next() - 0.5) * 400, (next() - 0.5) * 400}
	}
	return s
}

var _ engine.ContentLoader = (*scene)(nil)

// LoadContent makes the sprite texture and the batch, and counts the
// presents (the -frames limit and the rate).
func (s *scene) LoadContent(g *engine.Game) error {
	dev := g.GraphicsDevice().Device
	var err error
	if s.tex, err = graphics.NewTextureFromImage(dev, Picture()); err != nil {
		return fmt.Errorf("sprite texture: %w", err)
	}
	if s.sb, err = graphics.NewSpriteBatch(dev); err != nil {
		return err
	}
	g.GraphicsDevice().Presented.Add(s.presented)
	return nil
}

func (s *scene) presented(p *engine.Presented) {
	s.count++
	if s.count == 1 {
		s.first = p.Returned
	}
	s.last = p.Returned
	if s.opt.frames > 0 && s.count >= uint64(s.opt.frames) {
		s.game.Exit()
	}
}

// Update moves every sprite by its velocity over the elapsed time and
// bounces it off the window's edges.
func (s *scene) Update(g *engine.Game, gt timing.GameTime) {
	w, h := g.ClientSize()
	s.move(float32(gt.ElapsedGameTime.Seconds()), w, h)
}

// move steps every sprite by dt seconds inside a w x h area.
func (s *scene) move(dt float32, w, h int) {
	maxX, maxY := float32(w-SpriteSize), float32(h-SpriteSize)
	for i := range s.pos {
		p, v := s.pos[i].Add(s.vel[i].Mul(dt)), s.vel[i]
		if p[0] < 0 || p[0] > maxX {
			v[0] = -v[0]
			p[0] = min(max(p[0], 0), maxX)
		}
		if p[1] < 0 || p[1] > maxY {
			v[1] = -v[1]
			p[1] = min(max(p[1], 0), maxY)
		}
		s.pos[i], s.vel[i] = p, v
	}
}

// pointClamp is the batch's sampler: whole-texel sprites, as Ebitengine's
// default filter (nearest) draws them in the comparison.
var pointClamp = graphics.PointClamp

// Draw draws every sprite in one Deferred batch (AlphaBlend, point
// sampling).
func (s *scene) Draw(g *engine.Game, _ timing.GameTime) {
	dev := g.GraphicsDevice().Device
	if err := dev.Clear(graphics.Color{R: 30, G: 30, B: 40, A: 255}); err != nil {
		s.fail(err)
		return
	}
	if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &pointClamp}); err != nil {
		s.fail(err)
		return
	}
	for _, p := range s.pos {
		s.sb.Draw(s.tex, p, graphics.White)
	}
	if err := s.sb.End(); err != nil {
		s.fail(err)
	}
}

func (s *scene) fail(err error) {
	if s.err == nil {
		s.err = fmt.Errorf("draw: %w", err)
		s.game.Exit()
	}
}

// report prints the rate between the first and the last present.
func (s *scene) report(w io.Writer) {
	span := s.last - s.first
	if s.count < 2 || span <= 0 {
		fmt.Fprintf(w, "sprites %d: %d frames presented (too few to measure a rate)\n", s.opt.n, s.count)
		return
	}
	fps := float64(s.count-1) / span.Seconds()
	fmt.Fprintf(w, "sprites %d: %d frames in %.3f s: %.1f frames/s\n", s.opt.n, s.count-1, span.Seconds(), fps)
}

// Picture is the sprite's 16x16 picture: a round orange ball with a dark
// outline and a light spot, transparent around it (the Ebitengine
// comparison program draws the same one).
func Picture() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, SpriteSize, SpriteSize))
	for y := range SpriteSize {
		for x := range SpriteSize {
			dx, dy := float32(x)-7.5, float32(y)-7.5
			d := dx*dx + dy*dy
			switch {
			case d > 60:
			case d > 42:
				img.SetNRGBA(x, y, color.NRGBA{R: 90, G: 40, B: 10, A: 255})
			case (dx+3)*(dx+3)+(dy+3)*(dy+3) < 5:
				img.SetNRGBA(x, y, color.NRGBA{R: 255, G: 240, B: 200, A: 255})
			default:
				img.SetNRGBA(x, y, color.NRGBA{R: 240, G: 140, B: 30, A: 255})
			}
		}
	}
	return img
}
