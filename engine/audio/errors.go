package audio

import "errors"

// Errors the package returns, wrapped with what went wrong and what to
// change; test with errors.Is.
var (
	// ErrBadSound: data that is not a sound this package decodes (empty,
	// corrupt, truncated, an unsupported format or codec, no audio).
	ErrBadSound = errors.New("audio: bad sound file")
	// ErrTooLong: a SoundEffect with more samples than the System's
	// sample budget (Config.SampleBudget); play it as a Song, which
	// streams.
	ErrTooLong = errors.New("audio: sound over the sample budget")
	// ErrDisposed: a disposed SoundEffect, instance or Song was used.
	ErrDisposed = errors.New("audio: disposed")
)

// tagged is an error whose message is err's, and which is also the
// package's sentinel is (errors.Is).
type tagged struct {
	err, is error
}

func (t *tagged) Error() string   { return t.err.Error() }
func (t *tagged) Unwrap() []error { return []error{t.err, t.is} }

// bad marks a decoding error as ErrBadSound (nil stays nil).
func bad(err error) error {
	if err == nil || errors.Is(err, ErrBadSound) || errors.Is(err, ErrTooLong) {
		return err
	}
	return &tagged{err: err, is: ErrBadSound}
}
