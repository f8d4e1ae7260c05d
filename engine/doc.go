// Package engine is the XNA-4.0-shaped game loop: a [Game] that runs a
// [Handler] (the game's own code) on the timing scheduler, takes its events
// from a [Platform] (a window) and presents its frames through a [Renderer],
// with presentation settings steered by a [GraphicsDeviceManager].
//
// It is pure Go: the window and the Vulkan renderer plug in through the two
// small interfaces it owns (package engine/desktop adapts them), so the
// whole loop runs in tests on a fake platform in virtual time.
//
// # One frame
//
// [Game.Tick] runs one frame in the order of rule T5: advance time and
// wait (fixed step); poll the platform's event batch (each event goes to the input bridge first, then
// to the game's own reaction, and the keyboard and mouse snapshots are
// published after the whole batch, so every update of a catch-up burst sees
// the same snapshot); clamp; the updates; then BeginDraw, Draw and EndDraw
// (Present), skipped when suppressed, without a device, or while minimized.
// With Game.SetDrawMode(timing.DrawFreeRunning) a fixed-step frame does not
// wait for a step: it runs the updates owed, often none, and draws, so the
// game draws once per presented frame (T27).
// The clock rules themselves live in package timing; Game only wires them.
//
// # Drawing
//
// Game.Draw draws through GraphicsDevice.Graphics, a graphics.Device
// (package engine/graphics): the loop begins its frame after the
// Renderer's BeginDraw, at the back buffer's size, and Present hands the
// recorded frame to the Renderer's EndDraw, which executes and presents
// it. Each present raises GraphicsDevice.Presented with its index and
// times on the engine's time source; RequestCapture and SetCaptureAtExit
// ask for frames as presented (G11). The window's title is Game.Window's.
// Nothing here type-asserts to a concrete platform or renderer.
//
// # Input
//
// Three views of the same events, all read from the game's goroutine:
// the snapshots ([Game.Keyboard], [Game.Mouse]: XNA's KeyboardState and
// MouseState, what is held after the last poll), the edges
// ([Game.IsKeyJustPressed], [Game.IsKeyJustReleased] and the mouse-button
// pair: what went down or up since the previous update, so a tap shorter
// than a tick is never lost, rule I1), and the ordered stream
// ([Game.InputEvents]: every key, button and text event since the previous
// update, with its time, rule I2). The key codes, states and edges live
// here only; a platform delivers raw events (I3). Gamepads read as XNA's
// ([Game.GamePad]: ThumbSticks with Y up, Triggers 0..1, dead zones,
// stick and trigger pseudo-buttons; [Game.SetVibration]; rule I6).
//
// # Components and services
//
// [Game.Components] holds the game's components: after the game's own
// Initialize, each is initialized and loads its content in the order
// added, before the game's LoadContent (XNA's order); at the end they
// unload before the game does. [GameComponent] and [DrawableGameComponent]
// are XNA's bases to embed, with change events. [AddService] and
// [GetService] keep shared objects by type (XNA's Game.Services).
//
// # Lifecycle
//
// [Game.Run]: create the device, Initialize (then the components'
// Initialize and LoadContent), LoadContent, BeginRun, raise
// Activated, then ticks until Exit or a closed window; then raise Exiting
// (T12: by the loop, after it ends), EndRun, the components' and then the
// game's UnloadContent, and tear down:
// the device waits idle and is destroyed before the platform (W4). A
// renderer error ends Run with that error after the same teardown; a panic
// in the game tears down first and then propagates (W6).
//
// # Threads
//
// A Game is not safe for concurrent use: call its methods from the
// goroutine that runs it (its hooks, events and components run there too).
// With a GLFW platform that is the main OS thread (W1).
package engine
