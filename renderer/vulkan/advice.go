package vulkan

import "runtime"

// osAdvice holds the parts of the package's error texts that differ per OS
// (rule W6): the loader's file name and what to install.
type osAdvice struct {
	loader        string // the Vulkan loader library
	installLoader string // how to get the loader
	installDriver string // how to get a driver
	manifest      string // an example driver manifest, for VK_DRIVER_FILES
	installLayer  string // how to get the validation layer
}

// advice is this OS's advice.
var advice = adviceFor(runtime.GOOS)

// adviceFor returns the advice for goos (a runtime.GOOS value).
func adviceFor(goos string) osAdvice {
	if goos == "windows" {
		return osAdvice{
			loader: "vulkan-1.dll",
			installLoader: "install the Vulkan runtime: it comes with the GPU vendor's current driver " +
				"(or the Vulkan Runtime installer from LunarG)",
			installDriver: "install the GPU vendor's current driver, which brings Vulkan support",
			manifest:      `the .json file an installed driver put in its folder`,
			installLayer:  "it comes with the Vulkan SDK from LunarG",
		}
	}
	return osAdvice{
		loader:        "libvulkan.so.1",
		installLoader: "install it (Debian/Ubuntu: apt-get install libvulkan1 mesa-vulkan-drivers)",
		installDriver: "install a GPU driver with Vulkan support, or Mesa's software driver " +
			"(Debian/Ubuntu: apt-get install mesa-vulkan-drivers)",
		manifest:     "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
		installLayer: "Debian/Ubuntu: apt-get install vulkan-validationlayers",
	}
}
