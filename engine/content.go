package engine

import (
	"os"

	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// Content returns the game's content manager (XNA's Game.Content, rule
// C1): assets loaded by name from Config.ContentDir (DefaultContentDir,
// "Content" in the working directory, when empty) on the game's graphics
// device and audio System, cached, and disposed by its Unload or at the
// game's teardown, before the device. Call it from Initialize or
// LoadContent on: a Manager made before the device exists loads no
// textures, fonts, models or effects. With Watch on it reloads changed
// assets at the start of each Update (rule C3).
func (g *Game) Content() *content.Manager {
	if g.content == nil {
		var dev *graphics.Device
		if d := g.graphics.device; d != nil {
			dev = d.Device
		}
		g.content = content.NewManager(os.DirFS(g.contentDir), dev, g.audio)
	}
	return g.content
}

// ContentDir returns the folder Content reads from.
func (g *Game) ContentDir() string { return g.contentDir }

// closeContent stops the content manager's watcher and disposes of what
// it loaded.
func (g *Game) closeContent() error {
	if g.content == nil {
		return nil
	}
	err := g.content.Close()
	g.content.Unload()
	return err
}
