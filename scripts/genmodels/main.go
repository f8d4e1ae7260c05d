// Command genmodels writes the glTF models the repository commits: the
// sample's cube (cmd/sample/internal/game/assets/cube.glb) and the
// skinned and morphing models the animation tests, the sample and the
// model viewer play (engine/graphics/testdata/animated/*.glb), made with
// engine/graphics/modeltest. Run from the repository root:
//
//	go run ./scripts/genmodels
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "genmodels:", err)
		os.Exit(1)
	}
}

// animatedDir is where the animated models are written.
const animatedDir = "engine/graphics/testdata/animated"

func run() error {
	doc, err := modeltest.Box()
	if err != nil {
		return err
	}
	if err := modeltest.Save(doc, "cmd/sample/internal/game/assets/cube.glb", ""); err != nil {
		return err
	}
	if err := os.MkdirAll(animatedDir, 0o755); err != nil {
		return err
	}
	for _, m := range modeltest.AnimatedModels {
		doc, err := m.Make()
		if err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
		if err := modeltest.Save(doc, filepath.Join(animatedDir, m.Name+".glb"), ""); err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
	}
	return nil
}
