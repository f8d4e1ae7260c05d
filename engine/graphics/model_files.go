package graphics

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// modelDir is what LoadModelFile and CheckModelFile read a model through:
// the model file as the caller named it (a symlink followed wherever it
// leads), and the files it names through an os.Root on the model file's
// folder, so that neither a URI nor a symlink among those files leads out
// of the folder. Every file is opened with O_NONBLOCK where the system has
// it, so opening a FIFO returns at once (and is then refused as not a
// regular file).
type modelDir struct {
	root *os.Root
	name string // the model file's name in the folder
	file string // the model file's path as the caller gave it
}

// openModelDir opens file's folder for a load; the caller closes it.
func openModelDir(file string) (*modelDir, error) {
	dir, name := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("open the model's folder: %w", err)
	}
	return &modelDir{root: root, name: name, file: file}, nil
}

// Open opens name for reading without waiting on a FIFO's writer.
func (d *modelDir) Open(name string) (fs.File, error) {
	if name == d.name {
		return os.OpenFile(d.file, os.O_RDONLY|openNonblock, 0)
	}
	return d.root.OpenFile(name, os.O_RDONLY|openNonblock, 0)
}

// Stat returns what name is, following symlinks inside the folder.
func (d *modelDir) Stat(name string) (fs.FileInfo, error) {
	if name == d.name {
		return os.Stat(d.file)
	}
	return d.root.Stat(name)
}

// Close closes the folder.
func (d *modelDir) Close() error { return d.root.Close() }

// readFile reads the model's file name (what names it in messages):
// want bytes of it (a buffer's declared byteLength; the file may hold
// more), or all of it when want is negative (at most maxModelFile). Only a
// regular file is read: a FIFO, a device or a folder is refused before a
// byte is read, both by its name and once open (it may have been swapped
// in between), and never more than want or the size it had when opened
// is read, so a file that grows, or a device that never ends, cannot make
// the load read without end.
func (l *modelLoader) readFile(name, what string, want int64) ([]byte, error) {
	if want > maxModelFile {
		return nil, bad("%s declares %d bytes, above the %d-byte limit for one model file", what, want, maxModelFile)
	}
	st, err := fs.Stat(l.fsys, name)
	if err != nil {
		return nil, l.fileError(name, what, err)
	}
	if err := regularFile(st, what, name, want); err != nil {
		return nil, err
	}
	f, err := l.fsys.Open(name)
	if err != nil {
		return nil, l.fileError(name, what, err)
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, l.fileError(name, what, err)
	}
	if err := regularFile(st, what, name, want); err != nil {
		return nil, err
	}
	n := want
	if n < 0 {
		n = st.Size()
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(f, b); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, bad("%s %q ended before the %d bytes it held when opened", what, name, n)
		}
		return nil, l.fileError(name, what, err)
	}
	l.size += len(b)
	return b, nil
}

// regularFile refuses anything but a regular file of at most
// maxModelFile bytes holding at least want bytes.
func regularFile(st fs.FileInfo, what, name string, want int64) error {
	switch {
	case st.IsDir():
		return bad("%s %q is a folder, not a file", what, name)
	case !st.Mode().IsRegular():
		return bad("%s %q is not a regular file (a %s): a model reads only regular files", what, name, fileKind(st.Mode()))
	case want < 0 && st.Size() > maxModelFile:
		return bad("%s %q is %d bytes, above the %d-byte limit for one model file", what, name, st.Size(), maxModelFile)
	case want >= 0 && st.Size() < want:
		return bad("%s %q holds %d bytes, it declares %d", what, name, st.Size(), want)
	}
	return nil
}

// fileKind names a file mode's type for messages.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeSymlink != 0:
		return "symlink"
	}
	return "special file " + m.Type().String()
}

// fileError is an error reading a file of the model: ErrBadModel (and the
// system's error, for errors.Is) naming the element, except for the model
// file itself being absent, which is not bad content. The system's error
// is stripped of its path, so the name is printed once, quoted.
func (l *modelLoader) fileError(name, what string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case name == l.name && errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %q does not exist: %w", what, name, err)
	case err.Error() == "path escapes from parent": // os.Root's refusal
		return bad("%s %q leads out of the model's folder (through a symlink): keep the model's files in its folder or below", what, name)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %q does not exist (%w): %w", what, name, err, ErrBadModel)
	}
	return fmt.Errorf("%s %q cannot be read (%w): %w", what, name, err, ErrBadModel)
}

// short returns s for a message, cut to 80 bytes (a data: URI may be the
// size of a buffer); print it with %q, so control characters are escaped.
func short(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:77] + "..."
}

// hasControl reports whether s holds a control character (a NUL or a
// newline in a URI names no file a model should read).
func hasControl(s string) bool {
	return strings.IndexFunc(s, unicode.IsControl) >= 0
}
