//go:build unix

package graphics

import "syscall"

// openNonblock makes opening a FIFO return at once instead of waiting for
// a writer; reads of regular files are unaffected.
const openNonblock = syscall.O_NONBLOCK
