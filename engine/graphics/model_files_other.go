//go:build !unix

package graphics

// openNonblock is 0 where the system has no O_NONBLOCK (and no FIFOs a
// model could name): files are opened as usual.
const openNonblock = 0
