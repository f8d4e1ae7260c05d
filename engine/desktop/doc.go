// Package desktop runs an engine.Game in a GLFW window with the Vulkan
// renderer: it implements engine.Platform with package window and
// engine.Renderer with package renderer/vulkan.
//
// # Drawing
//
// The renderer draws the lit cube of package renderer/vulkan. From Draw, a
// game sets the time the cube is shown at (SceneTime) and up to
// vulkan.MaxObjects balls beside it (SetObjects, in the cube's world space;
// vulkan.Project maps a world point to pixels). Both allocate nothing.
//
// # Threads (rule W1)
//
// GLFW must be driven from the process's main OS thread, so every function
// and method here must be called from it: lock it in the main package's
// init (runtime.LockOSThread) and call Run from main, or run the whole game
// inside one window.Do call when the program serves window.Main (as the
// tests do). The game's hooks and callbacks then run on that thread too.
//
// # Errors (rule W6)
//
// Without a display or a Vulkan driver, Run and NewGame return one error
// that says what is missing and how to fix it (window.ErrNoDisplay,
// vulkan.ErrNoDriver or vulkan.ErrNoLoader wrapped), never a cgo crash.
package desktop
