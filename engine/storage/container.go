package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
)

// Container is one game's folder of files (XNA's StorageContainer). It
// holds no open file between calls: there is nothing to close, and its
// methods may be called from several goroutines.
type Container struct {
	dir string
}

// Open returns the container of the game named game: the folder game
// inside [DataDir], created (mode 0700) if missing. game follows the
// rules for names and is one element ("MyGame", not "Studio/MyGame").
func Open(game string) (*Container, error) { return open(game, runtime.GOOS, os.Getenv) }

// open is Open on the system goos with the environment getenv.
func open(game, goos string, getenv func(string) string) (*Container, error) {
	if err := checkGame(game); err != nil {
		return nil, err
	}
	base, err := dataDir(goos, getenv)
	if err != nil {
		return nil, err
	}
	return OpenDir(filepath.Join(base, game))
}

// OpenDir returns a container in the folder dir, created (mode 0700, with
// its missing parents) if missing: for a portable install's own folder or
// a test's. A relative dir is made absolute first.
func OpenDir(dir string) (*Container, error) {
	if dir == "" {
		return nil, errors.New("storage: OpenDir was given an empty folder name: give the folder to keep the files in")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("storage: folder %q: %w", dir, err)
	}
	if err := mkdirAllSynced(abs); err != nil {
		return nil, fmt.Errorf("storage: make the folder %s: %w", abs, err)
	}
	return &Container{dir: abs}, nil
}

// mkdirAllSynced makes dir and its missing parents (mode 0700); after each
// folder it made it flushes the folder above, so the new folder survives a
// power loss.
func mkdirAllSynced(dir string) error {
	fi, err := os.Stat(dir)
	if err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("%s is a file, not a folder", dir)
		}
		return nil
	}
	parent := filepath.Dir(dir)
	if parent != dir {
		if err := mkdirAllSynced(parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		if errors.Is(err, fs.ErrExist) { // made meanwhile by another writer
			return nil
		}
		return err
	}
	return syncDirPath(parent)
}

// syncDirPath flushes the folder dir.
func syncDirPath(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(syncDir(d), d.Close())
}

// Path returns the container's folder (absolute).
func (c *Container) Path() string { return c.dir }

// root opens the container's folder as an os.Root: every name is resolved
// inside it, symbolic links included.
func (c *Container) root() (*os.Root, error) {
	r, err := os.OpenRoot(c.dir)
	if err != nil {
		return nil, fmt.Errorf("storage: open the folder %s: %w", c.dir, err)
	}
	return r, nil
}

// WriteFile writes data to the file name crash-safe: after a crash or a
// kill at any moment the file holds its old content or data, never a part
// (see the package documentation). The folders in name are made as
// needed.
func (c *Container) WriteFile(name string, data []byte) error {
	w, err := c.Create(name)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return errors.Join(err, w.Abort())
	}
	return w.Close()
}

// ReadFile returns the content of the file name. A missing file is an
// error wrapping [fs.ErrNotExist].
func (c *Container) ReadFile(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	r, err := c.root()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := r.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("storage: read %q in %s: %w", name, c.dir, err)
	}
	return b, nil
}

// Exists reports whether the file name exists (a folder of that name is
// not a file: false).
func (c *Container) Exists(name string) (bool, error) {
	if err := checkName(name); err != nil {
		return false, err
	}
	r, err := c.root()
	if err != nil {
		return false, err
	}
	defer r.Close()
	fi, err := r.Stat(name)
	switch {
	case err == nil:
		return fi.Mode().IsRegular(), nil
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR): // a file where a folder would be
		return false, nil
	}
	return false, fmt.Errorf("storage: look for %q in %s: %w", name, c.dir, err)
}

// Remove deletes the file name, and flushes its folder so the deletion
// survives a power loss. A missing file is an error wrapping
// [fs.ErrNotExist]; folders are not removed.
func (c *Container) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	r, err := c.root()
	if err != nil {
		return err
	}
	defer r.Close()
	fi, err := r.Lstat(name)
	if err != nil {
		return fmt.Errorf("storage: remove %q in %s: %w", name, c.dir, err)
	}
	if fi.IsDir() {
		return fmt.Errorf("storage: remove %q in %s: it is a folder: remove the files in it by their names", name, c.dir)
	}
	if err := r.Remove(name); err != nil {
		return fmt.Errorf("storage: remove %q in %s: %w", name, c.dir, err)
	}
	if err := syncRootDir(r, path.Dir(name)); err != nil {
		return fmt.Errorf("storage: remove %q in %s: flush the folder: %w", name, c.dir, err)
	}
	return nil
}

// List returns the names of the container's files, in its subfolders too,
// as "/"-separated names sorted by byte order: the names ReadFile takes.
// The container's temporary files are left out.
func (c *Container) List() ([]string, error) {
	r, err := c.root()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var names []string
	err = fs.WalkDir(r.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("storage: list %s: %w", c.dir, err)
	}
	slices.Sort(names)
	return names, nil
}

// syncRootDir flushes the folder dir ("." for the container's own) of r.
func syncRootDir(r *os.Root, dir string) error {
	d, err := r.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(syncDir(d), d.Close())
}

// mkdirs makes the folders of name's parent inside r (mode 0700),
// flushing the folder above each one it made.
func mkdirs(r *os.Root, dir string) error {
	if dir == "." {
		return nil
	}
	fi, err := r.Stat(dir)
	if err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("%s is a file, not a folder: choose another folder name", dir)
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	parent := path.Dir(dir)
	if err := mkdirs(r, parent); err != nil {
		return err
	}
	if err := r.Mkdir(dir, 0o700); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil
		}
		return err
	}
	return syncRootDir(r, parent)
}
