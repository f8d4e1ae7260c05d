package vulkan

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
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

// Visibility is implemented by a Surface that can tell whether a present
// would be shown (window.Window's CanPresent). While it reports false,
// BeginFrame draws and presents nothing (W8: on Wayland a buffer attached
// to a hidden surface makes the next show a fatal protocol error).
type Visibility interface {
	// CanPresent reports whether the window is visible and ready for a
	// present.
	CanPresent() bool
}

// FramePacer is what the renderer needs to pace presents on the
// compositor's frame callbacks (window.Window on the Wayland build). With
// one, swap interval 1 (and 2's fallback to FIFO) is served by MAILBOX
// plus a bounded wait for the last present's frame callback before each
// frame: an emulated FIFO (present.EmulateFIFO, reported by
// Presentation) that never blocks without bound (W7, W10).
type FramePacer interface {
	// RequestFrame asks for a frame callback on the next commit (the
	// present that follows).
	RequestFrame() error
	// WaitFrame waits, at most bound, for the outstanding frame
	// callback, processing window events meanwhile, and reports whether
	// none is outstanding any more.
	WaitFrame(bound time.Duration) bool
	// CancelFrame forgets the outstanding frame callback (a hidden
	// window's never arrives).
	CancelFrame()
}

// Options configure New. The zero value of each field is a working default.
type Options struct {
	// InstanceExtensions are the instance extensions the window system needs
	// (window.VulkanInstanceExtensions()).
	InstanceExtensions []string
	// ProcAddr is vkGetInstanceProcAddr (window.VulkanProcAddr()); nil loads
	// the system's libvulkan.so.1 (vulkan-1.dll on Windows).
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
	// HalfRate turns P8's half rate on from the start (see SetPresentation), so
	// that interval 2 with half rate builds one swapchain, not two.
	HalfRate bool
	// WaitBound bounds every wait for an image or for the GPU (W7): a
	// frame that cannot be acquired within it is skipped (BeginFrame
	// false, counted by Skipped). 0 means DefaultWaitBound.
	WaitBound time.Duration
	// Pacer, when not nil, paces FIFO on the surface's frame callbacks
	// (FramePacer): interval 1 runs MAILBOX and waits at most PaceBound
	// per frame for the callback. Nil presents with the chosen mode as it
	// is (a real FIFO where the display blocks it).
	Pacer FramePacer
	// PaceBound bounds the wait for a frame callback (W7): a frame whose
	// callback does not come within it is skipped (counted by Skipped).
	// 0 means DefaultPaceBound; it is never longer than WaitBound.
	PaceBound time.Duration
	// SwapchainBudget bounds the bytes the swapchain's colour images and
	// the depth image may take (CheckSwapchain): a swapchain over it is
	// refused with an error naming the budget. 0 means
	// METRONOME_SWAPCHAIN_BUDGET or else DefaultSwapchainBudget (1 GiB);
	// negative means no limit.
	SwapchainBudget int64
	// ForceRebuild makes every change of present mode rebuild the
	// swapchain (P5), even where the driver could switch in place (P11);
	// METRONOME_PRESENT_INPLACE=0 does the same. For comparisons and
	// benchmarks: the default switches in place where it can.
	ForceRebuild bool
}

// DefaultFramesInFlight is the number of frames in flight when Options leave it 0.
const DefaultFramesInFlight = 2

// DefaultWaitBound is how long a frame may wait for an image or for the
// GPU when Options leave WaitBound 0 (W7).
const DefaultWaitBound = time.Second

// DefaultPaceBound is how long a frame waits for the frame callback of the
// last present when Options leave PaceBound 0: three refreshes at 60 Hz,
// short enough that a hidden or occluded game still handles its events
// and a close request promptly (W7).
const DefaultPaceBound = 50 * time.Millisecond

// Renderer is the engine's Vulkan renderer: the device with everything
// drawing needs (graphics.Backend: textures, buffers, pipelines built once
// per state combination, per-frame GPU memory) and the presenter (surface,
// swapchain, present mode, rebuilds, half rate, captures). It has no scene
// of its own (G1): what it draws comes as graphics.Frame records. Create it
// with New, then per frame BeginFrame and Execute; end with Destroy. Not
// safe for concurrent use.
type Renderer struct {
	gpu    deviceState // what lives as long as the device
	frames frameState  // the frames in flight and the frame being recorded
	pres   presenter   // the surface, swapchain and presentation settings
}

// deviceState is what lives as long as the device: loader, instance,
// device and queue, the command pool, the fast path's function table, and
// everything drawing needs that outlives a swapchain (backend.go): render
// passes (the back buffer's use the surface's format, fixed for the
// renderer's life), layouts, shader modules, the pipeline cache and the
// pipelines, samplers, descriptor pools, textures and buffers. The start
// (startup.go) makes the instance, the device, the passes, layouts,
// modules, cache and common pipelines (graphics.CommonPipelines), before the surface exists.
type deviceState struct {
	procAddr    unsafe.Pointer
	inst        *instance
	dev         *device
	depthFormat vk.Format
	backBuffer  vk.Format // the colour format the back buffer's passes were built for
	// formatRebuilds counts rebuilds of the back buffer's passes for a
	// surface format other than assumedSurfaceFormat (tests).
	formatRebuilds int
	cmdPool        vk.CommandPool
	loop           *frameLoop

	passes        [passKinds]vk.RenderPass
	mrt           mrtState // passes and framebuffers for several targets (mrt.go)
	ms            msState  // passes of multisampled targets (msaa.go)
	bbms          swapMS   // the multisampled back buffer's passes (msaa_bb.go)
	uniformLayout vk.DescriptorSetLayout
	textureLayout vk.DescriptorSetLayout
	pipeLayout    vk.PipelineLayout
	shaders       shaderSet
	fx            effectState // a game's Effects (effect.go)
	pipeCache     vk.PipelineCache
	pcache        pipeCacheState  // its file (W14)
	warmRec       warmRecordState // which common pipelines to warm up (warmrecord.go)
	pipelines     map[pipeKey]vk.Pipeline
	warm          *warmup // the start's first draws with the common pipelines
	samplers      []vk.Sampler
	samplerIndex  map[graphics.SamplerState]int
	pools         descriptorPools
	textures      map[graphics.TextureID]*texture
	buffers       map[graphics.BufferID]*gpuBuffer
	white         *texture // bound when a draw samples no texture
	defaults      *buffer  // vertex binding 1: attributes a declaration lacks
	pendingInit   []*texture
	oneShot       vk.CommandBuffer // work outside a frame
	oneShotFence  vk.Fence
	readBuf       *buffer // ReadTexture
	maxTexture    int
	maxVolume     int // maxImageDimension3D
	viewportMin   int // viewportBoundsRange, rounded inwards
	viewportMax   int
	uboAlign      int

	// vertexUniformLayout and vertexPipeLayout are the layouts of the
	// Effects whose fragment shader reads no uniform block: their block
	// is visible to the vertex stage only (effect.go).
	vertexUniformLayout vk.DescriptorSetLayout
	vertexPipeLayout    vk.PipelineLayout

	formats formatState // HDR targets' passes, DXT decoding (texture_formats.go)
}

// frameState is the frames in flight: per frame a fence, a semaphore, a
// command buffer (sync) and a GPU-visible arena, reused each time the
// frame comes round, and the flat command list a record becomes.
type frameState struct {
	sync        *frameSync
	arenas      [maxFrames + 1]arena // per frame in flight, and offscreen
	releases    [maxFrames + 1][]graphics.Release
	uniformLocs []uniformLoc
	dead        deadSet // the record's releases no draw or pass uses (trim.go)
	ops         opList
	acquired    bool   // BeginFrame acquired an image Execute has not presented
	skipped     uint64 // frames skipped because a bounded wait ran out (W7)
	waitBound   time.Duration
	lastT       time.Duration // tests: the time of the last drawn frame

	// queries are the occlusion queries (query.go), nil until the first.
	queries *queryState
}

// New creates the renderer for win: instance, device, render passes and
// pipelines, surface, buffers and a first swapchain; it is StartInstance
// with opt's extensions, loader and validation, then NewWithInstance,
// without the goroutine's overlap. On error everything created so far is
// destroyed, and the error says what failed (W6: what to install or set).
func New(win Surface, opt Options) (*Renderer, error) {
	if win == nil {
		return nil, errors.New("new renderer: nil Surface")
	}
	st := startRecovered(InstanceOptions{Extensions: opt.InstanceExtensions, ProcAddr: opt.ProcAddr,
		Validation: validationWanted(opt.Validation)})
	r, err := newRenderer(win, st, opt)
	if err != nil {
		st.destroy() // what the renderer did not take over
	}
	return r, err
}

// NewWithInstance is New on what p started before the window existed
// (StartInstance): it waits for p and takes everything over, so the
// Renderer destroys it (and NewWithInstance does when it fails; p.Destroy
// then does nothing). p's failure (W6: no loader, no driver) is returned
// as New would return it. It fails, saying what to change, when
// opt.InstanceExtensions (the window's list) names one p did not enable,
// or when p's queue family cannot present to the window; opt.ProcAddr and
// opt.Validation do not apply (p had its own). With a nil p, or one
// already taken or destroyed, it is New.
func NewWithInstance(win Surface, p *PendingInstance, opt Options) (*Renderer, error) {
	st := p.take()
	if st == nil {
		return New(win, opt)
	}
	r, err := newRenderer(win, st, opt)
	if err != nil {
		st.destroy() // what the renderer did not take over
	}
	return r, err
}

// newRenderer makes the renderer on what st started: it checks the
// options and st, takes st's objects over (emptying st), then creates the
// surface and the rest.
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
	if st.err != nil {
		return nil, st.err
	}
	if !hasAll(st.enabled, opt.InstanceExtensions) {
		return nil, fmt.Errorf("new renderer: the window needs the instance extensions %q, the started instance has %q: "+
			"start it with every extension the window system may ask for (window.PlatformInstanceExtensions)",
			trimNULs(opt.InstanceExtensions), st.enabled)
	}
	r = &Renderer{}
	r.gpu = st.core // the renderer owns it from here
	*st = started{}
	r.pres.gpu = &r.gpu
	r.pres.win, r.pres.budget = win, budget
	made := r // the failing returns set r to nil before this runs
	defer func() {
		if err != nil {
			made.Destroy()
		}
	}()
	launchtrace.Mark("vulkan: start taken over")
	r.frames.waitBound = opt.WaitBound
	if r.frames.waitBound <= 0 {
		r.frames.waitBound = DefaultWaitBound
	}
	steps := []func() error{r.createSurface, r.createDevice}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("new renderer: %w", err)
		}
	}
	launchtrace.Mark("vulkan: surface ready")
	if err := r.createFrames(frames); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	if err := r.createGraphics(); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	if err := r.pres.createPresentFences(); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	if err := r.pres.queryModes(); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	r.pres.pacer, r.pres.paceBound = opt.Pacer, paceBound(opt.PaceBound, r.frames.waitBound)
	r.pres.inPlace = r.gpu.dev.maintenance1 && inPlaceAllowed(opt.ForceRebuild)
	if err := r.pres.SetPresentation(opt.SwapInterval, opt.HalfRate); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	w, h := win.FramebufferSize()
	if err := r.pres.rebuild(max(w, 1), max(h, 1)); err != nil {
		return nil, fmt.Errorf("new renderer: %w", err)
	}
	launchtrace.Mark("vulkan: swapchain built")
	return r, nil
}

// trimNULs returns names without their terminating NULs, for messages.
func trimNULs(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.TrimSuffix(n, "\x00")
	}
	return out
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
	s, err := r.pres.win.CreateVulkanSurface(uintptr(unsafe.Pointer(r.gpu.inst.handle)))
	if err != nil {
		return fmt.Errorf("create surface: %w", err)
	}
	// Reinterpret the handle's bits (vk.SurfaceFromPointer would dereference it).
	r.pres.surface = *(*vk.Surface)(unsafe.Pointer(&s))
	return nil
}

// createDevice checks that the started device's queue family presents to
// the surface, creates the frame loop and the command pool, and chooses
// the surface format, rebuilding the back buffer's passes when it is not
// the one the start assumed.
func (r *Renderer) createDevice() (err error) {
	ok, err := canPresent(r.gpu.dev.gpu, r.gpu.dev.family, r.pres.surface)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("queue family %d of %s cannot present to the window: "+
			"start the instance with InstanceOptions.PresentSupport (window.PresentationSupport) so that the start picks one that can",
			r.gpu.dev.family, r.gpu.dev.name)
	}
	if r.gpu.loop, err = newFrameLoop(r.gpu.procAddr, r.gpu.inst.handle, r.gpu.dev.handle, r.gpu.dev.queue); err != nil {
		return err
	}
	r.gpu.loop.setTimeout(r.frames.waitBound)
	if r.gpu.cmdPool, err = newCommandPool(r.gpu.dev); err != nil {
		return err
	}
	if r.pres.format, err = r.surfaceFormat(); err != nil {
		return err
	}
	return r.gpu.matchSurfaceFormat(r.pres.format.Format)
}

// surfaceFormat lists the surface's formats and chooses one.
func (r *Renderer) surfaceFormat() (vk.SurfaceFormat, error) {
	const op, call = "list surface formats", "vkGetPhysicalDeviceSurfaceFormatsKHR"
	formats, res := surfaceFormats(r.gpu.dev.gpu, r.pres.surface) // not vk.GetPhysicalDeviceSurfaceFormats: see vkcalls.go
	if err := callErr(op, call, res); err != nil {
		return vk.SurfaceFormat{}, err
	}
	return chooseSurfaceFormat(formats)
}

// createFrames creates the sync objects and command buffers for n frames
// in flight.
func (r *Renderer) createFrames(n int) error {
	fs, err := newFrameSync(r.gpu.dev, n)
	if err != nil {
		return err
	}
	r.frames.sync = fs
	r.gpu.loop.setSync(fs.fences, fs.acquired, fs.pools, fs.cmds)
	return nil
}

// Destroy waits for the device to go idle and destroys every Vulkan object
// in reverse order of creation (W4). Safe to call twice, and on a Renderer
// whose New failed half way. Validation messages stay readable (Messages).
func (r *Renderer) Destroy() {
	if r == nil || r.gpu.inst == nil {
		return
	}
	if r.gpu.dev != nil && r.gpu.dev.handle != nil {
		vk.DeviceWaitIdle(r.gpu.dev.handle)
		if r.gpu.loop != nil && r.gpu.loop.c != nil {
			r.gpu.loop.waitPresents() // bounded; the device is idle, the presents may not be
		}
		r.destroyCapture()
		r.pres.destroySwapchain(r.pres.sc)
		r.pres.destroyPresentFences()
		r.destroyGraphics()
		r.frames.sync.destroy()
		if r.gpu.cmdPool != nil {
			vk.DestroyCommandPool(r.gpu.dev.handle, r.gpu.cmdPool, nil)
		}
	}
	r.gpu.loop.free()
	r.destroySurface()
	r.gpu.destroyCore() // pipelines, modules, layouts, passes, device, instance
	inst := r.gpu.inst
	*r = Renderer{}
	r.gpu.inst = inst // Messages stays readable
}

// destroySurface destroys the surface; safe twice.
func (r *Renderer) destroySurface() {
	if r.pres.surface != vk.NullSurface {
		vk.DestroySurface(r.gpu.inst.handle, r.pres.surface, nil)
		r.pres.surface = vk.NullSurface
	}
}

// Messages returns the validation layer's messages so far (errors and
// warnings), also after Destroy, which is when leaks are reported. Empty
// when validation is off.
func (r *Renderer) Messages() []string {
	if r == nil {
		return nil
	}
	return r.gpu.inst.messages()
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
	count(r.gpu.inst != nil && r.gpu.inst.handle != nil)
	count(r.pres.surface != vk.NullSurface)
	count(r.gpu.dev != nil && r.gpu.dev.handle != nil)
	count(r.gpu.cmdPool != nil)
	for _, p := range r.gpu.passes {
		count(p != nil)
	}
	n += len(r.gpu.pipelines) + len(r.gpu.samplers) + len(r.gpu.textures) + len(r.gpu.buffers) + len(r.gpu.pools.pools)
	for _, a := range r.frames.arenas {
		n += len(a.chunks)
	}
	if r.frames.sync != nil {
		n += len(r.frames.sync.fences) + len(r.frames.sync.acquired) + len(r.frames.sync.pools) + len(r.frames.sync.cmds)
	}
	if r.pres.cap != nil {
		n += 2 // buffer, memory
	}
	n += len(r.pres.presentFences)
	if sc := r.pres.sc; sc != nil {
		n += 1 + len(sc.views) + len(sc.fbs) + len(sc.rendered)
		if sc.depth != nil {
			n += 3
		}
	}
	return n
}
