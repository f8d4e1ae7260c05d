package vulkan

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// PendingInstance is Vulkan's start (loader, driver, instance with its
// debug-report callback, device) running on its own goroutine, so that it
// overlaps the window system's start: GLFW's init must run on the main
// thread, and the first load of a driver (lavapipe links LLVM) is the
// slowest step of a launch. Make one with StartInstance before opening the
// window, then hand it to NewWithInstance, which takes it over, or end it
// with Destroy (W4: also when opening the window fails). Use it from one
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
	// system chooses from. NewWithInstance checks the window's own list
	// (Options.InstanceExtensions) against what was enabled.
	Extensions []string
	// Validation turns on VK_LAYER_KHRONOS_validation and its message
	// collection, as Options.Validation does; METRONOME_VALIDATION=1 too (W3).
	Validation bool
	// PresentSupport, when set, reports whether queue family family of
	// physical device device (raw handles, of instance) can present to the
	// platform's windows: window.PresentationSupport, which waits for GLFW
	// to start on the main thread. The device is then made on a family
	// that draws and presents, before any surface exists, and the renderer
	// keeps it. Without it (or when it returns false for every family) the
	// first family that draws is used, and NewWithInstance checks it
	// against the surface (replacing the device when it cannot present).
	PresentSupport func(instance, device uintptr, family uint32) bool
}

// started is what the goroutine made: everything, or err and nothing.
type started struct {
	procAddr unsafe.Pointer // the system loader's vkGetInstanceProcAddr
	inst     *instance
	enabled  []string // instance extensions enabled, without the debug-report one
	dev      *device  // its queue family draws (present support is checked later); nil without VK_KHR_surface
	err      error
}

// StartInstance starts, on a new goroutine, what New does before it needs
// the window: it loads the system's Vulkan loader (libvulkan.so.1, as GLFW
// does), creates the instance with those of opt.Extensions the driver
// offers (plus validation, when asked), and the device on the GPU New would
// prefer. It returns at once; errors (W6: no loader, no driver) come from
// NewWithInstance. Safe from any goroutine; it needs no window or display.
// Like New, it points vulkan-go's process-wide entry points at the loader,
// so it must not overlap another New or StartInstance that uses a different
// loader.
func StartInstance(opt InstanceOptions) *PendingInstance {
	p := &PendingInstance{done: make(chan struct{})}
	wanted := slices.Clone(opt.Extensions)
	validate := validationWanted(opt.Validation)
	support := opt.PresentSupport
	go func() {
		defer close(p.done)
		p.st = startRecovered(wanted, validate, support)
		if p.st.inst != nil {
			p.log = p.st.inst.log
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
func startRecovered(wanted []string, validate bool, support func(instance, device uintptr, family uint32) bool) (st *started) {
	defer func() {
		if v := recover(); v != nil {
			st = &started{err: fmt.Errorf("start Vulkan: %w: %v\n%s", errStartPanicked, v, debug.Stack())}
		}
	}()
	return startFunc(wanted, validate, support)
}

// start loads Vulkan and creates the instance and the device, destroying
// what it made when a step fails.
func start(wanted []string, validate bool, support func(instance, device uintptr, family uint32) bool) *started {
	st := &started{}
	var err error
	if st.procAddr, err = loadVulkan(nil); err != nil {
		return &started{err: err}
	}
	if st.enabled, err = offeredExtensions(wanted); err != nil {
		return &started{err: err}
	}
	if st.inst, err = newInstance(st.enabled, validate); err != nil {
		return &started{err: err}
	}
	if !slices.Contains(st.enabled, "VK_KHR_surface") {
		return st // no device: VK_KHR_swapchain needs the instance's VK_KHR_surface
	}
	if st.dev, err = firstDevice(st.inst.handle, support); err != nil {
		st.inst.destroy()
		return &started{err: err}
	}
	return st
}

// offeredExtensions returns those of wanted the loader and drivers offer,
// in wanted's order.
func offeredExtensions(wanted []string) ([]string, error) {
	const op, call = "list instance extensions", "vkEnumerateInstanceExtensionProperties"
	var n uint32
	if err := callErr(op, call, vk.EnumerateInstanceExtensionProperties("", &n, nil)); err != nil {
		return nil, err
	}
	props := make([]vk.ExtensionProperties, n)
	if err := callErr(op, call, vk.EnumerateInstanceExtensionProperties("", &n, props)); err != nil {
		return nil, err
	}
	offered := make([]string, 0, n)
	for i := range props[:n] {
		props[i].Deref()
		offered = append(offered, vk.ToString(props[i].ExtensionName[:]))
	}
	var out []string
	for _, w := range wanted {
		if slices.Contains(offered, w) {
			out = append(out, w)
		}
	}
	return out, nil
}

// firstDevice creates the device New would choose, before there is a
// surface: on the GPU pickGPU prefers, with its first queue family that
// draws and, when support is set, presents to the platform's windows (else
// the first that draws). Renderer.chooseDevice checks it against the
// surface all the same.
func firstDevice(inst vk.Instance, support func(instance, device uintptr, family uint32) bool) (*device, error) {
	gpus, infos, err := listGPUs(inst, vk.NullSurface)
	if err != nil {
		return nil, err
	}
	if support != nil {
		for i, g := range gpus {
			if fam := supportedFamily(inst, g, support); fam >= 0 {
				infos[i].family = fam
			}
		}
	}
	i, err := pickGPU(infos)
	if err != nil {
		return nil, err
	}
	return newDevice(gpus[i], infos[i])
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

// Destroy waits for the goroutine and destroys the device and the instance
// it made (W4), unless NewWithInstance took them over. Safe to call twice
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

// destroy destroys what st still owns (the renderer zeroes what it adopts);
// safe twice and on nil.
func (st *started) destroy() {
	if st == nil {
		return
	}
	st.dev.destroy()
	st.inst.destroy()
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

// supportedFamily returns the first queue family of gpu that draws and
// that support says presents, or -1.
func supportedFamily(inst vk.Instance, gpu vk.PhysicalDevice, support func(instance, device uintptr, family uint32) bool) int {
	var n uint32
	vk.GetPhysicalDeviceQueueFamilyProperties(gpu, &n, nil)
	fams := make([]vk.QueueFamilyProperties, n)
	vk.GetPhysicalDeviceQueueFamilyProperties(gpu, &n, fams)
	for i := range fams[:n] {
		fams[i].Deref()
		if vk.QueueFlagBits(fams[i].QueueFlags)&vk.QueueGraphicsBit == 0 {
			continue
		}
		if support(uintptr(unsafe.Pointer(inst)), uintptr(unsafe.Pointer(gpu)), uint32(i)) {
			return i
		}
	}
	return -1
}
