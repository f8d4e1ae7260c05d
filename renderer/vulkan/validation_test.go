package vulkan

import (
	"strings"
	"testing"

	vk "github.com/vulkan-go/vulkan"
)

// TestW3_LoaderNoticeIsNotAValidationMessage: only the validation layer's
// errors and warnings count; the loader's reports (its "env var defined"
// warning when VK_INSTANCE_LAYERS enables the layer) and information never do.
func TestW3_LoaderNoticeIsNotAValidationMessage(t *testing.T) {
	flag := func(b vk.DebugReportFlagBits) vk.DebugReportFlags { return vk.DebugReportFlags(b) }
	cases := []struct {
		flags  vk.DebugReportFlags
		prefix string
		want   bool
	}{
		{flag(vk.DebugReportErrorBit), "Validation", true},
		{flag(vk.DebugReportWarningBit), "Validation", true},
		{flag(vk.DebugReportPerformanceWarningBit), "Validation", true},
		{flag(vk.DebugReportInformationBit), "Validation", false},
		{flag(vk.DebugReportDebugBit), "Validation", false},
		{flag(vk.DebugReportWarningBit), "Loader Message", false},
		{flag(vk.DebugReportErrorBit), "Loader Message", false},
		{flag(vk.DebugReportInformationBit), "Loader Message", false},
		{flag(vk.DebugReportErrorBit), "", false},
	}
	for _, c := range cases {
		if got := isValidationMessage(c.flags, c.prefix); got != c.want {
			t.Errorf("isValidationMessage(%#x, %q) = %t, want %t", c.flags, c.prefix, got, c.want)
		}
	}
}

// TestW3_InstanceLayersEnvIsNotAMessage: with VK_INSTANCE_LAYERS naming the
// validation layer (the loader then warns "env var defined" through the
// callback at every vkCreateInstance), a clean run through the engine's
// path (StartInstance, NewWithInstance) has no validation message; the
// cleanup fails on any.
func TestW3_InstanceLayersEnvIsNotAMessage(t *testing.T) {
	t.Setenv("VK_INSTANCE_LAYERS", validationLayer)
	g := openGPUWith(t, 96, 64, Options{SwapInterval: 1}, platformStart())
	for i := range 3 {
		g.draw(t, float64(i)/60)
	}
}

// TestW3_InstanceLayersEnvRealErrorIsCaught: with VK_INSTANCE_LAYERS set, a
// real validation error (a create-info with the wrong sType) is still
// collected, and the loader's notice is not among the messages.
func TestW3_InstanceLayersEnvRealErrorIsCaught(t *testing.T) {
	t.Setenv("VK_INSTANCE_LAYERS", validationLayer)
	g := openGPU(t, 64, 64, Options{})
	g.expectMessages = true
	g.draw(t, 0)
	if n := len(g.messages()); n != 0 {
		t.Fatalf("%d messages before the provoked error: %q", n, g.messages())
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
	msgs := strings.Join(g.r.Messages(), "\n")
	if !strings.Contains(msgs, "sType") {
		t.Errorf("the wrong sType was not reported; messages: %q", msgs)
	}
	if strings.Contains(msgs, "Loader") {
		t.Errorf("a loader notice was counted: %q", msgs)
	}
}
