package main

import "os"

// The tests of this package measure frames and allocations: the real
// audio output (its client goroutines allocate) stays off unless a test
// turns it on, or the caller set METRONOME_AUDIO.
func init() {
	if _, ok := os.LookupEnv("METRONOME_AUDIO"); !ok {
		os.Setenv("METRONOME_AUDIO", "off")
	}
}
