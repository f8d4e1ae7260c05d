package vulkan

import (
	"slices"
	"testing"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestW11_GPUsListedWithAndWithoutRoom: the start lists the physical
// devices in one loader call into room for gpuRoom of them; with less
// room than there are devices (none here) it counts them and lists
// again. Both give the same devices, in the same order, and validation
// has nothing to say about either.
func TestW11_GPUsListedWithAndWithoutRoom(t *testing.T) {
	loadOrSkip(t)
	in, err := newInstance(nil, testValidation())
	if err != nil {
		windowtest.SkipOrFail(t, "no Vulkan driver", err)
	}
	defer func() {
		in.destroy()
		for _, m := range in.messages() {
			t.Errorf("validation: %s", m)
		}
	}()
	roomy, r := physicalDevices(in.handle, gpuRoom)
	if r != vk.Success {
		t.Fatalf("listing into room for %d: %s", gpuRoom, Result(r))
	}
	if len(roomy) == 0 || len(roomy) > gpuRoom {
		t.Fatalf("listing into room for %d gave %d devices", gpuRoom, len(roomy))
	}
	tight, r := physicalDevices(in.handle, 0)
	if r != vk.Success {
		t.Fatalf("listing without room: %s, want the count and a second listing", Result(r))
	}
	if !slices.Equal(roomy, tight) {
		t.Errorf("listing without room gave %v, into room %v", tight, roomy)
	}
}
