// Package scanwait connects renderer/vulkan/preload, which starts the Vulkan
// loader's driver scan when the process loads, to renderer/vulkan, which
// waits for that scan before its own first loader call, so the two never
// call the loader at once, and takes the instance extensions the scan
// listed instead of listing them again. A program that does not import the
// preload package never registers either: Wait returns at once and
// Extensions has no list.
package scanwait

import "sync/atomic"

var (
	wait   func()                  // set from a package init, before main
	list   func() ([]string, bool) // likewise
	waited atomic.Int32
)

// Register makes w the wait and l the source of Extensions; called once,
// from renderer/vulkan/preload's init.
func Register(w func(), l func() ([]string, bool)) { wait, list = w, l }

// Wait blocks until the driver scan begun at process load has ended, at
// once when none was registered.
func Wait() {
	if wait != nil {
		wait()
		waited.Add(1)
	}
}

// Waited returns how many times Wait waited for a registered scan (tests).
func Waited() int { return int(waited.Load()) }

// Extensions waits for the driver scan begun at process load and returns
// the instance extensions it listed, and whether it has a list that still
// holds (the scan made one and the environment is unchanged since the
// process loaded). Without a registered scan it has none.
func Extensions() ([]string, bool) {
	if list == nil {
		return nil, false
	}
	return list()
}
