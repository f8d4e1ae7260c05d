// Package vkenv reads the environment variables that steer the Vulkan
// loader, for error messages that name the setting at fault.
package vkenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// DriverVariables are the variables that replace the loader's driver
// search with a list of manifests: VK_DRIVER_FILES and its older name.
var DriverVariables = []string{"VK_DRIVER_FILES", "VK_ICD_FILENAMES"}

// MissingDriverFile reports the first driver variable that is set and
// names a path that does not exist, as a sentence that says what to do;
// "" when none does. example is a manifest to suggest.
func MissingDriverFile(example string) string {
	return missingDriverFile(os.LookupEnv, os.Stat, example)
}

func missingDriverFile(lookup func(string) (string, bool), stat func(string) (os.FileInfo, error), example string) string {
	for _, v := range DriverVariables {
		list, ok := lookup(v)
		if !ok {
			continue
		}
		for _, p := range strings.Split(list, string(filepath.ListSeparator)) {
			if p == "" {
				continue
			}
			if _, err := stat(p); err != nil {
				return fmt.Sprintf("%s names %q, which does not exist: make it name an installed driver manifest such as %s, or unset it", v, p, example)
			}
		}
	}
	return ""
}
