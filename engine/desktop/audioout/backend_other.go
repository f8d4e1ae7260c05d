//go:build !linux

package audioout

import "time"

// openBackend plays through oto, which cannot reconnect. It has no
// fallback and no server's request, so neither before
// (Options.BeforeFallback) nor requested (Options.Requested) is called.
func openBackend(rate int, period, timeout time.Duration, pull func([]float32) int, _ func() error, _ func(int)) (backend, dialer, error) {
	be, err := openOto(rate, period, timeout, pull)
	return be, nil, err
}
