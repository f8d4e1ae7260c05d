package desktop

import (
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// What a program needs of the window system and the renderer, offered
// here so that a game (and its tests) imports engine and engine/desktop
// only.

// The errors Run and NewGame wrap when the stack is missing (W6), for
// errors.Is: no display, no Vulkan driver, no Vulkan loader; and a window
// size whose swapchain exceeds the memory budget.
var (
	ErrNoDisplay  = window.ErrNoDisplay
	ErrNoDriver   = vulkan.ErrNoDriver
	ErrNoLoader   = vulkan.ErrNoLoader
	ErrOverBudget = vulkan.ErrOverBudget
)

// Wayland reports whether this is the Wayland build (-tags wayland).
const Wayland = window.Wayland

// DisplayLostStatus is the exit status of a process whose connection to
// the X server broke (OnDisplayLost).
const DisplayLostStatus = window.DisplayLostStatus

// SwapchainBudgetEnv is the environment variable that sets the swapchain
// memory budget in bytes (Config.SwapchainBudget: 0 reads it).
const SwapchainBudgetEnv = vulkan.SwapchainBudgetEnv

// Main runs run on the main OS thread while serving Do calls from other
// goroutines, and returns its result: how a test binary (TestMain) or a
// program that runs its game off the main goroutine drives the window
// system, which must be driven from the main thread (W1).
func Main(run func() int) int { return window.Main(run) }

// Do runs f on the main thread (inside Main) and waits for it; games are
// run inside one Do call.
func Do(f func()) { window.Do(f) }

// OnDisplayLost registers f to run when the connection to the X server
// breaks (nil removes it): the process then prints one message and exits
// with DisplayLostStatus, whatever f does. Use f to save what the game has
// so far; it must not draw or touch the window. Process-wide, the last call
// wins; never called without an X11 display.
func OnDisplayLost(f func()) { window.OnDisplayLost(f) }

// DisplayServer returns the name of the display server's vendor while a
// window is open ("The X.Org Foundation" for Xorg and Xvfb), "" where it is
// not known (Wayland, no window). Main thread only.
func DisplayServer() string { return window.ServerVendor() }

// CheckWindowSize reports whether a w x h window fits the swapchain memory
// budget (budget 0: SwapchainBudgetEnv or 1 GiB; negative: no limit),
// before any window opens; the error wraps ErrOverBudget and says how to
// raise the budget. NewPlatform makes the same check.
func CheckWindowSize(w, h int, budget int64) error {
	b, err := vulkan.SwapchainBudget(budget)
	if err != nil {
		return err
	}
	return vulkan.CheckWindowSize(w, h, b)
}
