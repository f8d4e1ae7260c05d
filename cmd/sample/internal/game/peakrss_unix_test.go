//go:build unix

package game

import (
	"os"
	"syscall"
)

// peakRSS is a finished child's peak resident memory in bytes.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) * 1024
	}
	return 0
}
