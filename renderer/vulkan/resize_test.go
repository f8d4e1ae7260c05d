package vulkan

import (
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
)

// TestW2_ResizeStorm resizes the window through 60 sizes, iconifies and
// restores, hides and shows, drawing all along: no error, no validation
// message (cleanup), and every tenth size, once a frame was drawn after
// the resize event that gives the framebuffer's size, that frame's
// read-back has the size (the window system delivers the event when it
// will, later under load: what the renderer controls is following it).
func TestW2_ResizeStorm(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	events := make([]window.Event, 0, 64)
	frame := 0.0
	var handled image.Point // the size of the last FramebufferResize handled
	drawSome := func(n int) error {
		for range n {
			events = g.win.PollEvents(events[:0])
			for _, ev := range events {
				if ev.Kind == window.FramebufferResize || ev.Kind == window.Iconify {
					g.r.Resize() // the engine's part of W2
				}
				if ev.Kind == window.FramebufferResize {
					handled = image.Pt(ev.Width, ev.Height)
				}
			}
			if _, err := g.r.DrawFrame(seconds(frame)); err != nil {
				return err
			}
			frame += 1.0 / 60
		}
		return nil
	}
	const sizes = 60
	onMain(t, func() error {
		for i := range sizes {
			w, h := 64+(i*37)%500, 48+(i*53)%400
			g.win.SetSize(w, h)
			if err := drawSome(3); err != nil {
				return fmt.Errorf("size %d (%dx%d): %w", i, w, h, err)
			}
			if i%10 == 9 {
				// Draw until the last resize event handled before a frame
				// gives the framebuffer's size: that frame's read-back must
				// have it.
				deadline := time.Now().Add(20 * time.Second) // a bound on a hang, not a speed check
				for {
					if err := drawSome(1); err != nil {
						return fmt.Errorf("size %d (%dx%d): %w", i, w, h, err)
					}
					if fw, fh := g.win.FramebufferSize(); handled == image.Pt(fw, fh) {
						break
					}
					if time.Now().After(deadline) {
						return fmt.Errorf("size %d (%dx%d): the last resize event (%v) never gave the framebuffer's size", i, w, h, handled)
					}
				}
				img, err := g.r.ReadBack()
				if err != nil {
					return fmt.Errorf("size %d (%dx%d): %w", i, w, h, err)
				}
				if got := img.Bounds().Size(); got != handled {
					return fmt.Errorf("size %d (%dx%d): read-back %v, drawn after the resize to %v", i, w, h, got, handled)
				}
			}
			switch i % 20 {
			case 5:
				g.win.Iconify()
				if err := drawSome(3); err != nil {
					return fmt.Errorf("iconified: %w", err)
				}
				g.win.Restore()
			case 15:
				g.win.Hide()
				if err := drawSome(3); err != nil {
					return fmt.Errorf("hidden: %w", err)
				}
				g.win.Show()
			}
		}
		return drawSome(3)
	})
	if n := g.r.Rebuilds(); n < sizes/2 {
		t.Errorf("%d swapchain rebuilds for %d sizes: resizes were not followed", n, sizes)
	}
	t.Logf("%d sizes, %d swapchain rebuilds, %.0f frames", sizes, g.r.Rebuilds(), frame*60)
}

// checkReadBackSize reads back and compares with the framebuffer size.
func checkReadBackSize(g *gpu) error {
	img, err := g.r.ReadBack()
	if err != nil {
		return err
	}
	w, h := g.win.FramebufferSize()
	if got := img.Bounds().Size(); got != image.Pt(w, h) {
		return fmt.Errorf("read-back %v, framebuffer %dx%d", got, w, h)
	}
	return nil
}

// zeroable wraps a window and reports 0x0 while zero is set: Xvfb never
// gives a minimised window a 0x0 framebuffer, so W2 is driven this way.
type zeroable struct {
	mainSurface
	zero bool
}

func (z *zeroable) FramebufferSize() (int, int) {
	if z.zero {
		return 0, 0
	}
	return z.mainSurface.FramebufferSize()
}

// TestW2_ZeroFramebufferDrawsNothing: with a 0x0 framebuffer DrawFrame
// returns drawn == false without rebuilding; drawing resumes when restored.
func TestW2_ZeroFramebufferDrawsNothing(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 1})
	z := &zeroable{mainSurface: mainSurface{g.win}}
	g.r.pres.win = z
	onMain(t, func() error {
		if _, err := g.r.DrawFrame(0); err != nil {
			return err
		}
		before := g.r.Rebuilds()
		z.zero = true
		g.r.Resize() // a pending rebuild must not run at 0x0 either
		for i := range 20 {
			drawn, err := g.r.DrawFrame(seconds(float64(i)))
			if err != nil || drawn {
				return fmt.Errorf("0x0 frame %d: drawn %v, err %v", i, drawn, err)
			}
		}
		if g.r.Rebuilds() != before {
			return fmt.Errorf("rebuilt %d times at 0x0", g.r.Rebuilds()-before)
		}
		if _, err := g.r.ReadBack(); err == nil {
			return fmt.Errorf("read-back at 0x0 did not fail")
		}
		z.zero = false
		drawn, err := g.r.DrawFrame(seconds(1))
		if err != nil || !drawn {
			return fmt.Errorf("after restore: drawn %v, err %v", drawn, err)
		}
		return checkReadBackSize(g)
	})
}
