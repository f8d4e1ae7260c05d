// Command ebiten is the Ebitengine side of the sprite throughput
// comparison (scripts/bench/sprites.sh): the same scene as `sample
// sprites` (N textured 16x16 sprites from the same picture and the same
// start, moved by the elapsed time and bouncing off the edges, all drawn
// every frame), vertical sync off, one update per frame
// (SetTPS(SyncWithFPS)), no HUD. It exits after -frames frames and prints
// the frames per second between the first and the last draw.
//
// It is its own module so that the engine's module never requires
// Ebitengine.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

const spriteSize = 16

type sprite struct{ x, y, vx, vy float32 }

type game struct {
	w, h        int
	img         *ebiten.Image
	sprites     []sprite
	op          ebiten.DrawImageOptions
	limit, done int
	prev        time.Time // the last update
	first, last time.Time // the first and the last draw
}

func newGame(n, w, h, limit int) *game {
	g := &game{w: w, h: h, limit: limit, sprites: make([]sprite, n)}
	// The same pseudo-random start as sample sprites.
	x := uint32(2463534242)
	next := func() float32 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return float32(x%10000) / 10000
	}
	for i := range g.sprites {
		s := &g.sprites[i]
		s.x, s.y = next()*float32(w-spriteSize), next()*float32(h-spriteSize)
		s.vx, s.vy = (next()-0.5)*400, (next()-0.5)*400
	}
	g.img = ebiten.NewImageFromImage(picture())
	return g
}

func (g *game) Update() error {
	if g.limit > 0 && g.done >= g.limit {
		return ebiten.Termination
	}
	now := time.Now()
	var dt float32
	if !g.prev.IsZero() {
		dt = float32(now.Sub(g.prev).Seconds())
	}
	g.prev = now
	maxX, maxY := float32(g.w-spriteSize), float32(g.h-spriteSize)
	for i := range g.sprites {
		s := &g.sprites[i]
		s.x += s.vx * dt
		s.y += s.vy * dt
		if s.x < 0 || s.x > maxX {
			s.vx = -s.vx
			s.x = min(max(s.x, 0), maxX)
		}
		if s.y < 0 || s.y > maxY {
			s.vy = -s.vy
			s.y = min(max(s.y, 0), maxY)
		}
	}
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{R: 30, G: 30, B: 40, A: 255})
	for i := range g.sprites {
		g.op.GeoM.Reset()
		g.op.GeoM.Translate(float64(g.sprites[i].x), float64(g.sprites[i].y))
		screen.DrawImage(g.img, &g.op)
	}
	now := time.Now()
	if g.done == 0 {
		g.first = now
	}
	g.last = now
	g.done++
}

func (g *game) Layout(int, int) (int, int) { return g.w, g.h }

// picture is sample sprites' 16x16 ball.
func picture() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, spriteSize, spriteSize))
	for y := range spriteSize {
		for x := range spriteSize {
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

func main() {
	n := flag.Int("n", 10000, "number of sprites")
	frames := flag.Int("frames", 0, "exit after this many frames (0: run until closed)")
	size := flag.String("size", "640x480", "window size WxH")
	flag.Parse()
	ws, hs, _ := strings.Cut(*size, "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if errW != nil || errH != nil || w < spriteSize || h < spriteSize || *n < 1 || *frames < 0 {
		fmt.Fprintln(os.Stderr, "ebiten: bad flags: -n >= 1, -frames >= 0, -size WxH (each side >= 16)")
		os.Exit(2)
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle("ebitengine sprites")
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	g := newGame(*n, w, h, *frames)
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "ebiten:", err)
		os.Exit(1)
	}
	if g.done < 2 || !g.last.After(g.first) {
		fmt.Printf("sprites %d: %d frames drawn (too few to measure a rate)\n", *n, g.done)
		return
	}
	span := g.last.Sub(g.first).Seconds()
	fmt.Printf("sprites %d: %d frames in %.3f s: %.1f frames/s\n", *n, g.done-1, span, float64(g.done-1)/span)
}
