package vulkan

import (
	"errors"
	"fmt"
	"time"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// Surface is what the renderer needs from a window (window.Window has both
// methods). The renderer owns the VkSurfaceKHR it creates and destroys it.
type Surface interface {
	// CreateVulkanSurface creates a VkSurfaceKHR for instance (both as raw
	// handles).
	CreateVulkanSurface(instance uintptr) (surface uintptr, err error)
	// FramebufferSize returns the drawable size in pixels; 0x0 while minimised.
	FramebufferSize() (width, height int)
}

// Options configure New. The zero value of each field is a working default.
type Options struct {
	// InstanceExtensions are the instance extensions the window system needs
	// (window.VulkanInstanceExtensions()).
	InstanceExtensions []string
	// ProcAddr is vkGetInstanceProcAddr (window.VulkanProcAddr()); nil loads
	// the system's libvulkan.so.1.
	ProcAddr unsafe.Pointer
	// Validation turns on VK_LAYER_KHRONOS_validation and collects its
	// messages (see Messages); METRONOME_VALIDATION=1 does the same (W3).
	Validation bool
	// FramesInFlight is how many frames the CPU may prepare ahead of the
	// GPU: 1 to 3; 0 means 2.
	FramesInFlight int
	// SwapInterval is the initial swap interval (P4): 0 IMMEDIATE, 1 FIFO,
	// 2 FIFO_RELAXED, with fallbacks. The zero value asks for 0, so callers
	// wanting vsync from the start pass 1 (the engine always sets it).
	SwapInterval int
	// SwapchainBudget bounds the bytes the swapchain's colour images and
	// the depth image may take (CheckSwapchain): a swapchain over it is
	// refused with an error naming the budget. 0 means
	// METRONOME_SWAPCHAIN_BUDGET or else DefaultSwapchainBudget (1 GiB);
	// negative means no limit.
	SwapchainBudget int64
}

// DefaultFramesInFlight is the number of frames in flight when Options leave it 0.
const DefaultFramesInFlight = 2

// Renderer draws the lit cube, and up to MaxObjects balls beside it
// (SetObjects), into a window's swapchain. Create it with New,
// draw with DrawFrame, end with Destroy. Not safe for concurrent use.
type Renderer struct {
	win         Surface
	inst        *instance
	surface     vk.Surface
	dev         *device
	devFirst    bool // dev was made before the surface (StartInstance)
	procAddr    unsafe.Pointer
	format      vk.SurfaceFormat
	depthFormat vk.Format
	renderPass  vk.RenderPass
	setLayout   vk.DescriptorSetLayout
	pipeLayout  vk.PipelineLayout
	pipeline    vk.Pipeline
	cmdPool     vk.CommandPool
	vertices    *buffer
	indices     *buffer
	cubeIndices uint32 // the cube's indices come first in the index buffer
	cubeVerts   int32  // and its vertices first in the vertex buffer
	ballIndices uint32 // then the sphere's, drawn once per object slot
	sync        *frameSync
	loop        *frameLoop
	sc          *swapchain

	modes     present.ModeSet // supported by the surface
	choice    present.Choice  // for the requested interval (P6)
	halfRate  bool            // P8: present each frame twice at interval 2 on FIFO
	presents  uint64          // images queued for presentation (Presents)
	stale     bool            // OUT_OF_DATE or SUBOPTIMAL seen: rebuild before the next frame
	lastT     time.Duration   // time of the last drawn frame (read-back redraws it)
	fbW, fbH  int             // framebuffer size last read from the Surface
	rebuilds  int
	cap       *capture                  // read-back buffer and commands, made on first use
	capturing bool                      // the frame being drawn appends the read-back copy
	ubo       uniforms                  // scratch for the per-frame uniform write; holds the last frame's objects
	objects   [MaxObjects]objectUniform // set by SetObjects, drawn from the next frame
	nObjects  uint32
	budget    int64 // swapchain memory budget in bytes (SwapchainBudget)
}

// New creates the renderer for win: instance, surface, device, pipeline,
// buffers and a first swapchain. On error everything created so far is
// destroyed, and the error says what failed (W6: what to install or set).
func New(win Surface, opt Options) (*Renderer, error) { return NewWithInstance(win, nil, opt) }

// NewWithInstance is New on the instance and device p started before the
// window existed (StartInstance); it waits for p and takes them over: the
// Renderer destroys them, and so does NewWithInstance when it fails, so
// p.Destroy then does nothing. p's failure (W6: no loader, no driver) is
// returned as New would return it. When opt.InstanceExtensions (the
// window's list) names one p did not enable, or p's device cannot present
// to the window, NewWithInstance destroys p's instance or device and makes
// them as New does. opt.ProcAddr and opt.Validation do not apply to p's
// instance (StartInstance loaded the system loader and had its own
// options); they do to a replacement. With a nil p, or one already taken
// or destroyed, it is New.
func NewWithInstance(win Surface, p *PendingInstance, opt Options) (*Renderer, error) {
	st := p.take()
	r, err := newRenderer(win, st, opt)
	if err != nil {
		st.destroy() // what the renderer did not adopt
	}
	return r, err
}

// newRenderer is New, adopting st's objects when st is not nil.
func newRenderer(win Surface, st *started, opt Options) (r *Renderer, err error) {
	if win == nil {
		return nil, errors.New("new renderer: nil Surface")
	}
	frames, err := framesInFlight(opt.FramesInFlight)
	if err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	if _, err := present.ModeForSwapInterval(opt.SwapInterval); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	budget, err := SwapchainBudget(opt.SwapchainBudget)
	if err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	r = &Renderer{win: win, budget: budget}
	defer func() {
		if err != nil {
			r.Destroy()
		}
	}()
	if err := r.createInstance(st, opt); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	steps := []func() error{r.createSurface, r.createDevice, r.createPipeline, r.createMesh}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("new renderer: %w", err)
		}
	}
	if err := r.createFrames(frames); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	if err := r.queryModes(); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	if r.choice, err = present.ChooseMode(opt.SwapInterval, r.modes); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	w, h := win.FramebufferSize()
	if err := r.rebuild(max(w, 1), max(h, 1)); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	return r, nil
}

// createInstance adopts st's instance and device when st enabled every
// extension the window needs; otherwise (or without st) it loads Vulkan and
// creates the instance as New always did, keeping the validation messages
// of a discarded instance.
func (r *Renderer) createInstance(st *started, opt Options) (err error) {
	var earlier []string
	if st != nil {
		if st.err != nil {
			return st.err
		}
		if hasAll(st.enabled, opt.InstanceExtensions) {
			r.procAddr, r.inst, r.dev, r.devFirst = st.procAddr, st.inst, st.dev, true
			*st = started{}
			return nil
		}
		st.destroy()
		earlier = st.inst.messages()
	}
	if r.procAddr, err = loadVulkan(opt.ProcAddr); err != nil {
		return err
	}
	if r.inst, err = newInstance(opt.InstanceExtensions, validationWanted(opt.Validation)); err != nil {
		return err
	}
	if r.inst.log != nil {
		r.inst.log.prepend(earlier)
	}
	return nil
}

// framesInFlight checks the option (0 means the default).
func framesInFlight(n int) (int, error) {
	if n == 0 {
		return DefaultFramesInFlight, nil
	}
	if n < 1 || n > maxFrames {
		return 0, fmt.Errorf("frames in flight %d: want 1 to %d", n, maxFrames)
	}
	return n, nil
}

// createSurface asks the window for a VkSurfaceKHR.
func (r *Renderer) createSurface() error {
	s, err := r.win.CreateVulkanSurface(uintptr(unsafe.Pointer(r.inst.handle)))
	if err != nil {
		return fmt.Errorf("create surface: %w", err)
	}
	// Reinterpret the handle's bits (vk.SurfaceFromPointer would dereference it).
	r.surface = *(*vk.Surface)(unsafe.Pointer(&s))
	return nil
}

// createDevice chooses the device, creates the frame loop and the command
// pool, and chooses the formats.
func (r *Renderer) createDevice() (err error) {
	if err := r.chooseDevice(); err != nil {
		return err
	}
	if r.loop, err = newFrameLoop(r.procAddr, r.inst.handle, r.dev.handle, r.dev.queue); err != nil {
		return err
	}
	if r.cmdPool, err = newCommandPool(r.dev); err != nil {
		return err
	}
	if r.format, err = r.surfaceFormat(); err != nil {
		return err
	}
	r.depthFormat, err = chooseDepthFormat(r.dev.gpu)
	return err
}

// chooseDevice keeps the device StartInstance made when its queue family
// can present to the surface; otherwise it destroys that one, picks the
// physical device and creates the device.
func (r *Renderer) chooseDevice() error {
	if r.dev != nil {
		ok, err := canPresent(r.dev.gpu, r.dev.family, r.surface)
		if err != nil || ok {
			return err
		}
		r.dev.destroy()
		r.dev, r.devFirst = nil, false
	}
	gpus, infos, err := listGPUs(r.inst.handle, r.surface)
	if err != nil {
		return err
	}
	i, err := pickGPU(infos)
	if err != nil {
		return err
	}
	r.dev, err = newDevice(gpus[i], infos[i])
	return err
}

// surfaceFormat lists the surface's formats and chooses one.
func (r *Renderer) surfaceFormat() (vk.SurfaceFormat, error) {
	const op, call = "list surface formats", "vkGetPhysicalDeviceSurfaceFormatsKHR"
	var n uint32
	if err := callErr(op, call, vk.GetPhysicalDeviceSurfaceFormats(r.dev.gpu, r.surface, &n, nil)); err != nil {
		return vk.SurfaceFormat{}, err
	}
	formats := make([]vk.SurfaceFormat, n)
	if err := callErr(op, call, vk.GetPhysicalDeviceSurfaceFormats(r.dev.gpu, r.surface, &n, formats)); err != nil {
		return vk.SurfaceFormat{}, err
	}
	for i := range formats {
		formats[i].Deref()
	}
	return chooseSurfaceFormat(formats[:n])
}

// createPipeline creates the render pass, layouts and the pipeline.
func (r *Renderer) createPipeline() (err error) {
	dev := r.dev.handle
	if r.renderPass, err = newRenderPass(dev, r.format.Format, r.depthFormat); err != nil {
		return err
	}
	if r.setLayout, err = newSetLayout(dev); err != nil {
		return err
	}
	if r.pipeLayout, err = newPipelineLayout(dev, r.setLayout); err != nil {
		return err
	}
	r.pipeline, err = newPipeline(dev, r.renderPass, r.pipeLayout)
	return err
}

// createMesh uploads the meshes' vertices and indices: the cube's, then
// the sphere's (its indices relative to its first vertex).
func (r *Renderer) createMesh() (err error) {
	verts, idx := cubeMesh()
	r.cubeVerts, r.cubeIndices = int32(len(verts)), uint32(len(idx))
	sv, si := sphereMesh()
	verts, idx = append(verts, sv...), append(idx, si...)
	r.ballIndices = uint32(len(si))
	vb := unsafe.Slice((*byte)(unsafe.Pointer(&verts[0])), len(verts)*vertexSize)
	ib := unsafe.Slice((*byte)(unsafe.Pointer(&idx[0])), len(idx)*2)
	if r.vertices, err = newBuffer(r.dev, len(vb), vk.BufferUsageVertexBufferBit, "vertex"); err != nil {
		return err
	}
	copy(r.vertices.bytes(), vb)
	if r.indices, err = newBuffer(r.dev, len(ib), vk.BufferUsageIndexBufferBit, "index"); err != nil {
		return err
	}
	copy(r.indices.bytes(), ib)
	return nil
}

// createFrames creates the sync objects for n frames in flight.
func (r *Renderer) createFrames(n int) error {
	fs, err := newFrameSync(r.dev.handle, n)
	if err != nil {
		return err
	}
	r.sync = fs
	r.loop.setSync(fs.fences, fs.acquired)
	return nil
}

// queryModes reads the surface's present modes.
func (r *Renderer) queryModes() error {
	const op, call = "list present modes", "vkGetPhysicalDeviceSurfacePresentModesKHR"
	var n uint32
	if err := callErr(op, call, vk.GetPhysicalDeviceSurfacePresentModes(r.dev.gpu, r.surface, &n, nil)); err != nil {
		return err
	}
	modes := make([]vk.PresentMode, n)
	if err := callErr(op, call, vk.GetPhysicalDeviceSurfacePresentModes(r.dev.gpu, r.surface, &n, modes)); err != nil {
		return err
	}
	r.modes = modeSet(modes[:n])
	return nil
}

// Destroy waits for the device to go idle and destroys every Vulkan object
// in reverse order of creation (W4). Safe to call twice, and on a Renderer
// whose New failed half way. Validation messages stay readable (Messages).
func (r *Renderer) Destroy() {
	if r == nil || r.inst == nil {
		return
	}
	if r.dev != nil && r.dev.handle != nil {
		vk.DeviceWaitIdle(r.dev.handle)
		r.destroyCapture()
		r.destroySwapchain(r.sc)
		r.sync.destroy()
		r.indices.destroy()
		r.vertices.destroy()
		r.destroyPipeline()
		if r.cmdPool != nil {
			vk.DestroyCommandPool(r.dev.handle, r.cmdPool, nil)
		}
	}
	r.loop.free()
	if r.devFirst { // made by StartInstance before the surface existed
		r.destroySurface()
	}
	r.dev.destroy()
	r.destroySurface()
	r.inst.destroy()
	*r = Renderer{inst: r.inst}
}

// destroySurface destroys the surface; safe twice.
func (r *Renderer) destroySurface() {
	if r.surface != vk.NullSurface {
		vk.DestroySurface(r.inst.handle, r.surface, nil)
		r.surface = vk.NullSurface
	}
}

// destroyPipeline mirrors createPipeline.
func (r *Renderer) destroyPipeline() {
	dev := r.dev.handle
	if r.pipeline != nil {
		vk.DestroyPipeline(dev, r.pipeline, nil)
	}
	if r.pipeLayout != nil {
		vk.DestroyPipelineLayout(dev, r.pipeLayout, nil)
	}
	if r.setLayout != nil {
		vk.DestroyDescriptorSetLayout(dev, r.setLayout, nil)
	}
	if r.renderPass != nil {
		vk.DestroyRenderPass(dev, r.renderPass, nil)
	}
}

// Messages returns the validation layer's messages so far (errors and
// warnings), also after Destroy, which is when leaks are reported. Empty
// when validation is off.
func (r *Renderer) Messages() []string {
	if r == nil {
		return nil
	}
	return r.inst.messages()
}

// Validating reports whether the validation layer is on.
func (r *Renderer) Validating() bool { return r != nil && r.inst != nil && r.inst.log != nil }

// DeviceName is the name of the physical device in use, e.g.
// "llvmpipe (LLVM 15.0.6, 256 bits)" for lavapipe.
func (r *Renderer) DeviceName() string {
	if r == nil || r.dev == nil {
		return ""
	}
	return r.dev.name
}

// liveObjects counts the Vulkan objects the renderer holds (for tests that
// check nothing accumulates; the validation layer checks nothing is lost).
func (r *Renderer) liveObjects() int {
	n := 0
	count := func(ok bool) {
		if ok {
			n++
		}
	}
	count(r.inst != nil && r.inst.handle != nil)
	count(r.surface != vk.NullSurface)
	count(r.dev != nil && r.dev.handle != nil)
	count(r.renderPass != nil)
	count(r.setLayout != nil)
	count(r.pipeLayout != nil)
	count(r.pipeline != nil)
	count(r.cmdPool != nil)
	for _, b := range []*buffer{r.vertices, r.indices} {
		count(b != nil && b.handle != nil)
		count(b != nil && b.memory != nil)
	}
	if r.sync != nil {
		n += len(r.sync.fences) + len(r.sync.acquired)
	}
	if r.cap != nil {
		n += 3 // command buffer, buffer, memory
	}
	if sc := r.sc; sc != nil {
		n += 1 + len(sc.views) + len(sc.fbs) + 2*len(sc.ubos) + len(sc.cmds) + len(sc.rendered)
		count(sc.pool != nil)
		if sc.depth != nil {
			n += 3
		}
	}
	return n
}
