package vulkan

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/internal/scanwait"
	"github.com/metronome-engine/metronome/internal/vkenv"
)

// errNoValidationLayer is wrapped when validation is asked for but the layer
// is not installed.
var errNoValidationLayer = errors.New("validation layer " + validationLayer + " is not installed")

// ErrNoDriver is wrapped by the error New returns when Vulkan finds no
// driver (ICD) or no device that can draw to the window (rule W6).
var ErrNoDriver = errors.New("no usable Vulkan driver")

// noDriverAdvice says what to install or set when no driver is found.
func noDriverAdvice() string {
	if m := vkenv.MissingDriverFile(advice.manifest); m != "" {
		return m // the driver may well be installed: the variable hides it
	}
	s := advice.installDriver
	for _, v := range []string{"VK_DRIVER_FILES", "VK_ICD_FILENAMES"} {
		if p, ok := os.LookupEnv(v); ok {
			s += fmt.Sprintf("; %s=%q: make it name an installed driver manifest such as "+
				"%s, or unset it", v, p, advice.manifest)
		}
	}
	return s
}

// loadMu serialises loading the global entry points: vulkan-go keeps them in
// C globals.
var loadMu sync.Mutex

// loadVulkan points vulkan-go at procAddr (vkGetInstanceProcAddr; nil: the
// system loader) and loads the global entry points. It returns the pointer used.
func loadVulkan(procAddr unsafe.Pointer) (unsafe.Pointer, error) {
	loadMu.Lock()
	defer loadMu.Unlock()
	scanwait.Wait() // a driver scan begun at process load (renderer/vulkan/preload) ends first
	if procAddr == nil {
		p, err := defaultProcAddr()
		if err != nil {
			return nil, err
		}
		procAddr = p
	}
	vk.SetGetInstanceProcAddr(procAddr)
	if err := vk.Init(); err != nil {
		return nil, fmt.Errorf("load Vulkan entry points: %w (%s)", err, noDriverAdvice())
	}
	return procAddr, nil
}

// instance owns a VkInstance and, with validation, its debug-report callback.
type instance struct {
	handle vk.Instance
	report vk.DebugReportCallback
	log    *messageLog // nil without validation
}

// newInstance creates the instance with the given extensions (those the
// window system needs) and, when validate, the validation layer and a
// debug-report callback that also covers vkCreateInstance and vkDestroyInstance.
//
// The deferred cleanups read only locals (log, h), never the named results:
// every failing return sets the result to nil before they run.
func newInstance(extensions []string, validate bool) (_ *instance, err error) {
	var layers []string
	var chain *vk.DebugReportCallbackCreateInfo
	var log *messageLog
	if validate {
		if err := checkValidationLayer(); err != nil {
			return nil, err
		}
		layers = []string{validationLayer}
		extensions = append(append([]string(nil), extensions...), "VK_EXT_debug_report")
		log = &messageLog{}
		registerLog(log)
		defer func() {
			if err != nil {
				unregisterLog(log)
			}
		}()
		chain = reportInfo()
		defer chain.Free()
	}
	h, err := createInstance(extensions, layers, chain)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			vk.DestroyInstance(h, nil)
		}
	}()
	if err := vk.InitInstance(h); err != nil {
		return nil, fmt.Errorf("create instance: load instance entry points: %w", err)
	}
	in := &instance{handle: h, log: log}
	if validate {
		if in.report, err = createReport(h); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// checkValidationLayer fails with advice when the layer is not installed.
func checkValidationLayer() error {
	ok, err := hasLayer(validationLayer)
	if err != nil {
		return fmt.Errorf("create instance: %w", err)
	}
	if !ok {
		return fmt.Errorf("create instance: validation asked for (option or %s=1) but %w: "+
			"install it (%s) or turn validation off",
			ValidationEnv, errNoValidationLayer, advice.installLayer)
	}
	return nil
}

// createInstance calls vkCreateInstance, chaining the debug-report info
// (when not nil) so the callback also sees instance creation and destruction.
func createInstance(extensions, layers []string, chain *vk.DebugReportCallbackCreateInfo) (vk.Instance, error) {
	info := vk.InstanceCreateInfo{
		SType: vk.StructureTypeInstanceCreateInfo,
		PApplicationInfo: &vk.ApplicationInfo{
			SType:            vk.StructureTypeApplicationInfo,
			PApplicationName: "metronome\x00",
			PEngineName:      "metronome\x00",
			ApiVersion:       vk.MakeVersion(1, 1, 0),
		},
		EnabledExtensionCount:   uint32(len(extensions)),
		PpEnabledExtensionNames: cStrings(extensions),
		EnabledLayerCount:       uint32(len(layers)),
		PpEnabledLayerNames:     cStrings(layers),
	}
	defer info.Free()
	if chain != nil {
		ref, _ := chain.PassRef()
		info.PNext = unsafe.Pointer(ref)
	}
	var h vk.Instance
	if r := vk.CreateInstance(&info, nil, &h); r != vk.Success {
		return nil, instanceErr(r)
	}
	return h, nil
}

// createReport creates the debug-report callback for h.
func createReport(h vk.Instance) (vk.DebugReportCallback, error) {
	var cb vk.DebugReportCallback
	ci := reportInfo()
	defer ci.Free()
	err := callErr("create debug-report callback", "vkCreateDebugReportCallbackEXT",
		vk.CreateDebugReportCallback(h, ci, nil, &cb))
	return cb, err
}

// instanceErr explains a failed vkCreateInstance (W6).
func instanceErr(r vk.Result) error {
	err := callErr("create instance", "vkCreateInstance", r)
	switch Result(r) {
	case ErrIncompatibleDriver, ErrInitializationFailed:
		return fmt.Errorf("%w: %w: %s", ErrNoDriver, err, noDriverAdvice())
	case ErrExtensionNotPresent:
		return fmt.Errorf("%w: the window system's surface extensions are missing: %s", err, noDriverAdvice())
	}
	return err
}

// destroy destroys the callback and the instance; safe twice. The validation
// layer reports objects leaked at vkDestroyInstance through the chained callback.
func (in *instance) destroy() {
	if in == nil || in.handle == nil {
		return
	}
	if in.report != vk.NullDebugReportCallback {
		vk.DestroyDebugReportCallback(in.handle, in.report, nil)
	}
	vk.DestroyInstance(in.handle, nil)
	log := in.log
	if log != nil {
		unregisterLog(log)
	}
	*in = instance{log: log}
}

// messages returns the validation messages so far (nil without validation).
func (in *instance) messages() []string {
	if in == nil || in.log == nil {
		return nil
	}
	return in.log.snapshot()
}

// cStrings returns names with the NUL terminator vulkan-go needs.
func cStrings(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		if len(n) == 0 || n[len(n)-1] != 0 {
			n += "\x00"
		}
		out[i] = n
	}
	return out
}
