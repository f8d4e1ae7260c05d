//go:build !linux || !cgo

package preload

import "time"

// Began reports whether the scan was started when the process loaded:
// always false on this system, where the package does nothing.
func Began() bool { return false }

// Wait returns at once: on this system no scan is made.
func Wait() (loaded bool, began, ended time.Time) { return false, time.Time{}, time.Time{} }

// listed has no list to hand out: on this system no scan is made.
func listed() ([]string, bool) { return nil, false }
