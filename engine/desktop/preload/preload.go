// Package preload starts the Vulkan drivers' load when the process loads,
// before the Go runtime starts, so the slowest step of a launch begins
// about 15 ms sooner; on a 2-core machine the first frame came 5-12 ms
// sooner (rule W11). A game opts in with a blank import in its main
// package:
//
//	import _ "github.com/metronome-engine/metronome/engine/desktop/preload"
//
// It is the game-facing name of renderer/vulkan/preload, which holds the C
// constructor (cgo lives in the renderer) and documents what it does and
// costs; METRONOME_PRELOAD=off turns it off. A program that imports it but
// never opens a window starts up to the drivers' load time later.
package preload

import _ "github.com/metronome-engine/metronome/renderer/vulkan/preload" // the constructor
