package audio

import "fmt"

// ReplaceWith gives e the samples and name of src, stopping the voices
// that play e's old samples (faded, A2); src must not be used again. The
// game's *SoundEffect stays valid: a content manager's hot reload uses it
// (rule C3). Both must belong to one System and neither be disposed.
func (e *SoundEffect) ReplaceWith(src *SoundEffect) error {
	switch {
	case e == nil || src == nil:
		return fmt.Errorf("audio: replace sound: nil sound")
	case e == src:
		return fmt.Errorf("audio: replace sound %q: a sound cannot replace itself", e.name)
	case e.disposed || src.disposed || e.sys != src.sys:
		return fmt.Errorf("audio: replace sound %q: both must be live sounds of one System: %w", e.name, ErrDisposed)
	}
	*e, *src = *src, *e
	src.Dispose()
	return nil
}

// SetName sets the name the sound reports (Name) and uses in errors.
func (e *SoundEffect) SetName(name string) { e.name = name }
