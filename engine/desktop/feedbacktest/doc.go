// Package feedbacktest holds the tests of presentation feedback (rule P9)
// and of the display-locked step (P10) through the engine, for a game
// running on the desktop stack: on headless sway with the Wayland build.
// Run them with
//
//	scripts/sway.sh -r 60 go test -tags wayland -count=1 -v ./engine/desktop/feedbacktest
//
// With a PulseAudio server up (scripts/pulse.sh's start_pulse, as CI's sway
// step does) the game's audio output plays while the tick's allocations are
// measured. Without a compositor they skip and say why.
package feedbacktest
