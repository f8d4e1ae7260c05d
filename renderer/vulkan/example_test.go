package vulkan_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// ExampleNew draws two seconds of the lit cube at 60 frames per second of
// game time with vertical sync (rules P4 and W2), then saves a screenshot
// (W5). It must run on the main thread (W1), for example inside window.Do.
// It has no Output line: it needs a display and a Vulkan driver.
func ExampleNew() {
	win, err := window.New(window.Config{Title: "cube", Width: 640, Height: 480, Resizable: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer win.Destroy()
	exts, err := window.VulkanInstanceExtensions()
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := vulkan.New(win, vulkan.Options{InstanceExtensions: exts, ProcAddr: window.VulkanProcAddr(), SwapInterval: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Destroy()
	events := make([]window.Event, 0, 16)
	for frame := range 120 {
		events = win.PollEvents(events[:0])
		for _, ev := range events {
			if ev.Kind == window.FramebufferResize || ev.Kind == window.Iconify {
				r.Resize()
			}
		}
		drawn, err := r.DrawFrame(time.Duration(frame) * time.Second / 60)
		if err != nil {
			fmt.Println(err)
			return
		}
		if !drawn {
			window.WaitEvents(50 * time.Millisecond) // minimised: do not spin
		}
	}
	img, err := r.ReadBack()
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := vulkan.WritePNG("cube.png", img); err != nil {
		fmt.Println(err)
	}
	fmt.Println(r.Presentation().Mode, r.ModeInUse())
}
