//go:build !windows

package timing

import "time"

// monotonic is Go's monotonic clock, read from an origin.
type monotonic struct {
	origin time.Time
}

func newMonotonic() monotonic { return monotonic{origin: time.Now()} }

func (m monotonic) since() time.Duration { return time.Since(m.origin) }
