package vulkan_test

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// ExampleNew draws two seconds of a turning, vertex-coloured triangle
// through a graphics.Device on the Renderer with vertical sync (rules P4
// and W2), capturing the last frame as presented (G11). It must run on the
// main thread (W1), for example inside window.Do. It has no Output line:
// it needs a display and a Vulkan driver. Games get all of this from
// package engine/desktop.
func ExampleNew() {
	win, err := window.New(window.Config{Title: "triangle", Width: 640, Height: 480, Resizable: true})
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
	dev, err := graphics.NewDevice(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	effect := graphics.NewBasicEffect(dev)
	effect.VertexColorEnabled = true
	tri := []graphics.VertexPositionColor{ // clockwise on screen: XNA's front face
		{Position: mgl32.Vec3{0, 0.8, 0}, Color: graphics.Red},
		{Position: mgl32.Vec3{0.8, -0.8, 0}, Color: graphics.Green},
		{Position: mgl32.Vec3{-0.8, -0.8, 0}, Color: graphics.Blue}}
	events := make([]window.Event, 0, 16)
	for frame := range 120 {
		events = win.PollEvents(events[:0])
		for _, ev := range events {
			if ev.Kind == window.FramebufferResize || ev.Kind == window.Iconify {
				r.Resize()
			}
		}
		if ok, err := r.BeginFrame(); err != nil || !ok {
			window.WaitEvents(50 * time.Millisecond) // minimised or no image in time: do not spin
			continue
		}
		_ = dev.BeginFrame(r.Extent())
		_ = dev.Clear(graphics.CornflowerBlue)
		effect.World = mgl32.HomogRotate3DZ(float32(frame) / 60)
		effect.Projection = mgl32.Scale3D(1, -1, 1) // Y up, as the projection helpers do
		effect.Apply()
		if err := graphics.DrawUserPrimitives(dev, graphics.TriangleList, tri, 0, 1); err != nil {
			fmt.Println(err)
		}
		f, _ := dev.EndFrame()
		if frame == 119 {
			r.CaptureNext()
		}
		if err := r.Execute(f); err != nil {
			fmt.Println(err)
			return
		}
	}
	if img, err := r.LastCapture(); err == nil && img != nil {
		_ = engine.WritePNG("triangle.png", img)
	}
	st := r.Status()
	fmt.Println(st.Presentation.Mode, st.ModeInUse)
}
