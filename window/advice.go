package window

import (
	"fmt"
	"os"
	"runtime"
)

// osAdvice holds the parts of the package's error texts that differ per OS
// (rule W6): what the Vulkan loader is called and what to install or start.
type osAdvice struct {
	loader  string // the Vulkan loader library GLFW looks for
	vulkan  string // how to get a Vulkan loader and a driver
	display string // what to check when GLFW cannot start
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
			display: "check that the program runs in an interactive desktop session, not as a service",
		}
	}
	return osAdvice{
		loader: "libvulkan.so.1",
		vulkan: "install a Vulkan loader and driver (Debian: apt-get install libvulkan1 mesa-vulkan-drivers; " +
			"Mesa's lavapipe runs without a GPU: VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json)",
		display: "check that DISPLAY names a running X server (Xvfb on a machine without a screen)",
	}
}

// onDisplay names the display GLFW was started on, for error texts:
// ` on display ":0"` where DISPLAY selects it, nothing on Windows.
func onDisplay() string {
	if runtime.GOOS == "windows" {
		return ""
	}
	return fmt.Sprintf(" on display %q", os.Getenv("DISPLAY"))
}
