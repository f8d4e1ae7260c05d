// Package scanwait connects renderer/vulkan/preload, which starts the Vulkan
// loader's driver scan when the process loads, to renderer/vulkan, which
// waits for that scan before its own first loader call, so the two never
// call the loader at once. A program that does not import the preload
// package never registers a wait, and Wait returns at once.
package scanwait

import "sync/atomic"

var (
	wait   func() // set from a package init, before main
	waited atomic.Int32
)

// Register makes f the wait; called once, from renderer/vulkan/preload's init.
func Register(f func()) { wait = f }

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
