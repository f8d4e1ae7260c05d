package content

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/fsnotify/fsnotify"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// watcher follows a folder's changes for hot reload (rule C3).
type watcher struct {
	fw      *fsnotify.Watcher
	dir     string
	mu      sync.Mutex
	changed map[string]bool // slash paths relative to dir
	files   map[string]bool // the loaded assets' files: changes to others are ignored
	done    chan struct{}
	failed  map[key]string // the last reload error reported, by asset
}

// Watch turns hot reload on: it watches dir, the OS folder the Manager's
// root was made from (os.DirFS(dir)), and its subfolders, and Update then
// reloads each loaded texture, font, sound effect, model or effect whose
// files changed, in place: the values Load returned stay valid and show
// the new content. A file that fails to load keeps the old content and
// reports the error once (SetReloadErrorHandler). Songs are not reloaded.
// Off until called; Close stops it.
func (m *Manager) Watch(dir string) (err error) {
	if m.watch != nil {
		return fmt.Errorf("content: watch %s: already watching %s", dir, m.watch.dir)
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("content: watch %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			fw.Close()
		}
	}()
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return fw.Add(p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("content: watch %s: %w", dir, err)
	}
	w := &watcher{fw: fw, dir: dir, changed: map[string]bool{}, files: map[string]bool{}, done: make(chan struct{}), failed: map[key]string{}}
	m.watch = w
	for _, e := range m.order {
		w.track(e.files)
	}
	go w.run(m)
	return nil
}

// run records changed files until the watcher is closed.
func (w *watcher) run(m *Manager) {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.fw.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					_ = w.fw.Add(ev.Name)
				}
			}
			rel, err := filepath.Rel(w.dir, ev.Name)
			if err != nil {
				continue
			}
			rel = filepath.ToSlash(rel)
			w.mu.Lock()
			ours := w.files[rel]
			if ours {
				w.changed[rel] = true
			}
			w.mu.Unlock()
			if ours {
				m.pending.Store(true)
			}
		case err, ok := <-w.fw.Errors:
			if !ok {
				return
			}
			m.report("", fmt.Errorf("content: watching %s: %w", w.dir, err))
		}
	}
}

// track adds files to those whose changes count.
func (w *watcher) track(files []string) {
	w.mu.Lock()
	for _, f := range files {
		w.files[f] = true
	}
	w.mu.Unlock()
}

// SetReloadErrorHandler sets what Update calls when a changed file fails
// to reload (the old content stays); nil restores the default, which logs
// the error with the standard logger. Each failure is reported once: the
// same error for the same asset again is not.
func (m *Manager) SetReloadErrorHandler(f func(name string, err error)) { m.onError = f }

func (m *Manager) report(name string, err error) {
	if m.onError != nil {
		m.onError(name, err)
		return
	}
	log.Printf("%v (the old content stays)", err)
}

// Update reloads the assets whose files changed since the last call; Game
// calls it at the start of each Update for Game.Content. Without Watch,
// or without changes, it does nothing and allocates nothing.
func (m *Manager) Update() {
	if m.watch == nil || !m.pending.Swap(false) {
		return
	}
	w := m.watch
	w.mu.Lock()
	changed := w.changed
	w.changed = map[string]bool{}
	w.mu.Unlock()
	for _, e := range slices.Clone(m.order) {
		if e.key.kind == kindSong || !slices.ContainsFunc(e.files, func(f string) bool { return changed[f] }) {
			continue
		}
		if err := m.reload(e); err != nil {
			msg := err.Error()
			if w.failed[e.key] == msg {
				continue
			}
			w.failed[e.key] = msg
			m.report(e.key.name, err)
			continue
		}
		delete(w.failed, e.key)
	}
}

// reload loads an entry's asset again and moves the new content into the
// old value.
func (m *Manager) reload(e *entry) error {
	v, files, err := m.load(e.key.kind, e.key.name)
	if err != nil {
		return fmt.Errorf("content: reload: %w", err)
	}
	switch old := e.value.(type) {
	case *graphics.Texture2D:
		err = old.ReplaceWith(v.(*graphics.Texture2D))
	case *graphics.SpriteFont:
		err = old.ReplaceWith(v.(*graphics.SpriteFont))
	case *audio.SoundEffect:
		err = old.ReplaceWith(v.(*audio.SoundEffect))
	case *graphics.Model:
		err = old.ReplaceWith(v.(*graphics.Model))
	case *graphics.Effect:
		err = old.ReplaceWith(v.(*graphics.Effect))
	default:
		err = errors.New("this type is not reloaded")
	}
	if err != nil {
		dispose(v)
		return fmt.Errorf("content: reload %s %q: %w", kindNames[e.key.kind], e.key.name, err)
	}
	e.files = files
	m.watch.track(files)
	return nil
}

// Pending reports whether the watcher has seen a change to a loaded
// asset's file that the next Update will act on.
func (m *Manager) Pending() bool { return m.pending.Load() }

// Close stops watching (Watch) and waits for the watcher to end; the
// loaded assets stay (Unload disposes of them). A second call does
// nothing.
func (m *Manager) Close() error {
	w := m.watch
	if w == nil {
		return nil
	}
	m.watch = nil
	err := w.fw.Close()
	<-w.done
	return err
}
