//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

import (
	"os"
	"path/filepath"
)

// When GLFW starts on X11 it opens an input method, and Xlib then parses
// the locale's whole Compose table (about 6,000 lines for UTF-8 locales:
// 10-15 ms of a launch, on the main thread, beside the driver's load)
// unless it finds a compiled copy in a compose cache. Xlib keeps such a
// cache where XCOMPOSECACHE names a directory, else in
// /var/cache/libx11/compose or ~/.compose-cache, but only where one of
// those isDir, which Debian and Ubuntu do not set up, and never for
// root. So when none isDir, the package points XCOMPOSECACHE at a
// directory of its own under the user's cache directory: the first
// launch writes the compiled table there, later ones map it. Dead keys
// and compose sequences work as before; Xlib checks the copy against the
// table it came from. A user's own XCOMPOSECACHE is left alone.
//
// It runs in init, before any goroutine that could read the environment
// while it changes.
func init() {
	if dir, ok := composeCacheDir(os.Getenv, os.Geteuid(), isDir, os.UserCacheDir); ok {
		if os.MkdirAll(dir, 0o700) == nil {
			os.Setenv("XCOMPOSECACHE", dir)
		}
	}
}

// composeCacheDir returns the directory XCOMPOSECACHE should name, and
// false where Xlib already has a compose cache to use or would use none:
// XCOMPOSECACHE set, a system or home cache present, root (euid 0), or no
// user cache directory.
func composeCacheDir(getenv func(string) string, euid int, isDir func(string) bool,
	userCacheDir func() (string, error)) (string, bool) {
	if euid == 0 || getenv("XCOMPOSECACHE") != "" || isDir("/var/cache/libx11/compose") {
		return "", false
	}
	if home := getenv("HOME"); home != "" && isDir(filepath.Join(home, ".compose-cache")) {
		return "", false
	}
	base, err := userCacheDir()
	if err != nil || base == "" {
		return "", false
	}
	return filepath.Join(base, "metronome", "x11-compose"), true
}

// isDir reports whether path names a directory.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
