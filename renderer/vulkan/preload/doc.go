// Package preload starts the Vulkan loader's scan of the installed drivers
// when the process loads, before the Go runtime starts, so that the slowest
// step of a launch overlaps everything that comes before the engine's own
// start (rule W11). A game opts in with a blank import of
// engine/desktop/preload, its game-facing name, in its main package:
//
//	import _ "github.com/metronome-engine/metronome/engine/desktop/preload"
//
// On Linux a C constructor starts a thread that loads libvulkan.so.1 and
// lists the instance extensions once. That call makes the loader read the
// driver manifests and load every driver library (Mesa's lavapipe with
// LLVM: about 70 ms of a launch on a 2-core machine); the libraries stay
// loaded, so the engine's own list and instance, made later on Vulkan's
// start goroutine, find them there. That start waits for the scan before
// its first loader call, so the two never call the loader at once. The thread creates no instance and
// keeps nothing else; without a loader or a driver it ends having done
// nothing, and the engine's start reports what is missing as before (W6).
// METRONOME_PRELOAD=off in the environment leaves the process as if the
// package were not imported. On other systems the package does nothing.
//
// With METRONOME_LAUNCH_TRACE=1 the launch trace gets a line when the scan
// has ended, saying how long before the trace's 0 it began.
package preload
