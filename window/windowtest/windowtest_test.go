package windowtest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/metronome-engine/metronome/window"
)

func TestW6_StackMissing(t *testing.T) {
	noDriver := errors.New("no driver")
	cases := []struct {
		err  error
		want bool
	}{
		{nil, false},
		{fmt.Errorf("open window: %w", window.ErrNoDisplay), true},
		{fmt.Errorf("create device: %w", noDriver), true},
		{errors.New("VK_LAYER_KHRONOS_validation is not installed"), true},
		{errors.New("create swapchain: VK_ERROR_OUT_OF_HOST_MEMORY"), false},
	}
	for _, c := range cases {
		if got := StackMissing(c.err, noDriver); got != c.want {
			t.Errorf("StackMissing(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

func TestRequireGPUReadsTheEnvironment(t *testing.T) {
	t.Setenv(RequireEnv, "1")
	if !RequireGPU() {
		t.Error("RequireGPU false with the variable set to 1")
	}
	t.Setenv(RequireEnv, "")
	if RequireGPU() {
		t.Error("RequireGPU true with the variable empty")
	}
}
