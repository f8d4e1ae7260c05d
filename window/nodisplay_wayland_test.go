//go:build wayland

package window

// deadSocket is a Wayland socket path no compositor listens on.
const deadSocket = "/nonexistent/metronome/wayland-99"

// noDisplayCases are the Wayland build's ways of having no display:
// WAYLAND_DISPLAY unset, a relative name without XDG_RUNTIME_DIR, and a
// socket no compositor serves (with and without the probe). Every message
// names the variables to fix.
func noDisplayCases() []noDisplayCase {
	return []noDisplayCase{
		{"unset", map[string]string{"WAYLAND_DISPLAY": ""}, "1",
			[]string{"WAYLAND_DISPLAY is not set", "sway"}},
		{"relative without XDG_RUNTIME_DIR", map[string]string{"WAYLAND_DISPLAY": "wayland-99", "XDG_RUNTIME_DIR": ""}, "1",
			[]string{"XDG_RUNTIME_DIR is not set", `WAYLAND_DISPLAY="wayland-99"`}},
		{"dead compositor", map[string]string{"WAYLAND_DISPLAY": deadSocket}, "1",
			[]string{"cannot connect to the Wayland compositor", deadSocket, "XDG_RUNTIME_DIR", "sway"}},
		{"dead compositor without probe", map[string]string{"WAYLAND_DISPLAY": deadSocket}, childNoProbe,
			[]string{"GLFW could not start", deadSocket, "XDG_RUNTIME_DIR"}},
	}
}
