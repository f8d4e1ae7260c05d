package vulkan

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
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
	checkGoldenOneOf(t, img, name)
}

// checkGoldenOneOf is checkGolden for a picture whose details the Vulkan
// specification leaves to the implementation (anisotropic filtering's
// footprint and samples): img must match one of names, each made on one
// of the drivers the tests run on. -update rewrites the first; a variant
// for another driver is the failing run's image, copied into testdata.
func checkGoldenOneOf(t *testing.T, img *image.RGBA, names ...string) {
	t.Helper()
	if *update {
		writeGolden(t, names[0], img)
		return
	}
	var failures []string
	for _, name := range names {
		msg, err := compareGolden(name, img)
		if err != nil {
			t.Fatalf("%v (run go test -run %s -update to make it)", err, t.Name())
		}
		if msg == "" {
			return
		}
		failures = append(failures, msg)
	}
	out := filepath.Join(os.TempDir(), filepath.Base(t.Name())+"-"+names[0])
	_ = WritePNG(out, img)
	t.Errorf("%s; this run: %s", strings.Join(failures, "; "), out)
}

// writeGolden writes img as testdata/name.
func writeGolden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WritePNG(path, img); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

// compareGolden compares img with testdata/name within the tolerance
// above: "" when it matches, else what differs.
func compareGolden(name string, img *image.RGBA) (string, error) {
	path := filepath.Join("testdata", name)
	want, err := readPNG(path)
	if err != nil {
		return "", err
	}
	if want.Bounds() != img.Bounds() {
		return fmt.Sprintf("size %v, %s %v", img.Bounds(), path, want.Bounds()), nil
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
		return fmt.Sprintf("%d of %d pixels differ from %s by more than %d (allowed %.0f)",
			bad, total, path, goldenChannelTol, goldenBadFraction*float64(total)), nil
	}
	return "", nil
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}
