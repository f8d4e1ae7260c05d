package window_test

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/metronome-engine/metronome/window"
)

// In package main: keep the main goroutine on the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

// A loop that polls events, skips drawing while the framebuffer is empty
// (rule W2) and waits in the kernel instead, and reports a missing display
// as one clear error (rule W6). It runs on the main goroutine, so it calls
// the window directly; code on other goroutines would use window.Do.
func Example() {
	w, err := window.New(window.Config{Title: "demo", Width: 640, Height: 480, Resizable: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err) // says to start an X server / install Xvfb
		os.Exit(1)
	}
	defer w.Destroy()
	events := make([]window.Event, 0, 64)
	for !w.ShouldClose() {
		events = w.PollEvents(events[:0])
		for _, ev := range events {
			// Raw GLFW codes: an engine maps them to its own key names.
			if ev.Kind == window.Key && ev.Key == int(glfw.KeyEscape) && ev.Action == int(glfw.Press) {
				w.SetShouldClose(true)
			}
		}
		if !window.ShouldDraw(w.FramebufferSize()) {
			window.WaitEvents(20 * time.Millisecond) // minimized: sleep, do not spin
			continue
		}
		// draw a frame here
	}
}

// A program whose work runs on other goroutines hands the main thread to
// Main and reaches GLFW through Do.
func ExampleMain() {
	code := window.Main(func() int {
		var w *window.Window
		var err error
		window.Do(func() { w, err = window.New(window.Config{Title: "demo", Width: 320, Height: 240}) })
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		window.Do(w.Destroy)
		return 0
	})
	os.Exit(code)
}
