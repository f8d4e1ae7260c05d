package vulkan

import "github.com/metronome-engine/metronome/renderer/present"

// Status is what a renderer reports about its device and its presentation
// at one moment, read with Renderer.Status: a value, cheap to take every
// frame.
type Status struct {
	// Device is the physical device's name, e.g.
	// "llvmpipe (LLVM 15.0.6, 256 bits)" for lavapipe.
	Device string
	// Validating reports whether the validation layer is on; Messages is
	// how many validation messages it wrote so far (Renderer.Messages
	// returns them).
	Validating bool
	Messages   int
	// FramesInFlight is the number of frames the CPU may prepare ahead.
	FramesInFlight int
	// Supported is the set of present modes the window's surface supports
	// (read once, at New).
	Supported present.ModeSet
	// Presentation is the last requested swap interval, the present mode
	// chosen for it, whether (and why) it fell back, whether it is a FIFO
	// emulated on frame callbacks (Options.Pacer), the refreshes each frame
	// is held for (2 while half rate is active), and how the last change of
	// mode was applied (in place or by a rebuild). The chosen mode is in
	// use from the next frame.
	Presentation present.Choice
	// ModeInUse is the present mode of the live swapchain: an observation,
	// not the request. Zero (not a valid mode) before the first swapchain.
	ModeInUse present.PresentMode
	// HalfRate reports whether half rate was asked for; it is active only
	// at swap interval 2 with FIFO, when Presentation.Hold is 2.
	HalfRate bool
	// InPlace reports whether this renderer switches present modes in
	// place where the surface allows: the driver has the extensions and
	// feature, and neither Options.ForceRebuild nor
	// METRONOME_PRESENT_INPLACE=0 turned it off.
	InPlace bool
	// Counts is how the present-mode changes so far went: how many, how
	// many in place, and the swapchain rebuilds after the first.
	Counts present.SwitchCounts
	// Presents is how many images were queued for presentation since New
	// (a present that returned VK_SUCCESS or VK_SUBOPTIMAL_KHR): one per
	// drawn frame, two while half rate is active, one per ReadBack present.
	Presents uint64
	// Skipped is how many frames BeginFrame skipped because a bounded wait
	// ran out: for an image, for the GPU, or, with an emulated FIFO, for
	// the last present's frame callback.
	Skipped uint64
	// Hidden is how many times BeginFrame drew nothing because the window
	// reported it cannot present (hidden, minimized, not yet configured).
	Hidden uint64
	// Rebuilds is how many swapchains have been built, the first included.
	Rebuilds int
	// DXT is one line saying how DXT (Dxt1, Dxt3, Dxt5) textures are
	// handled, decided once at New: sampled as BC1-BC3 by the device, or
	// decoded to RGBA8 on the CPU where it lacks textureCompressionBC.
	DXT string
	// BackBufferSamples is the back buffer's samples per pixel as last set
	// with SetBackBufferSamples (in use from the next frame on), 0 for none.
	BackBufferSamples int
}

// Status reports the renderer's device and presentation as they are now.
// It allocates nothing; a nil renderer reports zero values.
func (r *Renderer) Status() Status {
	if r == nil {
		return Status{}
	}
	s := Status{
		Supported:  r.pres.modes,
		HalfRate:   r.pres.halfRate,
		InPlace:    r.pres.inPlace,
		Presents:   r.pres.presents,
		Skipped:    r.frames.skipped,
		Hidden:     r.pres.hidden,
		Rebuilds:   r.pres.rebuilds,
		Validating: r.gpu.inst != nil && r.gpu.inst.log != nil,
	}
	s.Presentation = r.pres.choice
	s.Presentation.Switch = r.pres.lastSwitch
	s.Counts = present.SwitchCounts{Changes: r.pres.changes, InPlace: r.pres.inPlaceChanges, Rebuilds: max(r.pres.rebuilds-1, 0)}
	if s.Validating {
		s.Messages = r.gpu.inst.log.count()
	}
	if r.gpu.dev != nil {
		s.Device = r.gpu.dev.name
	}
	s.DXT = r.gpu.formats.report
	if r.frames.sync != nil {
		s.FramesInFlight = len(r.frames.sync.fences)
	}
	s.BackBufferSamples = r.gpu.bbms.want
	if r.pres.sc != nil {
		s.ModeInUse = r.pres.sc.mode
	}
	return s
}
