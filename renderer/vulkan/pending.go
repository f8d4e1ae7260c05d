package vulkan

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/internal/scanwait"
)

// PendingInstance is Vulkan's start (loader, driver, instance with its
// debug-report callback, device, render passes, shader modules, the
// common pipelines and their first draws) running on its own goroutine, so that it overlaps the
// window system's start: GLFW's init must run on the main thread, and the
// first load of a driver (lavapipe links LLVM) and its pipeline compiles
// are the slowest steps of a launch. Make one with StartInstance before
// opening the window, then hand it to NewWithInstance, which takes it over
// (the Renderer then owns and destroys everything it made), or end it with
// Destroy (W4: also when opening the window fails). Use it from one
// goroutine.
type PendingInstance struct {
	done chan struct{} // closed when the goroutine has finished
	st   *started      // written before done closes; nil once taken
	log  *messageLog   // the instance's validation messages, kept after Destroy
}

// InstanceOptions configure StartInstance.
type InstanceOptions struct {
	// Extensions are the instance extensions to enable where the driver
	// offers them: window.PlatformInstanceExtensions(), the set the window
	// system chooses from. It must include VK_KHR_surface.
	// NewWithInstance refuses a window whose extensions
	// (Options.InstanceExtensions) were not all enabled.
	Extensions []string
	// ProcAddr is vkGetInstanceProcAddr; nil loads the system's
	// libvulkan.so.1 (vulkan-1.dll on Windows), the loader GLFW uses.
	ProcAddr unsafe.Pointer
	// Validation turns on VK_LAYER_KHRONOS_validation and its message
	// collection, as Options.Validation does; METRONOME_VALIDATION=1 too (W3).
	Validation bool
	// PresentSupport reports whether queue family family of physical
	// device device (raw handles, of instance) can present to the
	// platform's windows: window.PresentationSupport, which waits for
	// GLFW's init on the main thread. The start asks it only when it has a
	// choice (more than one queue family that draws, over all GPUs), and
	// makes the device on a family it says presents. Without it the first
	// family that draws is used. NewWithInstance checks the family against
	// the window's surface and fails, naming it, if it cannot present.
	PresentSupport func(instance, device uintptr, family uint32) bool
}

// started is what the goroutine made: everything, or err and nothing.
type started struct {
	core    deviceState // loader, instance, device, passes, layouts, modules, cache, pipelines
	enabled []string    // instance extensions enabled, without the debug-report one
	err     error
}

// StartInstance starts, on a new goroutine, what New does before it needs
// the window: it loads the Vulkan loader (opt.ProcAddr, or the system's
// libvulkan.so.1, on Windows vulkan-1.dll, as GLFW does), creates the
// instance with those of opt.Extensions the driver offers (plus validation,
// when asked), the device on the GPU New would prefer, and, for the back
// buffer's expected format, the render passes, shader modules and the
// common pipelines, and submits a first draw with each into a 1x1 image
// (lavapipe compiles their code at that draw). It returns at once; errors (W6: no loader, no
// driver) come from NewWithInstance. Safe from any goroutine; it needs no
// window or display.
// Like New, it points vulkan-go's process-wide entry points at the loader,
// so it must not overlap another New or StartInstance that uses a different
// loader.
func StartInstance(opt InstanceOptions) *PendingInstance {
	p := &PendingInstance{done: make(chan struct{})}
	opt.Extensions = slices.Clone(opt.Extensions)
	opt.Validation = validationWanted(opt.Validation)
	go func() {
		defer close(p.done)
		p.st = startRecovered(opt)
		if p.st.core.inst != nil {
			p.log = p.st.core.inst.log
		}
	}()
	return p
}

// errStartPanicked is wrapped by the error of a start that panicked.
var errStartPanicked = errors.New("internal error: the Vulkan start panicked")

// startFunc is start; a test replaces it to reach startRecovered's recovery.
var startFunc = start

// startRecovered is start with a panic turned into st.err. A panic left on
// StartInstance's goroutine would race the main goroutine: the process
// died either before or after the caller printed its own error (say, no
// display), with exit status 2 or the caller's (W6). The error reaches
// whoever takes the result, on their goroutine; what the start made
// before it panicked is not destroyed.
func startRecovered(opt InstanceOptions) (st *started) {
	defer func() {
		if v := recover(); v != nil {
			st = &started{err: fmt.Errorf("start Vulkan: %w: %v\n%s", errStartPanicked, v, debug.Stack())}
		}
	}()
	return startFunc(opt)
}

// start loads Vulkan and creates the instance, the device and what drawing
// needs before a surface exists (createCore), destroying what it made when
// a step fails (opt.Validation is already resolved).
func start(opt InstanceOptions) *started {
	st := &started{}
	var err error
	if st.core.procAddr, err = loadVulkan(opt.ProcAddr); err != nil {
		return &started{err: err}
	}
	launchtrace.Mark("vulkan: loader loaded")
	wanted := opt.Extensions
	if hasAll(trimNULs(wanted), []string{"VK_KHR_surface"}) { // P11's extensions need it
		wanted = append(wanted, inPlaceInstanceExtensions...)
	}
	var scanned bool
	if st.enabled, scanned, err = offeredExtensions(wanted, opt.ProcAddr == nil); err != nil {
		return &started{err: err}
	}
	if scanned {
		launchtrace.Mark("vulkan: instance extensions taken from the driver scan's list")
	} else {
		launchtrace.Mark("vulkan: instance extensions listed")
	}
	if st.core.inst, err = newInstance(st.enabled, opt.Validation); err != nil {
		return &started{err: err} // no driver: this is the error that says so (W6)
	}
	launchtrace.Mark("vulkan: instance created")
	if !slices.Contains(st.enabled, "VK_KHR_surface") {
		st.core.destroyCore()
		return &started{core: deviceState{inst: st.core.inst}, err: fmt.Errorf(
			"start Vulkan: the instance extensions %q include no VK_KHR_surface the driver offers: "+
				"pass window.PlatformInstanceExtensions() (%s)", opt.Extensions, noDriverAdvice())}
	}
	var maintenance1 func(vk.PhysicalDevice) bool
	if hasAll(st.enabled, inPlaceInstanceExtensions) {
		inst, procAddr := st.core.inst.handle, st.core.procAddr
		maintenance1 = func(gpu vk.PhysicalDevice) bool {
			ok, err := hasDeviceExtension(gpu, swapchainMaintenance1)
			return err == nil && ok && hasMaintenance1Feature(procAddr, inst, gpu)
		}
	}
	if st.core.dev, err = firstDevice(st.core.inst.handle, opt.PresentSupport, maintenance1); err != nil {
		st.core.destroyCore()
		return &started{err: err, core: deviceState{inst: st.core.inst}}
	}
	launchtrace.Mark("vulkan: device created")
	if err = st.core.createCore(assumedSurfaceFormat); err != nil {
		st.core.destroyCore()
		return &started{err: err, core: deviceState{inst: st.core.inst}}
	}
	launchtrace.Mark("vulkan: passes, shader modules and common pipelines built")
	return st
}

// offeredExtensions returns those of wanted the loader and drivers offer,
// in wanted's order. With the system's loader (systemLoader) it takes the
// list the driver scan begun at process load made, when there is one that
// still holds (scanned is then true): listing again would make the
// loader read every manifest twice more (two calls: count, then names).
func offeredExtensions(wanted []string, systemLoader bool) (_ []string, scanned bool, _ error) {
	const op, call = "list instance extensions", "vkEnumerateInstanceExtensionProperties"
	var offered []string
	if systemLoader {
		offered, scanned = scanwait.Extensions()
	}
	if !scanned {
		var res vk.Result
		offered, res = instanceExtensions() // not vk.EnumerateInstanceExtensionProperties: see vkcalls.go
		if err := callErr(op, call, res); err != nil {
			return nil, false, err
		}
	}
	var out []string
	for _, w := range wanted {
		if slices.Contains(offered, w) {
			out = append(out, w)
		}
	}
	return out, scanned, nil
}

// askFrom is the number of queue families that draw (over all GPUs) from
// which the start asks PresentSupport; a test lowers it to 1 to reach the
// asking path on a driver with one family.
var askFrom = 2

// firstDevice creates the device New would choose, before there is a
// surface: on the GPU pickGPU prefers, with its first queue family that
// draws. When there is a choice (more than one family that draws, over all
// GPUs) and support is set, only families support says present count,
// and the start waits for the window system here (glfwInit on the main
// thread); with one family the choice is forced and nothing waits.
// newRenderer checks the family against the surface.
func firstDevice(inst vk.Instance, support func(instance, device uintptr, family uint32) bool,
	maintenance1 func(vk.PhysicalDevice) bool) (*device, error) {
	gpus, infos, err := listGPUs(inst, vk.NullSurface)
	if err != nil {
		return nil, err
	}
	fams := make([][]int, len(gpus))
	choices := 0
	for i, g := range gpus {
		fams[i] = graphicsFamilies(g)
		choices += len(fams[i])
	}
	if support != nil && choices >= askFrom {
		launchtrace.Mark("vulkan: waiting for the window system to pick the queue family")
		for i, g := range gpus {
			infos[i].family = supportedFamily(inst, g, fams[i], support)
		}
	}
	launchtrace.Mark("vulkan: queue family picked")
	i, err := pickGPU(infos)
	if err != nil {
		return nil, err
	}
	return newDevice(gpus[i], infos[i], maintenance1)
}

// take waits for the goroutine and hands its result over: nil for a nil p,
// or when it was taken or destroyed before.
func (p *PendingInstance) take() *started {
	if p == nil {
		return nil
	}
	<-p.done
	st := p.st
	p.st = nil
	return st
}

// HasExtensions waits for the goroutine and reports whether the instance
// it created enabled every extension in names (window.NativeSurfaceExtensions,
// say, so the window need not ask GLFW for its list). It is false when
// the start failed, and for a nil p or one taken or destroyed.
func (p *PendingInstance) HasExtensions(names []string) bool {
	if p == nil {
		return false
	}
	<-p.done
	return p.st != nil && p.st.err == nil && len(names) > 0 && hasAll(p.st.enabled, names)
}

// Destroy waits for the goroutine and destroys everything it made, in
// reverse order (W4), unless NewWithInstance took it over. Safe to call twice
// and on a nil PendingInstance.
func (p *PendingInstance) Destroy() { p.take().destroy() }

// messages returns the validation messages of p's instance so far, also
// after Destroy (leaks are reported at vkDestroyInstance).
func (p *PendingInstance) messages() []string {
	if p == nil {
		return nil
	}
	<-p.done
	if p.log == nil {
		return nil
	}
	return p.log.snapshot()
}

// destroy destroys what st still owns (newRenderer empties st when it
// takes it over); safe twice and on nil.
func (st *started) destroy() {
	if st == nil {
		return
	}
	st.core.destroyCore()
}

// hasAll reports whether every name in need (NUL-terminated or not) is in have.
func hasAll(have, need []string) bool {
	for _, n := range need {
		if !slices.Contains(have, strings.TrimSuffix(n, "\x00")) {
			return false
		}
	}
	return true
}

// graphicsFamilies returns the queue families of gpu that draw.
func graphicsFamilies(gpu vk.PhysicalDevice) []int {
	var fams []int
	for i, flags := range queueFamilyFlags(gpu) { // not vk.GetPhysicalDeviceQueueFamilyProperties: see vkcalls.go
		if vk.QueueFlagBits(flags)&vk.QueueGraphicsBit != 0 {
			fams = append(fams, i)
		}
	}
	return fams
}

// supportedFamily returns the first of fams (queue families of gpu that
// draw) that support says presents, or -1.
func supportedFamily(inst vk.Instance, gpu vk.PhysicalDevice, fams []int, support func(instance, device uintptr, family uint32) bool) int {
	for _, f := range fams {
		if support(uintptr(unsafe.Pointer(inst)), uintptr(unsafe.Pointer(gpu)), uint32(f)) {
			return f
		}
	}
	return -1
}
