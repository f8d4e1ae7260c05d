package graphics_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// FuzzG5_SpriteSequenceNeverPanics runs byte-coded sequences of SpriteBatch
// calls, two batches, frames, render targets, clears, device state changes,
// disposals, text of arbitrary (also invalid) UTF-8 and shapes, and checks
// that nothing panics and that every record the device hands out passes the
// fake backend's consistency check.
func FuzzG5_SpriteSequenceNeverPanics(f *testing.F) {
	f.Add([]byte{0, 9, 9, 2, 0, 3, 1, 4, 0, 6, 5, 7, 1})
	f.Add([]byte{0, 1, 2, 1, 2, 3, 4, 8, 3, 5, 200, 9, 6, 7, 1})
	f.Add([]byte{10, 1, 2, 3, 0, 4, 3, 11, 0, 2, 5, 1, 7, 12, 255, 254, 7, 1})
	f.Add([]byte{2, 3, 3, 2, 4, 1, 2, 4, 2, 9, 7, 0, 7, 13, 3, 7, 1})
	f.Fuzz(func(t *testing.T, ops []byte) {
		r := newSpriteRig(t, [2]int{4, 4}, [2]int{8, 2}, [2]int{1, 1})
		rt, err := graphics.NewRenderTarget2D(r.dev, 16, 16, graphics.RenderTargetOptions{})
		must(t, err)
		font, err := graphics.NewDefaultSpriteFont(r.dev, 10)
		must(t, err)
		sb2, err := graphics.NewSpriteBatch(r.dev)
		must(t, err)
		batches := [2]*graphics.SpriteBatch{r.sb, sb2}
		textures := []*graphics.Texture2D{r.texs[0], r.texs[1], r.texs[2], rt.Texture2D, nil}
		arg := func(i int) int {
			if i < len(ops) {
				return int(ops[i])
			}
			return 0
		}
		for i := 0; i < len(ops); i++ {
			a, b := arg(i+1), arg(i+2)
			sb := batches[a%2]
			tex := textures[b%len(textures)]
			p := mgl32.Vec2{float32(a%40) - 8, float32(b%40) - 8}
			switch ops[i] % 14 {
			case 0:
				_ = r.dev.BeginFrame(1+a%64, 1+b%64)
			case 1:
				if f, err := r.dev.EndFrame(); err == nil {
					if err := r.fb.Execute(f); err != nil {
						t.Fatalf("op %d: record rejected: %v", i, err)
					}
				}
			case 2:
				s := graphics.SpriteBatchSettings{SortMode: graphics.SpriteSortMode(b % 6)}
				if b&8 != 0 {
					s.Blend = &graphics.Additive
				}
				if b&16 != 0 {
					s.DepthStencil = &graphics.DepthRead
				}
				_ = sb.BeginWith(s)
			case 3:
				_ = sb.End()
			case 4:
				sb.Draw(tex, p, graphics.White)
			case 5:
				src := graphics.Rectangle{X: a % 5, Y: b % 5, Width: a%9 - 2, Height: b%9 - 2}
				sb.DrawEx(tex, p, &src, graphics.Red, float32(a)*0.1, mgl32.Vec2{1, 1}, mgl32.Vec2{float32(b%5) - 2, 1},
					graphics.SpriteEffects(a%4), float32(b%7)/4-0.5)
			case 6:
				sb.DrawRectEx(tex, graphics.Rectangle{X: a % 20, Y: b % 20, Width: a % 7, Height: b % 7}, nil, graphics.Blue,
					float32(math.NaN()), mgl32.Vec2{}, 0, float32(a%3))
			case 7:
				n := min(a%12, len(ops)-i-1)
				sb.DrawBytesEx(font, ops[i+1:i+1+n], p, graphics.Yellow, float32(b%4), mgl32.Vec2{2, 2}, mgl32.Vec2{1, 2},
					graphics.SpriteEffects(b%4), 0.5)
			case 8:
				switch a % 3 {
				case 0:
					sb.FillRectangle(graphics.Rectangle{X: a % 9, Y: b % 9, Width: b % 5, Height: a % 5}, graphics.Green)
				case 1:
					sb.DrawRectangle(graphics.Rectangle{X: a % 9, Y: b % 9, Width: b % 12, Height: a % 12}, graphics.Green, b%4)
				default:
					sb.DrawLine(p, mgl32.Vec2{float32(b % 7), float32(a % 7)}, graphics.Green, float32(b%4))
				}
			case 9:
				switch a % 3 {
				case 0:
					r.dev.SetRenderTarget(nil)
				case 1:
					r.dev.SetRenderTarget(rt)
				default:
					r.dev.SetViewport(graphics.NewViewport(a%8, b%8, 1+a%16, 1+b%16))
				}
			case 10:
				_ = r.dev.ClearWith(graphics.ClearOptions(a%8), graphics.Black, 1, 0)
			case 11:
				if a%4 == 0 {
					textures[b%3].Dispose()
				} else {
					r.dev.SetSamplerState(graphics.PointClamp)
				}
			case 12:
				_ = r.dev.Flush()
			case 13:
				font.SetSpacing(float32(a%5) - 2)
				_ = font.MeasureBytes(ops[i:])
			}
		}
	})
}
