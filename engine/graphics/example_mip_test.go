package graphics_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// ExampleGenerateMipMaps loads an image with a mipmap chain and samples
// it anisotropically, as a floor seen at a grazing angle wants; a render
// target with MipMap remakes its chain each time it is unset. The fake
// backend stands in for the GPU and, like a device without anisotropic
// filtering, reports the fallback to linear filtering.
func ExampleGenerateMipMaps() {
	dev, _ := graphics.NewDevice(graphicstest.New())
	img := image.NewGray(image.Rect(0, 0, 5, 3)) // a PNG or JPEG file works the same (LoadTextureFile)
	img.SetGray(0, 0, color.Gray{Y: 255})
	floor, _ := graphics.NewTextureFromImage(dev, img, graphics.GenerateMipMaps())
	for l := range floor.LevelCount() {
		w, h := floor.LevelSize(l)
		fmt.Printf("level %d: %dx%d\n", l, w, h)
	}
	dev.SetSamplerState(graphics.AnisotropicWrap)
	fmt.Println(dev.SamplerFallback() != "")

	target, _ := graphics.NewRenderTarget2D(dev, 256, 256, graphics.RenderTargetOptions{MipMap: true})
	dev.SetRenderTarget(target)
	_ = dev.Clear(graphics.CornflowerBlue)
	dev.SetRenderTarget(nil) // the chain is remade from level 0 here
	fmt.Println(target.LevelCount())
	// Output:
	// level 0: 5x3
	// level 1: 2x1
	// level 2: 1x1
	// true
	// 9
}
