package vulkan

import (
	"fmt"
	"strconv"

	vk "github.com/vulkan-go/vulkan"
)

// Result is a VkResult returned by a failed Vulkan call. It is an error that
// prints its name and value, e.g. "VK_ERROR_OUT_OF_DATE_KHR (-1000001004)".
// Errors from this package wrap a Result with %w, so callers branch with
// errors.Is(err, ErrOutOfDate) or errors.As(err, &r).
type Result int32

// Results that callers branch on (style item 5). VK_SUBOPTIMAL_KHR is not an
// error: the renderer rebuilds the swapchain itself.
const (
	ErrOutOfDate            Result = Result(vk.ErrorOutOfDate)            // swapchain no longer matches the surface
	ErrDeviceLost           Result = Result(vk.ErrorDeviceLost)           // the device must be recreated
	ErrSurfaceLost          Result = Result(vk.ErrorSurfaceLost)          // the window's surface is gone
	ErrOutOfHostMemory      Result = Result(vk.ErrorOutOfHostMemory)      // host allocation failed
	ErrOutOfDeviceMemory    Result = Result(vk.ErrorOutOfDeviceMemory)    // device allocation failed
	ErrIncompatibleDriver   Result = Result(vk.ErrorIncompatibleDriver)   // no usable driver (ICD)
	ErrInitializationFailed Result = Result(vk.ErrorInitializationFailed) // driver initialisation failed
	ErrLayerNotPresent      Result = Result(vk.ErrorLayerNotPresent)      // a requested layer is not installed
	ErrExtensionNotPresent  Result = Result(vk.ErrorExtensionNotPresent)  // a requested extension is missing
)

var resultNames = map[Result]string{
	Result(vk.Success):                    "VK_SUCCESS",
	Result(vk.NotReady):                   "VK_NOT_READY",
	Result(vk.Timeout):                    "VK_TIMEOUT",
	Result(vk.EventSet):                   "VK_EVENT_SET",
	Result(vk.EventReset):                 "VK_EVENT_RESET",
	Result(vk.Incomplete):                 "VK_INCOMPLETE",
	Result(vk.Suboptimal):                 "VK_SUBOPTIMAL_KHR",
	ErrOutOfHostMemory:                    "VK_ERROR_OUT_OF_HOST_MEMORY",
	ErrOutOfDeviceMemory:                  "VK_ERROR_OUT_OF_DEVICE_MEMORY",
	ErrInitializationFailed:               "VK_ERROR_INITIALIZATION_FAILED",
	ErrDeviceLost:                         "VK_ERROR_DEVICE_LOST",
	Result(vk.ErrorMemoryMapFailed):       "VK_ERROR_MEMORY_MAP_FAILED",
	ErrLayerNotPresent:                    "VK_ERROR_LAYER_NOT_PRESENT",
	ErrExtensionNotPresent:                "VK_ERROR_EXTENSION_NOT_PRESENT",
	Result(vk.ErrorFeatureNotPresent):     "VK_ERROR_FEATURE_NOT_PRESENT",
	ErrIncompatibleDriver:                 "VK_ERROR_INCOMPATIBLE_DRIVER",
	Result(vk.ErrorTooManyObjects):        "VK_ERROR_TOO_MANY_OBJECTS",
	Result(vk.ErrorFormatNotSupported):    "VK_ERROR_FORMAT_NOT_SUPPORTED",
	Result(vk.ErrorFragmentedPool):        "VK_ERROR_FRAGMENTED_POOL",
	Result(vk.ErrorOutOfPoolMemory):       "VK_ERROR_OUT_OF_POOL_MEMORY",
	Result(vk.ErrorInvalidExternalHandle): "VK_ERROR_INVALID_EXTERNAL_HANDLE",
	ErrSurfaceLost:                        "VK_ERROR_SURFACE_LOST_KHR",
	Result(vk.ErrorNativeWindowInUse):     "VK_ERROR_NATIVE_WINDOW_IN_USE_KHR",
	ErrOutOfDate:                          "VK_ERROR_OUT_OF_DATE_KHR",
	Result(vk.ErrorIncompatibleDisplay):   "VK_ERROR_INCOMPATIBLE_DISPLAY_KHR",
	Result(vk.ErrorValidationFailed):      "VK_ERROR_VALIDATION_FAILED_EXT",
	Result(vk.ErrorInvalidShaderNv):       "VK_ERROR_INVALID_SHADER_NV",
	Result(vk.ErrorFragmentation):         "VK_ERROR_FRAGMENTATION_EXT",
	Result(vk.ErrorNotPermitted):          "VK_ERROR_NOT_PERMITTED_EXT",
}

// Name returns the VkResult's name from the Vulkan headers, or
// "VkResult(n)" for a value this package does not know.
func (r Result) Name() string {
	if n, ok := resultNames[r]; ok {
		return n
	}
	return "VkResult(" + strconv.Itoa(int(r)) + ")"
}

// Error returns the name and the value, e.g. "VK_ERROR_DEVICE_LOST (-4)".
func (r Result) Error() string {
	return r.Name() + " (" + strconv.Itoa(int(r)) + ")"
}

// callErr returns nil for VK_SUCCESS, else an error naming the operation, the
// Vulkan call and the result: "create swapchain: vkCreateSwapchainKHR:
// VK_ERROR_SURFACE_LOST_KHR (-1000000000)".
func callErr(op, call string, r vk.Result) error {
	if r == vk.Success {
		return nil
	}
	return fmt.Errorf("%s: %s: %w", op, call, Result(r))
}
