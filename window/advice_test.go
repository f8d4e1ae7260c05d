package window

import (
	"strings"
	"testing"
)

// TestW6_ErrorTextsNameTheOSsVulkanRuntime: the advice in the package's
// errors fits the OS it runs on. Windows has no libvulkan.so.1, apt-get,
// Xvfb or DISPLAY: there the texts name vulkan-1.dll and the Vulkan runtime.
func TestW6_ErrorTextsNameTheOSsVulkanRuntime(t *testing.T) {
	cases := []struct {
		goos         string
		says, avoids []string
	}{
		{"windows", []string{"vulkan-1.dll", "Vulkan runtime"}, []string{"libvulkan", "apt-get", "Xvfb", "DISPLAY"}},
		{"linux", []string{"libvulkan.so.1", "apt-get install libvulkan1", "lavapipe"}, []string{"vulkan-1.dll"}},
	}
	for _, c := range cases {
		a := adviceFor(c.goos)
		all := a.loader + "\n" + a.vulkan
		for _, s := range c.says {
			if !strings.Contains(all, s) {
				t.Errorf("%s: the advice does not say %q:\n%s", c.goos, s, all)
			}
		}
		for _, s := range c.avoids {
			if strings.Contains(all, s) {
				t.Errorf("%s: the advice names %q, which this OS does not have:\n%s", c.goos, s, all)
			}
		}
	}
}
