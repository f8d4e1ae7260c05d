package vulkan

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// TestP11_SwitchPathFollowsTheDriver presses 0, 1, 2, 0 from interval 1 (as
// the sample's -input script does). Where the renderer switches in place
// (a driver with VK_EXT_swapchain_maintenance1: Mesa 25's lavapipe) every
// change is in place and nothing is rebuilt after the first swapchain;
// elsewhere (Debian 12's lavapipe) every change rebuilds (P5). Either way
// Presentation says which path the last change took, and validation stays
// silent (cleanup).
func TestP11_SwitchPathFollowsTheDriver(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 1})
	onMain(t, func() error {
		if err := pressIntervals(g.r, 0, 1, 2, 0); err != nil {
			return err
		}
		c, all := g.r.PresentationCounts(), g.r.SupportedPresentModes() == present.AllModes
		t.Logf("%s: in place %v, %+v, last %q", g.r.DeviceName(), g.r.InPlace(), c, g.r.Presentation().Switch)
		switch {
		case !all:
			t.Logf("the surface lacks some modes (%v): counts not pinned", g.r.SupportedPresentModes())
		case g.r.InPlace() && c != (present.SwitchCounts{Changes: 4, InPlace: 4}):
			return fmt.Errorf("in place: %+v, want 4 changes in place, no rebuild", c)
		case !g.r.InPlace() && c != (present.SwitchCounts{Changes: 4, Rebuilds: 4}):
			return fmt.Errorf("rebuilding: %+v, want 4 changes, 4 rebuilds", c)
		}
		want := present.SwitchRebuilt
		if g.r.InPlace() {
			want = present.SwitchInPlace
		}
		if got := g.r.Presentation().Switch; got != want {
			return fmt.Errorf("Presentation().Switch = %q, want %q", got, want)
		}
		return nil
	})
}

// pressIntervals sets each interval in turn and draws two frames after
// each, checking the mode in use and how each change went.
func pressIntervals(r *Renderer, intervals ...int) error {
	for i, n := range intervals {
		want, err := present.ChooseMode(n, r.SupportedPresentModes())
		if err != nil {
			return err
		}
		before, rebuilds, counts := r.ModeInUse(), r.Rebuilds(), r.PresentationCounts()
		if err := r.SetSwapInterval(n); err != nil {
			return err
		}
		for k := range 2 {
			if _, err := r.DrawFrame(time.Duration(i*2+k) * 16 * time.Millisecond); err != nil {
				return err
			}
		}
		if r.ModeInUse() != want.Mode {
			return fmt.Errorf("interval %d: mode in use %v, want %v", n, r.ModeInUse(), want.Mode)
		}
		if err := checkSwitched(r, before, want.Mode, rebuilds, counts); err != nil {
			return fmt.Errorf("interval %d: %w", n, err)
		}
	}
	return nil
}

// TestP11_ForceRebuildByOptionAndEnvironment: Options.ForceRebuild and
// METRONOME_PRESENT_INPLACE=0 each make every change rebuild, on any driver.
func TestP11_ForceRebuildByOptionAndEnvironment(t *testing.T) {
	for _, env := range []bool{false, true} {
		t.Run(fmt.Sprintf("env=%v", env), func(t *testing.T) {
			opt := Options{SwapInterval: 1, ForceRebuild: !env}
			if env {
				t.Setenv(PresentInPlaceEnv, "0")
			}
			g := openGPU(t, 320, 240, opt)
			if g.r.InPlace() {
				t.Fatal("InPlace() true with the rebuild forced")
			}
			onMain(t, func() error {
				if err := pressIntervals(g.r, 0, 1); err != nil {
					return err
				}
				if c := g.r.PresentationCounts(); c.InPlace != 0 || c.Rebuilds != c.Changes {
					return fmt.Errorf("forced rebuild: %+v", c)
				}
				return nil
			})
		})
	}
}

// needInPlace skips a test on a driver that cannot switch in place.
func needInPlace(t *testing.T, g *gpu) {
	t.Helper()
	if !g.r.InPlace() {
		t.Skipf("%s has no VK_EXT_swapchain_maintenance1 (scripts/test.sh runs this on Mesa 25 too)", g.r.DeviceName())
	}
}

// TestP11_ThousandRandomInPlaceSwitches switches 1,000 times, each swap
// interval to each other in random order (half rate flipped now and then),
// drawing a frame after each: every change of mode is in place, the first
// swapchain is the only one, frames keep flowing (each drawn) and
// validation stays silent (cleanup).
func TestP11_ThousandRandomInPlaceSwitches(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 1})
	needInPlace(t, g)
	rng := rand.New(rand.NewPCG(11, 1000))
	onMain(t, func() error {
		interval, half := 1, false
		for i := range 1000 {
			next := (interval + 1 + rng.IntN(2)) % 3
			if i%7 == 3 {
				half = !half
			}
			before, rebuilds, counts := g.r.ModeInUse(), g.r.Rebuilds(), g.r.PresentationCounts()
			if err := g.r.SetPresentation(next, half); err != nil {
				return err
			}
			interval = next
			drawn, err := g.r.DrawFrame(time.Duration(i) * 16 * time.Millisecond)
			if err != nil {
				return fmt.Errorf("switch %d: %w", i, err)
			}
			if !drawn {
				return fmt.Errorf("switch %d: frame not drawn", i)
			}
			want := g.r.Presentation().Mode
			if g.r.ModeInUse() != want {
				return fmt.Errorf("switch %d: mode in use %v, want %v", i, g.r.ModeInUse(), want)
			}
			if err := checkSwitched(g.r, before, want, rebuilds, counts); err != nil {
				return fmt.Errorf("switch %d: %w", i, err)
			}
		}
		c := g.r.PresentationCounts()
		t.Logf("1000 switches: %+v", c)
		if c.Rebuilds != 0 || c.InPlace != c.Changes || c.Changes < 500 {
			return fmt.Errorf("counts %+v: want every change in place, none rebuilt", c)
		}
		return nil
	})
}

// falsePositiveText is the message Debian 12's validation layer (1.3.239)
// gives for each mode of the driver's own list of compatible modes.
const falsePositiveText = "Validation Error: [ " + modesListFalsePositive + " ] Object 0: handle = 0x1, " +
	"type = VK_OBJECT_TYPE_DEVICE; | MessageID = 0x0 | vkCreateSwapchainKHR() was called with " +
	"vkSwapchainPresentModesCreateInfoEXT structure in its pNext chain that contains a non-compatible " +
	"presentMode in pPresentModes[0]: (VK_PRESENT_MODE_FIFO_KHR)."

// TestP11_ValidationFalsePositiveIsFiltered shows what the filter drops:
// the layer's false positive on the driver's own list of compatible modes
// is kept outside swapchain creation and with the filter off, and dropped
// only while the presenter creates a swapchain with that list; any other
// message in that call is kept (W3). Then, on a live swapchain, it
// creates one with the driver's list with the filter off and on: a layer
// that reports the false positive (Debian 12's) shows it once, and not
// with the filter.
func TestP11_ValidationFalsePositiveIsFiltered(t *testing.T) {
	log := &messageLog{}
	registerLog(log)
	defer unregisterLog(log)
	report := func(msg string) int {
		before := len(log.snapshot())
		onDebugReport(vk.DebugReportFlags(vk.DebugReportErrorBit), 0, 0, 0, 0, validationPrefix, msg, nil)
		return len(log.snapshot()) - before
	}
	other := strings.Replace(falsePositiveText, modesListFalsePositive, "VUID-VkSwapchainPresentModesCreateInfoEXT-presentMode-07764", 1)
	if report(falsePositiveText) != 1 {
		t.Error("outside swapchain creation the message was dropped")
	}
	creatingWithDriverModes.Add(1)
	if report(falsePositiveText) != 0 {
		t.Error("during swapchain creation with the driver's list the false positive was kept")
	}
	if report(other) != 1 {
		t.Error("during swapchain creation another message was dropped")
	}
	filterModesList = false
	if report(falsePositiveText) != 1 {
		t.Error("with the filter off the message was dropped")
	}
	filterModesList = true
	creatingWithDriverModes.Add(-1)

	g := openGPU(t, 320, 240, Options{SwapInterval: 1})
	needInPlace(t, g)
	if !g.r.Validating() {
		t.Skip("validation is off")
	}
	rebuildOnce := func() error {
		w, h := g.win.FramebufferSize()
		return g.r.pres.rebuild(w, h)
	}
	filterModesList = false
	onMain(t, func() error { return rebuildOnce() })
	filterModesList = true
	msgs := g.r.Messages()
	for _, m := range msgs {
		if !strings.Contains(m, modesListFalsePositive) {
			t.Errorf("unfiltered rebuild gave another message: %s", m)
		}
	}
	onMain(t, func() error { return rebuildOnce() })
	if got := g.r.Messages(); len(got) != len(msgs) {
		t.Errorf("with the filter: %d new messages: %q", len(got)-len(msgs), got[len(msgs):])
	}
	if creatingWithDriverModes.Load() != 0 {
		t.Error("the filter is still on after the call")
	}
	if len(msgs) == 0 {
		t.Logf("this layer and driver give no false positive on the driver's list (%s)", g.r.DeviceName())
	} else {
		t.Logf("without the filter: %d message(s), e.g. %.200s", len(msgs), msgs[0])
	}
	g.expectMessages = true
}

// TestP11_RealErrorOnTheSameCallIsCaught makes a real error on the very
// call the filter covers (a pre-transform the surface does not support,
// with the driver's list of compatible modes chained): the validation layer
// reports it, and the filter does not hide it (W3).
func TestP11_RealErrorOnTheSameCallIsCaught(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 1})
	needInPlace(t, g)
	if !g.r.Validating() {
		t.Skip("validation is off")
	}
	swapchainTweak = func(ci *vk.SwapchainCreateInfo) {
		ci.PreTransform = vk.SurfaceTransformRotate90Bit
	}
	onMain(t, func() error {
		defer func() { swapchainTweak = nil }()
		w, h := g.win.FramebufferSize()
		return g.r.pres.rebuild(w, h)
	})
	var caught bool
	for _, m := range g.r.Messages() {
		caught = caught || strings.Contains(m, "preTransform")
		if strings.Contains(m, modesListFalsePositive) {
			t.Errorf("the false positive got through: %s", m)
		}
	}
	if !caught {
		t.Errorf("the real error was not reported; messages: %q", g.r.Messages())
	}
	g.expectMessages = true
}

// BenchmarkP11_SwitchingFrame times the frame that applies a change of
// present mode (IMMEDIATE <-> FIFO at 640x480: BeginFrame, which switches
// or rebuilds, then the frame's record, submit and present), in place
// (P11) and rebuilt (P5), in interleaved rounds on one renderer: each
// iteration is a round of 16 switching frames in place, then 16 rebuilt
// (the swapchain made again without its list of modes between them, not
// timed). It reports each path's median in ms and their ratio. It needs a
// driver that switches in place (Mesa 25's lavapipe).
func BenchmarkP11_SwitchingFrame(b *testing.B) {
	g := openGPU(b, 640, 480, Options{SwapInterval: 1})
	if !g.r.InPlace() {
		b.Skipf("%s has no VK_EXT_swapchain_maintenance1", g.r.DeviceName())
	}
	const perRound = 16
	var inPlace, rebuilt []time.Duration
	frame := 0
	onMain(b, func() error {
		w, h := g.win.FramebufferSize()
		draw := func() (time.Duration, error) {
			start := time.Now()
			_, err := g.r.DrawFrame(time.Duration(frame) * time.Millisecond)
			frame++
			return time.Since(start), err
		}
		round := func(inPlaceOn bool, into *[]time.Duration) error {
			g.r.pres.inPlace = inPlaceOn
			if err := g.r.pres.rebuild(w, h); err != nil { // with or without the list of modes
				return err
			}
			for i := range perRound {
				if _, err := draw(); err != nil { // a steady frame first
					return err
				}
				if err := g.r.SetSwapInterval(i % 2); err != nil {
					return err
				}
				d, err := draw()
				if err != nil {
					return err
				}
				*into = append(*into, d)
			}
			return nil
		}
		b.ResetTimer()
		for range b.N {
			if err := round(true, &inPlace); err != nil {
				return err
			}
			if err := round(false, &rebuilt); err != nil {
				return err
			}
		}
		g.r.pres.inPlace = true
		return nil
	})
	if c := g.r.PresentationCounts(); c.InPlace != len(inPlace) {
		b.Fatalf("%d in-place switches counted, %d timed", c.InPlace, len(inPlace))
	}
	median := func(ds []time.Duration) float64 {
		s := slices.Clone(ds)
		slices.Sort(s)
		return float64(s[len(s)/2]) / 1e6
	}
	mi, mr := median(inPlace), median(rebuilt)
	b.ReportMetric(mi, "inplace-median-ms")
	b.ReportMetric(mr, "rebuilt-median-ms")
	b.ReportMetric(mi/mr, "ratio")
}

// TestP11_PresentFencesTrackThePresentsInFlight: where the device has
// VK_EXT_swapchain_maintenance1, each present signals its image's present
// fence; presents stay pending (at most one per image) until a rebuild
// waits for exactly them, after which none is pending; teardown leaves
// nothing behind and validation stays silent (cleanup, W4).
func TestP11_PresentFencesTrackThePresentsInFlight(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	if len(g.r.pres.presentFences) == 0 {
		t.Skipf("%s has no present fences (VK_EXT_swapchain_maintenance1)", g.r.DeviceName())
	}
	onMain(t, func() error {
		for i := range 10 {
			if _, err := g.r.DrawFrame(time.Duration(i) * 16 * time.Millisecond); err != nil {
				return err
			}
		}
		images := len(g.r.pres.sc.images)
		if n := g.r.gpu.loop.pendingPresents(); n < 1 || n > images {
			return fmt.Errorf("%d presents pending after 10 frames, want 1 to %d", n, images)
		}
		w, h := g.win.FramebufferSize()
		if err := g.r.pres.rebuild(w, h); err != nil {
			return err
		}
		if n := g.r.gpu.loop.pendingPresents(); n != 0 {
			return fmt.Errorf("%d presents pending after a rebuild, want 0", n)
		}
		_, err := g.r.DrawFrame(time.Second)
		return err
	})
}
