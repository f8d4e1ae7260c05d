package graphics

import "errors"

// Errors a Device returns, wrapped with what to change; test with
// errors.Is. A call that fails records nothing. Successful calls allocate
// nothing; only the error path formats a message.
var (
	// ErrOutsideFrame: drawing into the back buffer outside a frame (draw
	// in Game.Draw, or set a RenderTarget2D first: that works any time).
	ErrOutsideFrame = errors.New("graphics: outside a frame")
	// ErrDisposed: a disposed texture, render target or buffer was used.
	ErrDisposed = errors.New("graphics: disposed")
	// ErrNoEffect: a draw before any effect was applied.
	ErrNoEffect = errors.New("graphics: no effect applied")
	// ErrNoVertexBuffer: DrawPrimitives or DrawIndexedPrimitives with no
	// vertex buffer set.
	ErrNoVertexBuffer = errors.New("graphics: no vertex buffer set")
	// ErrNoIndexBuffer: DrawIndexedPrimitives with no index buffer set.
	ErrNoIndexBuffer = errors.New("graphics: no index buffer set")
	// ErrOutOfRange: a draw or SetData reaches past a buffer or texture,
	// or an index names a vertex the draw does not have.
	ErrOutOfRange = errors.New("graphics: out of range")
	// ErrTooLarge: a size above the backend's limit.
	ErrTooLarge = errors.New("graphics: too large")
	// ErrInvalid: an argument no call accepts (a negative count, an
	// unknown primitive type, a vertex layout the effect cannot read).
	ErrInvalid = errors.New("graphics: invalid argument")
	// ErrInUse: SetData on a resource that the frame being recorded
	// already draws with or into (uploads run before the frame's draws,
	// rule G11), or GetData of a texture the frame being recorded writes.
	ErrInUse = errors.New("graphics: in use by the frame being recorded")
	// ErrWrongDevice: a resource made by another Device.
	ErrWrongDevice = errors.New("graphics: resource of another device")
)
