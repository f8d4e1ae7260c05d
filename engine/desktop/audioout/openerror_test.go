package audioout

import (
	"errors"
	"strings"
	"testing"
)

// TestA5_OpenErrorIsShort: the library's failure lists every ALSA device
// it tried after the PulseAudio error; the message a player sees names
// the PulseAudio error only, and the whole error stays reachable.
func TestA5_OpenErrorIsShort(t *testing.T) {
	long := errors.New(`oto: initialization failed: PulseAudio: oto: PulseAudio client initialization failed: dial unix /run/user/0/pulse/native: connect: no such file or directory; ALSA: oto: ALSA device initialization failed: "default": oto: ALSA error at snd_pcm_open: No such file or directory` +
		strings.Repeat(`, "plug:x": oto: ALSA error at snd_pcm_open: No such file or directory`, 20))
	err := &openError{err: long}
	want := "audio output: no PulseAudio server and no ALSA device (PulseAudio: dial unix /run/user/0/pulse/native: connect: no such file or directory)"
	if err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
	if !errors.Is(err, long) {
		t.Error("the library's error is not reachable through Unwrap")
	}
	other := &openError{err: errors.New("oto: something else")}
	if got := other.Error(); got != "audio output: oto: something else" {
		t.Errorf("other error: got %q", got)
	}
}
