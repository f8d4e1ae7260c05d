//go:build !((linux || freebsd || netbsd || openbsd) && !wayland)

package window

// nativeSurfaceExtensions is nil: outside X11 the surface is GLFW's.
var nativeSurfaceExtensions []string

// createNativeSurface makes nothing (ok is false): outside X11 GLFW
// creates the surface.
func (w *Window) createNativeSurface(instance uintptr) (surface uintptr, ok bool, err error) {
	return 0, false, nil
}
