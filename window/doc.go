// Package window opens a GLFW window without a client API for a Vulkan
// renderer, collects its raw events (GLFW's codes, no key names or input
// state: the engine owns those) into batches an engine polls, and creates
// the window's Vulkan surface.
//
// # Threads (rule W1)
//
// GLFW must be driven from the process's main OS thread. The main package
// locks it in an init function:
//
//	func init() { runtime.LockOSThread() }
//
// A program that runs its whole loop on the main goroutine calls this
// package directly. A program (or a test binary) whose work happens on other
// goroutines wraps its body in [Main], which serves [Do] calls on the main
// thread:
//
//	func main() { os.Exit(window.Main(run)) }
//	// inside run, on any goroutine:
//	window.Do(func() { w, err = window.New(cfg) })
//
// Every function and method that says "must be called from the main thread"
// means exactly that: call it directly on the main thread or through [Do].
//
// # Missing display (rule W6)
//
// [New] opens the X display itself before it starts GLFW, because GLFW's Init
// reports success even when DISPLAY names a dead server and the next GLFW call
// then panics. Without a usable display New returns an error wrapping
// [ErrNoDisplay] that says how to get one.
//
// # Lost display
//
// When the X server dies or closes the connection, Xlib cannot go on and
// would exit(1) with nothing saved. The package installs Xlib's IO-error
// handler instead: it prints one message, runs the hook [OnDisplayLost]
// registered (which saves what the program has so far) and exits with
// [DisplayLostStatus].
//
// # Wayland (rules W7-W10)
//
// Built with -tags wayland, the package talks to a Wayland compositor
// ([Wayland] is true): New connects to the one WAYLAND_DISPLAY names
// (relative names live in XDG_RUNTIME_DIR) and its errors name both
// variables. A Wayland client neither knows nor sets its position, so
// Position reports 0, 0, SetPosition and Focus do nothing, and the monitor
// lookups take the primary monitor; a shown window is not focused. A
// program resize raises a Resize event there too (GLFW reports only the
// framebuffer's), and [Window.CanPresent] is false until the compositor has
// configured a shown window. The surface's frame callbacks
// ([Window.RequestFrame], [Window.WaitFrame]) let a renderer pace presents
// on the compositor's refresh with a bounded wait: a hidden or occluded
// window gets none.
//
// # Minimized windows (rule W2)
//
// While the framebuffer is 0x0 ([ShouldDraw] reports false) the engine must
// not draw; it calls [WaitEvents] with a timeout instead, which sleeps in the
// kernel until an event arrives or the timeout passes, so a minimized game
// does not spin a core.
package window
