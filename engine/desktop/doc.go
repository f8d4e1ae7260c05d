// Package desktop runs an engine.Game in a GLFW window with the Vulkan
// renderer: it implements engine.Platform with package window and
// engine.Renderer with package renderer/vulkan.
//
// # Drawing
//
// The renderer has no scene of its own (G1). A game draws from Draw through
// its GraphicsDevice, which embeds the drawing device (package
// engine/graphics: meshes,
// BasicEffect, textures, render targets); the engine records the frame and
// the renderer executes the record on the GPU and presents it. Window
// titles (Game.Window), screenshots of presented frames (RequestCapture)
// and present times (the Presented event) need no type assertion either.
//
// # Threads (rule W1)
//
// GLFW must be driven from the process's main OS thread, so every function
// and method here must be called from it. Importing this package locks the
// main goroutine to the main thread (runtime.LockOSThread in its init), so
// calling Run from main is enough; or run the whole game
// inside one window.Do call when the program serves window.Main (as the
// tests do). The game's hooks and callbacks then run on that thread too.
//
// # Errors (rule W6)
//
// Without a display or a Vulkan driver, Run and NewGame return one error
// that says what is missing and how to fix it (window.ErrNoDisplay,
// vulkan.ErrNoDriver or vulkan.ErrNoLoader wrapped), never a cgo crash.
package desktop
