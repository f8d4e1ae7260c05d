package vulkan

import (
	"strings"
	"testing"

	vk "github.com/vulkan-go/vulkan"
)

// TestW3_ValidationMessagesAreCollected proves the check every GPU test
// relies on can fail: a create-info with the wrong sType must be reported.
func TestW3_ValidationMessagesAreCollected(t *testing.T) {
	g := openGPU(t, 64, 64, Options{})
	g.expectMessages = true
	if !g.r.Validating() {
		t.Fatal("validation is off in a GPU test")
	}
	onMain(t, func() error {
		ci := vk.SemaphoreCreateInfo{SType: vk.StructureTypeFenceCreateInfo} // wrong on purpose
		defer ci.Free()
		var s vk.Semaphore
		if r := vk.CreateSemaphore(g.r.gpu.dev.handle, &ci, nil, &s); r == vk.Success {
			vk.DestroySemaphore(g.r.gpu.dev.handle, s, nil)
		}
		return nil
	})
	msgs := g.r.Messages()
	if len(msgs) == 0 || !strings.Contains(strings.Join(msgs, "\n"), "sType") {
		t.Errorf("no validation message about the bad sType; got %q", msgs)
	}
}

// TestW4_LeakIsReportedAtDestroy proves the teardown check can fail: a
// semaphore left alive must be reported when the device is destroyed.
func TestW4_LeakIsReportedAtDestroy(t *testing.T) {
	g := openGPU(t, 64, 64, Options{})
	g.expectMessages = true
	onMain(t, func() error {
		_, err := newSemaphore(g.r.gpu.dev.handle) // leaked on purpose
		if err != nil {
			return err
		}
		g.r.Destroy()
		return nil
	})
	msgs := strings.Join(g.r.Messages(), "\n")
	if !strings.Contains(msgs, "VkSemaphore") {
		t.Errorf("leaked semaphore not reported at vkDestroyDevice; messages: %q", msgs)
	}
}

// TestW4_TeardownLeavesNothing uses every kind of object (frames, a rebuild,
// a read-back, a frames-in-flight change), destroys the renderer twice and
// expects no validation message: the layer reports any object still alive
// at vkDestroyDevice and vkDestroyInstance (checked in openGPU's cleanup).
func TestW4_TeardownLeavesNothing(t *testing.T) {
	g := openGPU(t, 200, 150, Options{SwapInterval: 1, FramesInFlight: 3})
	onMain(t, func() error {
		for i := range 10 {
			if _, err := g.r.DrawFrame(seconds(float64(i) / 30)); err != nil {
				return err
			}
		}
		if err := g.r.SetSwapInterval(0); err != nil {
			return err
		}
		if err := g.r.SetFramesInFlight(1); err != nil {
			return err
		}
		if _, err := g.r.ReadBack(); err != nil {
			return err
		}
		g.r.Destroy()
		g.r.Destroy()
		if _, err := g.r.DrawFrame(0); err == nil {
			t.Error("DrawFrame after Destroy did not fail")
		}
		return nil
	})
	if n := g.r.liveObjects(); n != 0 {
		t.Errorf("%d objects still held after Destroy", n)
	}
}

// TestW4_InstanceLeakIsReportedAtDestroy proves that vkDestroyInstance is
// watched too (the callback chained into the instance create-info): a
// debug-report callback left alive must be reported.
func TestW4_InstanceLeakIsReportedAtDestroy(t *testing.T) {
	g := openGPU(t, 64, 64, Options{})
	g.expectMessages = true
	onMain(t, func() error {
		if _, err := createReport(g.r.gpu.inst.handle); err != nil { // leaked on purpose
			return err
		}
		g.r.Destroy()
		return nil
	})
	msgs := strings.Join(g.r.Messages(), "\n")
	if !strings.Contains(msgs, "vkDestroyInstance") {
		t.Errorf("leaked callback not reported at vkDestroyInstance; messages: %q", msgs)
	}
	if testing.Verbose() {
		t.Log(msgs)
	}
}
