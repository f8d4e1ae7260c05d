// Command genmodels writes the glTF models the repository commits: the
// sample's cube (cmd/sample/internal/game/assets/cube.glb), made with
// engine/graphics/modeltest. Run from the repository root:
//
//	go run ./scripts/genmodels
package main

import (
	"fmt"
	"os"

	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "genmodels:", err)
		os.Exit(1)
	}
}

func run() error {
	doc, err := modeltest.Box()
	if err != nil {
		return err
	}
	return modeltest.Save(doc, "cmd/sample/internal/game/assets/cube.glb", "")
}
