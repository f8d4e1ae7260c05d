package vkenv

import (
	"os"
	"strings"
	"testing"
)

// TestW6_DriverVariableNamingAMissingFileIsNamed: a VK_DRIVER_FILES (or
// VK_ICD_FILENAMES) entry that does not exist is what the message names,
// with the variable and the fix; existing files and unset variables give
// no message.
func TestW6_DriverVariableNamingAMissingFileIsNamed(t *testing.T) {
	env := map[string]string{}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	stat := func(p string) (os.FileInfo, error) {
		if p == "/there.json" {
			return nil, nil
		}
		return nil, os.ErrNotExist
	}
	if s := missingDriverFile(lookup, stat, "x.json"); s != "" {
		t.Errorf("nothing set: %q", s)
	}
	env["VK_DRIVER_FILES"] = "/there.json"
	if s := missingDriverFile(lookup, stat, "x.json"); s != "" {
		t.Errorf("an existing file: %q", s)
	}
	env["VK_DRIVER_FILES"] = "/there.json:/nonexistent.json"
	s := missingDriverFile(lookup, stat, "x.json")
	for _, want := range []string{"VK_DRIVER_FILES", `"/nonexistent.json"`, "does not exist", "x.json", "unset it"} {
		if !strings.Contains(s, want) {
			t.Errorf("message %q lacks %q", s, want)
		}
	}
	delete(env, "VK_DRIVER_FILES")
	env["VK_ICD_FILENAMES"] = "/gone.json"
	if s := missingDriverFile(lookup, stat, "x.json"); !strings.Contains(s, "VK_ICD_FILENAMES") {
		t.Errorf("old name: %q", s)
	}
}
