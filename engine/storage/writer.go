package storage

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
)

// Writer writes one file crash-safe (XNA's CreateFile, committed on
// Close): what it is given goes to a temporary file, and only Close puts
// it in the file's place, whole. Until then, and whatever happens to the
// process, the file keeps its old content (or stays missing). A Writer is
// used from one goroutine.
type Writer struct {
	c    *Container
	root *os.Root
	name string // the file's name
	tmp  string // the temporary file's name, beside it
	f    *os.File
	err  error // the first failure; the Writer then only aborts
	done bool  // closed or aborted
}

// errDone is returned by a Writer used after Close or Abort.
var errDone = errors.New("storage: the writer was already closed or aborted")

// Create starts writing the file name: Write the content, then Close to
// put it in place (or Abort to leave the file as it was); until one of
// them the Writer holds a file open. The folders in name are made as
// needed.
func (c *Container) Create(name string) (*Writer, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	r, err := c.root()
	if err != nil {
		return nil, err
	}
	dir, base := path.Split(name)
	dir = path.Clean("./" + dir)
	if err := mkdirs(r, dir); err != nil {
		r.Close()
		return nil, fmt.Errorf("storage: create %q in %s: %w", name, c.dir, err)
	}
	for range 100 {
		tmp := path.Join(dir, tempName(base))
		f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("storage: create %q in %s: %w", name, c.dir, err)
		}
		return &Writer{c: c, root: r, name: name, tmp: tmp, f: f}, nil
	}
	r.Close()
	return nil, fmt.Errorf("storage: create %q in %s: no free temporary name after 100 tries", name, c.dir)
}

// tempName returns a new temporary name for the file base: hidden, with
// tempPrefix(base), 64 random bits and tmpSuffix, 255 bytes at most.
func tempName(base string) string {
	var b [8]byte
	for i := range b {
		b[i] = byte(rand.Uint32())
	}
	return "." + tempPrefix(base) + "." + hex.EncodeToString(b[:]) + tmpSuffix
}

// randomLen is the length of a temporary name's random part (hex).
const randomLen = 16

// maxPrefix is the longest name a temporary name holds whole.
const maxPrefix = maxElement - len(".") - len(".") - randomLen - len(tmpSuffix)

// tempPrefix is the part of a temporary name that says whose it is: base,
// or for a base too long to fit, its start and a hash of the whole.
func tempPrefix(base string) string {
	if len(base) <= maxPrefix {
		return base
	}
	h := fnv.New64a()
	h.Write([]byte(base))
	return base[:maxPrefix-randomLen] + hex.EncodeToString(h.Sum(nil))
}

// isTempOf reports whether elem is a temporary file of the file base.
func isTempOf(elem, base string) bool {
	p := tempPrefix(base)
	return len(elem) == len(".")+len(p)+len(".")+randomLen+len(tmpSuffix) &&
		isTemp(elem) && elem[1:1+len(p)] == p && elem[1+len(p)] == '.'
}

// Write adds p to the file's new content.
func (w *Writer) Write(p []byte) (int, error) {
	if w.done {
		return 0, errDone
	}
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.f.Write(p)
	if err != nil {
		w.err = fmt.Errorf("storage: write %q in %s: %w", w.name, w.c.dir, err)
	}
	return n, w.err
}

// Close puts the new content in the file's place: it flushes the
// temporary file to the disk, renames it over the file and flushes the
// folder. After a failed Write, Close aborts and returns that failure.
func (w *Writer) Close() error {
	if w.done {
		return errDone
	}
	if w.err != nil {
		return errors.Join(w.err, w.Abort())
	}
	if err := w.commit(); err != nil {
		return errors.Join(fmt.Errorf("storage: write %q in %s: %w", w.name, w.c.dir, err), w.Abort())
	}
	w.done = true
	w.removeStale()
	return w.root.Close()
}

// commit is Close's sequence: fsync, close, rename, fsync the folder.
func (w *Writer) commit() error {
	if err := w.f.Sync(); err != nil {
		return err
	}
	f := w.f
	w.f = nil
	if err := f.Close(); err != nil {
		return err
	}
	if err := w.root.Rename(w.tmp, w.name); err != nil {
		return err
	}
	w.tmp = ""
	if err := syncRootDir(w.root, path.Dir(w.name)); err != nil {
		return fmt.Errorf("flush the folder: %w", err)
	}
	return nil
}

// Abort drops what was written: the file keeps its old content.
func (w *Writer) Abort() error {
	if w.done {
		return errDone
	}
	w.done = true
	var errs []error
	if w.f != nil {
		errs = append(errs, w.f.Close())
	}
	if w.tmp != "" {
		errs = append(errs, w.root.Remove(w.tmp))
	}
	errs = append(errs, w.root.Close())
	return errors.Join(errs...)
}

// removeStale removes what killed writers of this file left: temporary
// files with its name. A failure changes nothing a reader sees.
func (w *Writer) removeStale() {
	dir, base := path.Split(w.name)
	dir = path.Clean("./" + dir)
	d, err := w.root.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	for _, n := range names {
		if isTempOf(n, base) {
			w.root.Remove(path.Join(dir, n))
		}
	}
}
