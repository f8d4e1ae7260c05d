package vulkan

import (
	"errors"
	"image"
	"strings"
	"testing"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

func TestPickGPUPrefersDiscreteAcceptsLavapipe(t *testing.T) {
	cpu := gpuInfo{name: "llvmpipe", kind: vk.PhysicalDeviceTypeCpu, family: 0, swapchain: true}
	igpu := gpuInfo{name: "igpu", kind: vk.PhysicalDeviceTypeIntegratedGpu, family: 0, swapchain: true}
	dgpu := gpuInfo{name: "dgpu", kind: vk.PhysicalDeviceTypeDiscreteGpu, family: 1, swapchain: true}
	noPresent := gpuInfo{name: "headless", kind: vk.PhysicalDeviceTypeDiscreteGpu, family: -1, swapchain: true}
	cases := []struct {
		gpus []gpuInfo
		want int
	}{
		{[]gpuInfo{cpu}, 0},
		{[]gpuInfo{cpu, igpu, dgpu}, 2},
		{[]gpuInfo{cpu, igpu}, 1},
		{[]gpuInfo{noPresent, cpu}, 1},
	}
	for _, c := range cases {
		got, err := pickGPU(c.gpus)
		if err != nil || got != c.want {
			t.Errorf("pickGPU(%v) = %d, %v; want %d", c.gpus, got, err, c.want)
		}
	}
}

func TestW6_PickGPUErrorsSayWhatToInstall(t *testing.T) {
	_, err := pickGPU(nil)
	if !errors.Is(err, ErrNoDriver) || !strings.Contains(err.Error(), advice.installDriver) {
		t.Errorf("no devices: %v", err)
	}
	_, err = pickGPU([]gpuInfo{{name: "headless", family: -1}, {name: "old", family: 0}})
	if !errors.Is(err, ErrNoDriver) || !strings.Contains(err.Error(), "headless") || !strings.Contains(err.Error(), "VK_KHR_swapchain") {
		t.Errorf("no usable device: %v", err)
	}
}

// TestW2_ZeroFramebufferSkipsWithoutRebuild pins the decision: 0x0 skips
// (and never rebuilds), whatever else is pending.
func TestW2_ZeroFramebufferSkipsWithoutRebuild(t *testing.T) {
	fifo, imm := present.ModeFIFO, present.ModeImmediate
	cases := []struct {
		w, h, bw, bh int
		stale        bool
		mode, want   present.PresentMode
		act          frameAction
	}{
		{0, 0, 640, 480, false, fifo, fifo, actionSkip},
		{0, 0, 640, 480, true, fifo, imm, actionSkip},
		{640, 0, 640, 480, false, fifo, fifo, actionSkip},
		{0, 480, 640, 480, false, fifo, fifo, actionSkip},
		{640, 480, 640, 480, false, fifo, fifo, actionDraw},
		{641, 480, 640, 480, false, fifo, fifo, actionRebuild},
		{640, 480, 640, 480, true, fifo, fifo, actionRebuild},
		{640, 480, 640, 480, false, fifo, imm, actionRebuild},
	}
	for _, c := range cases {
		if got := decideFrame(c.w, c.h, c.bw, c.bh, c.stale, c.mode, c.want, 0); got != c.act {
			t.Errorf("decideFrame(%dx%d, built %dx%d, stale %v, %v->%v) = %d, want %d",
				c.w, c.h, c.bw, c.bh, c.stale, c.mode, c.want, got, c.act)
		}
	}
}

// TestP5_UnchangedModeDoesNotRebuild: only a different mode asks for a rebuild.
func TestP5_UnchangedModeDoesNotRebuild(t *testing.T) {
	for _, m := range []present.PresentMode{present.ModeImmediate, present.ModeMailbox, present.ModeFIFO, present.ModeFIFORelaxed} {
		if got := decideFrame(100, 100, 100, 100, false, m, m, present.AllModes); got != actionDraw {
			t.Errorf("same mode %v: action %d, want draw", m, got)
		}
	}
}

func TestChooseExtent(t *testing.T) {
	caps := vk.SurfaceCapabilities{
		CurrentExtent:  vk.Extent2D{Width: undefinedExtent, Height: undefinedExtent},
		MinImageExtent: vk.Extent2D{Width: 1, Height: 1},
		MaxImageExtent: vk.Extent2D{Width: 1000, Height: 800},
	}
	if got := chooseExtent(caps, 1200, 600); got.Width != 1000 || got.Height != 600 {
		t.Errorf("clamped extent %v", got)
	}
	caps.CurrentExtent = vk.Extent2D{Width: 300, Height: 200}
	if got := chooseExtent(caps, 1200, 600); got.Width != 300 || got.Height != 200 {
		t.Errorf("current extent not used: %v", got)
	}
}

func TestChooseImageCount(t *testing.T) {
	cases := []struct{ min, max, want uint32 }{{2, 0, 3}, {2, 2, 2}, {3, 8, 4}, {8, 0, 8}}
	for _, c := range cases {
		got, err := chooseImageCount(vk.SurfaceCapabilities{MinImageCount: c.min, MaxImageCount: c.max})
		if err != nil || got != c.want {
			t.Errorf("min %d max %d: %d, %v; want %d", c.min, c.max, got, err, c.want)
		}
	}
	if _, err := chooseImageCount(vk.SurfaceCapabilities{MinImageCount: 9}); err == nil {
		t.Error("9 images accepted")
	}
}

func TestChooseSurfaceFormat(t *testing.T) {
	srgb := vk.ColorspaceSrgbNonlinear
	got, err := chooseSurfaceFormat([]vk.SurfaceFormat{{Format: vk.FormatB8g8r8a8Srgb, ColorSpace: srgb}, {Format: vk.FormatB8g8r8a8Unorm, ColorSpace: srgb}})
	if err != nil || got.Format != vk.FormatB8g8r8a8Unorm {
		t.Errorf("got %v, %v", got.Format, err)
	}
	if _, err := chooseSurfaceFormat(nil); err == nil {
		t.Error("empty list accepted")
	}
}

func TestPresentModeConversionRoundTrips(t *testing.T) {
	for _, m := range present.AllModes.Modes() {
		v, err := toVkMode(m)
		if err != nil {
			t.Fatal(err)
		}
		back, ok := fromVkMode(v)
		if !ok || back != m {
			t.Errorf("%v -> %d -> %v", m, v, back)
		}
	}
	if _, err := toVkMode(0); err == nil {
		t.Error("mode 0 converted")
	}
	set := modeSet([]vk.PresentMode{vk.PresentModeFifo, vk.PresentModeImmediate, vk.PresentModeSharedDemandRefresh})
	if set != present.NewModeSet(present.ModeFIFO, present.ModeImmediate) {
		t.Errorf("modeSet = %v", set)
	}
}

func TestFramesInFlightOption(t *testing.T) {
	for n, want := range map[int]int{0: 2, 1: 1, 2: 2, 3: 3} {
		if got, err := framesInFlight(n); err != nil || got != want {
			t.Errorf("framesInFlight(%d) = %d, %v", n, got, err)
		}
	}
	for _, n := range []int{-1, 4, 100} {
		if _, err := framesInFlight(n); err == nil {
			t.Errorf("framesInFlight(%d) accepted", n)
		}
	}
}

func TestSetFramesInFlightRejectsBadValues(t *testing.T) {
	var r Renderer // no device needed: the value is checked first
	for _, n := range []int{-1, 0, 4} {
		if err := r.SetFramesInFlight(n); err == nil || !strings.Contains(err.Error(), "want 1 to 3") {
			t.Errorf("SetFramesInFlight(%d) = %v", n, err)
		}
	}
}

func TestBadOptionsAreErrorsBeforeAnyVulkanCall(t *testing.T) {
	if _, err := New(fakeSurface{1, 1}, Options{FramesInFlight: 4}); err == nil || !strings.Contains(err.Error(), "frames in flight") {
		t.Errorf("FramesInFlight 4: %v", err)
	}
	if _, err := New(fakeSurface{1, 1}, Options{SwapInterval: 3}); !errors.Is(err, present.ErrBadSwapInterval) {
		t.Errorf("SwapInterval 3: %v", err)
	}
	if _, err := New(nil, Options{}); err == nil {
		t.Error("nil surface accepted")
	}
}

func TestToRGBASwapsBGRA(t *testing.T) {
	img := toRGBA([]byte{1, 2, 3, 0, 4, 5, 6, 7}, 2, 1, true)
	if img.Bounds() != image.Rect(0, 0, 2, 1) {
		t.Fatal(img.Bounds())
	}
	if want := []byte{3, 2, 1, 255, 6, 5, 4, 255}; string(img.Pix) != string(want) {
		t.Errorf("BGRA: %v, want %v", img.Pix, want)
	}
	if want := []byte{1, 2, 3, 255}; string(toRGBA([]byte{1, 2, 3, 9}, 1, 1, false).Pix) != string(want) {
		t.Error("RGBA changed")
	}
}

// TestW7_AcquireTimeoutSkipsTheFrame: an acquire whose bounded wait ran
// out before it took an image skips the frame (no wait without end); one
// that took an image and then timed out waiting for its previous frame is
// an error (the image must not be left acquired); the other results keep
// their meaning.
func TestW7_AcquireTimeoutSkipsTheFrame(t *testing.T) {
	cases := []struct {
		res  vk.Result
		held bool
		want acquireResult
	}{
		{vk.Success, false, acquireDraw},
		{vk.Suboptimal, false, acquireDrawStale},
		{vk.ErrorOutOfDate, false, acquireStale},
		{vk.Timeout, false, acquireSkip},
		{vk.NotReady, false, acquireSkip},
		{vk.Timeout, true, acquireFail},
		{vk.ErrorDeviceLost, false, acquireFail},
		{vk.ErrorSurfaceLost, false, acquireFail},
	}
	for _, c := range cases {
		if got := acquireOutcome(c.res, c.held); got != c.want {
			t.Errorf("acquireOutcome(%v, held %v) = %d, want %d", Result(c.res), c.held, got, c.want)
		}
	}
}
