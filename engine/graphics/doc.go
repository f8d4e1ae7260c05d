// Package graphics is what a game draws with: the drawing half of XNA 4.0's
// GraphicsDevice in Go's manners. It is pure Go; it validates every call
// and records a frame for a Backend (package renderer/vulkan implements
// one) and imports neither the engine nor a GPU API.
package graphics
