//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

import (
	"errors"
	"testing"
)

// TestW11_ComposeCacheOnlyWhereXlibHasNone pins when the package points
// Xlib's XCOMPOSECACHE at its own directory: only for a user who is not
// root, has not set XCOMPOSECACHE and has neither the system's nor the
// home compose cache, and only under the user's cache directory.
func TestW11_ComposeCacheOnlyWhereXlibHasNone(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	home := map[string]string{"HOME": "/home/u"}
	cache := func() (string, error) { return "/home/u/.cache", nil }
	none := func(string) bool { return false }
	for _, tc := range []struct {
		name   string
		getenv func(string) string
		euid   int
		isDir  func(string) bool
		cache  func() (string, error)
		want   string
	}{
		{"no cache anywhere", env(home), 1000, none, cache, "/home/u/.cache/metronome/x11-compose"},
		{"root: Xlib caches nothing for root", env(home), 0, none, cache, ""},
		{"the user's own XCOMPOSECACHE", env(map[string]string{"HOME": "/home/u", "XCOMPOSECACHE": "/c"}), 1000, none, cache, ""},
		{"the system's cache", env(home), 1000, func(p string) bool { return p == "/var/cache/libx11/compose" }, cache, ""},
		{"the home cache", env(home), 1000, func(p string) bool { return p == "/home/u/.compose-cache" }, cache, ""},
		{"no user cache directory", env(home), 1000, none, func() (string, error) { return "", errors.New("no HOME") }, ""},
	} {
		got, ok := composeCacheDir(tc.getenv, tc.euid, tc.isDir, tc.cache)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("%s: got %q, %v; want %q", tc.name, got, ok, tc.want)
		}
	}
}
