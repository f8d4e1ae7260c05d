package graphics_test

import (
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// FuzzG2_DrawSequenceNeverPanics runs random call sequences (frames,
// clears, render targets, draws with random ranges, effect switches,
// SetData, Dispose, Flush, viewports, scissors) and pins that the device
// never panics and that every record it hands out passes the fake
// backend's consistency check (ranges, live resources, pass coverage).
// Errors from bad calls are expected; inconsistent records are not.
func FuzzG2_DrawSequenceNeverPanics(f *testing.F) {
	f.Add([]byte{0, 7, 0, 4, 0, 3, 1})
	f.Add([]byte{3, 1, 2, 7, 3, 5, 0, 2, 0, 3, 0, 5, 9, 4, 1})
	f.Add([]byte{0, 3, 1, 7, 6, 4, 9, 1, 5, 0, 0, 1, 10, 3, 2, 8, 2, 13, 1})
	f.Add([]byte{3, 1, 2, 4, 7, 1, 5, 2, 13, 0, 10, 0, 9, 2, 3, 1, 1})
	f.Add([]byte{0, 7, 0, 14, 0, 1, 14, 1, 2, 14, 4, 5, 12, 1, 0, 14, 8, 3, 1, 10})
	f.Fuzz(func(t *testing.T, ops []byte) {
		r := newRig(t)
		r.fb.Keep = false
		rt, err := graphics.NewRenderTarget2D(r.dev, 8, 8, graphics.RenderTargetOptions{Depth: graphics.Depth24Stencil8})
		must(t, err)
		arg := func(i int) int {
			if i < len(ops) {
				return int(ops[i])
			}
			return 0
		}
		quad := []graphics.VertexPositionNormalTexture{{}, {}, {}, {}}
		for i := 0; i < len(ops); i++ {
			a, b := arg(i+1), arg(i+2)
			switch ops[i] % 15 {
			case 0:
				_ = r.dev.BeginFrame(1+a%64, 1+b%64)
			case 1:
				if f, err := r.dev.EndFrame(); err == nil {
					if err := r.fb.Execute(f); err != nil {
						t.Fatalf("op %d: record rejected: %v", i, err)
					}
				}
			case 2:
				_ = r.dev.ClearWith(graphics.ClearOptions(a%8), graphics.Color{R: uint8(b)}, float32(a%3)/2, int32(b))
			case 3:
				switch a % 3 {
				case 0:
					r.dev.SetRenderTarget(nil)
				case 1:
					r.dev.SetRenderTarget(rt)
				default:
					if r.dev.RenderTarget() == nil {
						r.fx.Texture = rt.Texture2D
					}
				}
			case 4:
				_ = r.dev.DrawPrimitives(graphics.PrimitiveType(a%5), b%30-2, a%15)
			case 5:
				_ = r.dev.DrawIndexedPrimitives(graphics.PrimitiveType(a%5), b%26-1, a%40-1, b%14)
			case 6:
				_ = graphics.DrawUserPrimitives(r.dev, graphics.PrimitiveType(a%4), quad, a%5, b%4)
			case 7:
				r.fx.LightingEnabled, r.fx.TextureEnabled, r.fx.VertexColorEnabled = a&1 != 0, a&2 != 0, a&4 != 0
				r.fx.Apply()
			case 8:
				if a%2 == 0 {
					_ = r.tex.SetData(make([]byte, 16))
				} else {
					v, _ := graphics.Cube()
					_ = graphics.SetVertexData(r.vb, b%3, v[:20])
				}
			case 9:
				switch a % 4 {
				case 0:
					r.tex.Dispose()
				case 1:
					r.vb.Dispose()
				case 2:
					rt.Dispose()
				default:
					r.ib.Dispose()
				}
			case 10:
				_ = r.dev.Flush()
			case 11:
				r.dev.SetViewport(graphics.Viewport{X: a - 128, Y: b - 128, Width: a % 70, Height: b % 70, MaxDepth: 1})
			case 12:
				r.dev.SetRasterizerState(graphics.RasterizerState{ScissorTestEnable: a&1 != 0, CullMode: graphics.CullMode(b % 3)})
				r.dev.SetScissorRectangle(graphics.Rectangle{X: a - 100, Y: b - 100, Width: a, Height: b})
			case 13:
				_ = rt.GetData(make([]byte, 8*8*4))
				r.dev.SetVertexBuffer(r.vb)
				r.dev.SetIndices(r.ib)
			case 14: // regions, offsets and counts near the integer limits
				v := nearLimits[a%len(nearLimits)]
				w := nearLimits[b%len(nearLimits)]
				rc := graphics.Rectangle{X: v, Y: b % 3, Width: w, Height: 1 + a%2}
				if b&1 != 0 {
					rc = graphics.Rectangle{X: a % 3, Y: v, Width: 1, Height: w}
				}
				_ = r.tex.SetDataRect(rc, make([]byte, 8))
				_ = r.tex.GetDataRect(rc, make([]byte, 8))
				_ = graphics.SetVertexData(r.vb, v, quad)
				_ = r.vb.SetData(v, make([]byte, 4))
				_ = graphics.SetIndexData(r.ib, w, []uint16{0, 1})
				_ = r.dev.DrawPrimitives(graphics.TriangleList, v, 1+a%3)
				_ = r.dev.DrawIndexedPrimitives(graphics.TriangleList, w, v, 1)
				_ = graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, quad, v, 1)
				r.dev.SetScissorRectangle(rc)
				r.dev.SetViewport(graphics.Viewport{X: v, Y: w, Width: 1 + a, Height: 1 + b, MaxDepth: 1})
			}
		}
		if f, err := r.dev.EndFrame(); err == nil {
			if err := r.fb.Execute(f); err != nil {
				t.Fatalf("final record rejected: %v", err)
			}
		}
		if err := r.dev.Flush(); err != nil {
			t.Fatalf("final flush: %v", err)
		}
	})
}
