//go:build wayland

package desktop

import (
	"slices"
	"time"
)

// median returns the median of d (0 for none); d is sorted in place.
func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[len(d)/2]
}
