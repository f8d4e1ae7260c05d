//go:build !unix

package game

import "os"

// peakRSS is 0 where the system reports no peak resident memory for a child.
func peakRSS(*os.ProcessState) int64 { return 0 }
