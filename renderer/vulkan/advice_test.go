package vulkan

import (
	"strings"
	"testing"
)

// TestW6_ErrorTextsNameTheOSsVulkanRuntime: the install advice fits the OS.
// Windows has no libvulkan.so.1, apt-get or /usr/share: there the texts name
// vulkan-1.dll, the Vulkan runtime and the GPU vendor's driver. The Linux
// texts are unchanged.
func TestW6_ErrorTextsNameTheOSsVulkanRuntime(t *testing.T) {
	cases := []struct {
		goos         string
		says, avoids []string
	}{
		{"windows", []string{"vulkan-1.dll", "Vulkan runtime", "GPU vendor's current driver", "Vulkan SDK"},
			[]string{"libvulkan", "apt-get", "/usr/share", "Debian"}},
		{"linux", []string{"libvulkan.so.1", "apt-get install libvulkan1", "apt-get install mesa-vulkan-drivers",
			"lvp_icd.x86_64.json", "apt-get install vulkan-validationlayers"}, []string{"vulkan-1.dll"}},
	}
	for _, c := range cases {
		a := adviceFor(c.goos)
		all := strings.Join([]string{a.loader, a.installLoader, a.installDriver, a.manifest, a.installLayer}, "\n")
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
