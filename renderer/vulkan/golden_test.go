package vulkan

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata from this run")

// Golden tolerance: a pixel matches when no channel differs by more than
// goldenChannelTol; at most goldenBadFraction of the pixels may not match
// (edge pixels, where rasterisers may differ from lavapipe by a pixel).
const (
	goldenChannelTol  = 16
	goldenBadFraction = 0.01
)

// TestW5_GoldenCube compares the frame at t = 0.7 s at 320x240 with
// testdata/cube_t0.7_320x240.png (made on lavapipe; -update rewrites it).
func TestW5_GoldenCube(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	g.draw(t, 0.7)
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	checkGolden(t, "cube_t0.7_320x240.png", img)
}

// checkGolden compares img with testdata/name within the tolerance above,
// or with -update writes it there. A failing run's image is written to
// the system's temporary folder, named after the test, for a look.
func checkGolden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := WritePNG(path, img); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	want, err := readPNG(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to make it)", err, t.Name())
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("size %v, golden %v", img.Bounds(), want.Bounds())
	}
	bad := 0
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if !near(img.RGBAAt(x, y), rgbaAt(want, x, y), goldenChannelTol) {
				bad++
			}
		}
	}
	total := img.Bounds().Dx() * img.Bounds().Dy()
	if float64(bad) > goldenBadFraction*float64(total) {
		out := filepath.Join(os.TempDir(), filepath.Base(t.Name())+"-"+name)
		_ = WritePNG(out, img)
		t.Errorf("%d of %d pixels differ from %s by more than %d (allowed %.0f); this run: %s",
			bad, total, path, goldenChannelTol, goldenBadFraction*float64(total), out)
	}
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}
