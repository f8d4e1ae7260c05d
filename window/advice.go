package window

import (
	"runtime"
)

// osAdvice holds the parts of the package's error texts that differ per OS
// (rule W6): what the Vulkan loader is called and what to install. What to
// check when GLFW cannot start depends on the build (displayAdvice).
type osAdvice struct {
	loader string // the Vulkan loader library GLFW looks for
	vulkan string // how to get a Vulkan loader and a driver
}

// advice is this OS's advice.
var advice = adviceFor(runtime.GOOS)

// adviceFor returns the advice for goos (a runtime.GOOS value).
func adviceFor(goos string) osAdvice {
	if goos == "windows" {
		return osAdvice{
			loader: "vulkan-1.dll",
			vulkan: "install the Vulkan runtime: it comes with the GPU vendor's current driver " +
				"(or the Vulkan Runtime installer from LunarG); a GPU without a Vulkan driver cannot run this program",
		}
	}
	return osAdvice{
		loader: "libvulkan.so.1",
		vulkan: "install a Vulkan loader and driver (Debian: apt-get install libvulkan1 mesa-vulkan-drivers; " +
			"Mesa's lavapipe runs without a GPU: VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json)",
	}
}

// lavapipeManifest is the manifest of Mesa's software driver on Debian.
const lavapipeManifest = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

// onDisplay names the display GLFW was started on, for error texts:
// ` on the display (DISPLAY=":0")` where a variable selects it (X11,
// Wayland), nothing elsewhere.
func onDisplay() string {
	if name := displayName(); name != "" {
		return " on the display (" + name + ")"
	}
	return ""
}
