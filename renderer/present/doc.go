// Package present holds the presentation decisions of the engine as pure
// functions, so they are tested without a window or a GPU:
//
//   - PresentInterval, XNA's vertical-sync setting, and its swap interval
//     (rule P3 in docs/rules.md);
//   - PresentMode, this package's own names for Vulkan's present modes, and
//     ChooseMode, which picks the mode for a swap interval from the modes a
//     surface supports and reports every fallback (rule P4), and
//     ChooseModeHold, the same with rule P8's explicit half-rate option
//     (interval 2 on FIFO, each frame presented twice: Choice.Hold 2).
//
// Its subpackage pacing holds the lab around these decisions: a simulated
// display in virtual time and the pacing statistics.
//
// The mapping of swap intervals to present modes (P4):
//
//	0 -> IMMEDIATE     (no vsync; tears)
//	1 -> FIFO          (vsync; never tears; the only mode Vulkan requires)
//	2 -> FIFO_RELAXED  (vsync, but a late frame is shown at once and tears)
//
// FIFO_RELAXED is Vulkan's "late swap tearing" (what OpenGL calls swap
// interval -1). It is NOT half-rate presentation: it shows frames at the
// display's full refresh rate, like FIFO, and only differs when a frame
// misses its vblank. XNA's PresentInterval.Two (one present every second
// refresh) has no Vulkan present mode; a game that wants to run at 30 Hz
// should set its TargetElapsedTime to 1/30 s and keep interval One. True
// half-rate presentation is an explicit extension beside this mapping
// (rule P8, ChooseModeHold): FIFO with every frame presented twice.
//
// The package is pure Go: no cgo, no Vulkan or GLFW imports, and nothing of
// this module. renderer/vulkan converts PresentMode to and from Vulkan's
// values; the numeric values here are deliberately not Vulkan's.
package present
