package vulkan

import (
	"fmt"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// queryScene draws an occluder (x 0..20, near) and then, counted by q
// when q is not nil, a 37x23 quad at (10, 20) behind it: 37*23 - 10*23 =
// 621 pixels visible.
func queryScene(c *content, q *graphics.OcclusionQuery) error {
	if err := c.dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer|graphics.ClearStencil, graphics.Black, 1, 0); err != nil {
		return err
	}
	if err := c.stateQuad(graphics.Opaque, graphics.DepthDefault, graphics.CullNone, 0, 0, 20, 64, 0.25, true, graphics.White); err != nil {
		return err
	}
	if q != nil {
		q.Begin()
	}
	// New states in the same frame (G23), for the allocation count.
	bs := graphics.Opaque
	bs.ColorWriteChannels, bs.BlendFactor = graphics.ColorWriteRed|graphics.ColorWriteGreen, graphics.Color{R: 10, A: 255}
	ds := graphics.DepthDefault
	ds.TwoSidedStencilMode, ds.CounterClockwiseStencilFunction = true, graphics.CompareAlways
	rs := graphics.CullNone
	rs.SlopeScaleDepthBias = 0.5
	err := c.stateQuad(bs, ds, rs, 10, 20, 37, 23, 0.5, true, graphics.Color{R: 255, G: 128, A: 255})
	if q != nil {
		q.End()
	}
	return err
}

// nextQuery returns q when its last result is in (a game's usual pattern:
// begin it again only then), else nil: a Begin before the result arrives
// would replace the pending one.
func nextQuery(q *graphics.OcclusionQuery) *graphics.OcclusionQuery {
	if q.IsComplete() {
		return q
	}
	return nil
}

// TestG24_OcclusionQueryCountsTheVisiblePixelsWithoutWaiting: a 37x23
// quad, 10 columns of it behind a nearer quad, counts exactly 621 pixels;
// the result arrives a few frames later (IsComplete; the frames between
// draw the scene without the query), and those frames wait for the GPU no
// more than the frame loop does (one pacing wait a frame, no stall). Steady
// frames that begin the query again whenever its result is in allocate
// nothing.
func TestG24_OcclusionQueryCountsTheVisiblePixelsWithoutWaiting(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		q, err := graphics.NewOcclusionQuery(c.dev)
		if err != nil {
			return err
		}
		before := g.r.fenceWaitCounts()
		frames, completeAt := 0, -1
		for frames < 10 && completeAt < 0 {
			if q.IsComplete() {
				completeAt = frames
				break
			}
			counted := q
			if frames > 0 {
				counted = nil
			}
			frames++
			if _, err := c.frame(g, false, func() error { return queryScene(c, counted) }); err != nil {
				return err
			}
			if frames == 1 && q.IsComplete() {
				t.Error("complete right after the frame that drew: the result was waited for")
			}
		}
		after := g.r.fenceWaitCounts()
		t.Logf("complete after %d frames; %d pixels; fence waits: %d paced, %d stalls", completeAt, q.PixelCount(), after.paced-before.paced, after.stalls-before.stalls)
		if completeAt < 0 {
			return fmt.Errorf("not complete after %d frames", frames)
		}
		if n := q.PixelCount(); n != 37*23-10*23 {
			t.Errorf("PixelCount %d, want %d (37x23 less the 10x23 behind the occluder)", n, 37*23-10*23)
		}
		if d := after.stalls - before.stalls; d != 0 {
			t.Errorf("%d waits for the GPU to drain, want 0", d)
		}
		if d := after.paced - before.paced; d != frames {
			t.Errorf("%d frame-pacing waits in %d frames, want one a frame", d, frames)
		}
		rounds := 0
		allocs, err := c.steadyAllocs(g, 50, func() error {
			next := nextQuery(q)
			if next != nil {
				rounds++
				if n := q.PixelCount(); n != 621 {
					return fmt.Errorf("round %d: PixelCount %d, want 621", rounds, n)
				}
			}
			return queryScene(c, next)
		})
		if err != nil {
			return err
		}
		t.Logf("%.2f allocations per steady frame with a query and the G23 states; %d results read in 61 frames", allocs, rounds)
		if rounds < 5 {
			t.Errorf("%d query results in 61 frames, want one every few frames", rounds)
		}
		if allocs != 0 {
			t.Errorf("%.2f allocations per steady frame, want 0", allocs)
		}
		if q.PixelCount() != 621 {
			t.Errorf("after the steady frames: %d pixels, want 621", q.PixelCount())
		}
		q.Dispose()
		return nil
	})
}

// TestG24_OcclusionQueryAtHalfRate: at half rate (P8) a frame's commands
// run twice, from two frame slots; the query still counts 621 pixels,
// without validation messages.
func TestG24_OcclusionQueryAtHalfRate(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 2})
	onContent(t, g, func(c *content) error {
		if err := g.r.SetHalfRate(true); err != nil {
			return err
		}
		q, err := graphics.NewOcclusionQuery(c.dev)
		if err != nil {
			return err
		}
		results := 0
		for i := 0; i < 40; i++ {
			next := nextQuery(q)
			if i == 0 {
				next = q
			} else if next != nil {
				results++
				if n := q.PixelCount(); n != 621 {
					return fmt.Errorf("frame %d: PixelCount %d, want 621", i, n)
				}
			}
			if _, err := c.frame(g, false, func() error { return queryScene(c, next) }); err != nil {
				return err
			}
		}
		t.Logf("hold %d; %d results in 40 frames", g.r.Presentation().Hold, results)
		if results < 3 {
			return fmt.Errorf("%d results in 40 half-rate frames, want several", results)
		}
		return g.r.WaitIdle()
	})
}
