package graphics_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// TestG14_UploadsToDisposedResourcesAreDropped: 10,000 textures created,
// filled and disposed before any record runs leave no upload and no
// upload bytes in the record (only their releases); a texture drawn with
// before its disposal keeps its upload, and uploads around a dropped one
// keep their bytes.
func TestG14_UploadsToDisposedResourcesAreDropped(t *testing.T) {
	fb := graphicstest.New()
	fb.Keep = true
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	px := make([]byte, 4*64*64)
	for range 10000 {
		tex, err := graphics.NewTexture2D(dev, 64, 64)
		must(t, err)
		must(t, tex.SetData(px))
		tex.Dispose()
	}
	keepA, err := graphics.NewTexture2D(dev, 1, 1)
	must(t, err)
	must(t, keepA.SetData([]byte{1, 2, 3, 4}))
	gone, err := graphics.NewTexture2D(dev, 2, 2)
	must(t, err)
	must(t, gone.SetData(bytes.Repeat([]byte{9}, 16)))
	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionColor{}.VertexDeclaration(), 3)
	must(t, err)
	must(t, graphics.SetVertexData(vb, 0, make([]graphics.VertexPositionColor, 3)))
	keepB, err := graphics.NewTexture2D(dev, 1, 1)
	must(t, err)
	must(t, keepB.SetData([]byte{5, 6, 7, 8}))
	gone.Dispose()
	vb.Dispose()
	must(t, dev.Flush())
	f := fb.Frames[len(fb.Frames)-1]
	if len(f.Uploads) != 2 || len(f.UploadData) != 8 {
		t.Fatalf("record after the churn: %d uploads, %d upload bytes; want 2 and 8", len(f.Uploads), len(f.UploadData))
	}
	if got := fb.Textures[keepB.ID()].Pixels; !bytes.Equal(got, []byte{5, 6, 7, 8}) {
		t.Errorf("the upload after a dropped one wrote %v, want [5 6 7 8]", got)
	}
	if got := len(f.Releases); got != 10002 {
		t.Errorf("%d releases, want 10002", got)
	}

	// Drawn with, then disposed, in one frame: the draw needs the upload.
	fx := graphics.NewBasicEffect(dev)
	tex, err := graphics.NewTexture2D(dev, 1, 1)
	must(t, err)
	must(t, dev.BeginFrame(8, 8))
	must(t, tex.SetData([]byte{1, 1, 1, 1}))
	fx.TextureEnabled, fx.Texture = true, tex
	fx.Apply()
	must(t, graphics.DrawUserPrimitives(dev, graphics.TriangleList, make([]graphics.VertexPositionTexture, 3), 0, 1))
	tex.Dispose()
	f2, err := dev.EndFrame()
	must(t, err)
	if len(f2.Uploads) != 1 {
		t.Errorf("a texture drawn with and then disposed in one frame: %d uploads, want 1", len(f2.Uploads))
	}
}

// TestG14_UploadBufferShrinksAfterAPeak: after one record with 16 MiB of
// uploads, the record's upload buffer is back under 4 MiB once 30
// records in a row have needed little, and stays as it is while they
// still need much.
func TestG14_UploadBufferShrinksAfterAPeak(t *testing.T) {
	fb := graphicstest.New()
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	big, err := graphics.NewTexture2D(dev, 2048, 2048)
	must(t, err)
	small, err := graphics.NewTexture2D(dev, 16, 16)
	must(t, err)
	must(t, big.SetData(make([]byte, 4*2048*2048)))
	must(t, dev.Flush())
	peak := dev.UploadCapacity()
	if peak < 16<<20 {
		t.Fatalf("upload buffer %d bytes after a 16 MiB upload", peak)
	}
	for i := range 30 {
		must(t, small.SetData(make([]byte, 4*16*16)))
		must(t, dev.Flush())
		if got := dev.UploadCapacity(); i < 29 && got != peak {
			t.Fatalf("record %d: upload buffer %d bytes, want it kept (%d) until 30 records", i, got, peak)
		}
	}
	must(t, small.SetData(make([]byte, 4*16*16)))
	if got := dev.UploadCapacity(); got >= 4<<20 {
		t.Errorf("upload buffer %d bytes after 30 small records, want under 4 MiB", got)
	}
}

// TestG14_HandedOverPixelsAreDroppedAndReleased: a loaded image's pixels,
// handed to the record without a copy, are dropped with the texture when
// it is disposed before the record runs (the uploads copied around them
// keep their bytes), reach the texture otherwise, and are not held by the
// record once it has run.
func TestG14_HandedOverPixelsAreDroppedAndReleased(t *testing.T) {
	fb := graphicstest.New()
	fb.Keep = true
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	copy(img.Pix, []byte{10, 20, 30, 255, 40, 50, 60, 255})
	var enc bytes.Buffer
	must(t, png.Encode(&enc, img))
	keepA, err := graphics.NewTexture2D(dev, 1, 1)
	must(t, err)
	must(t, keepA.SetData([]byte{1, 2, 3, 4}))
	gone, err := graphics.LoadTexture(dev, bytes.NewReader(enc.Bytes()))
	must(t, err)
	loaded, err := graphics.LoadTexture(dev, bytes.NewReader(enc.Bytes()))
	must(t, err)
	keepB, err := graphics.NewTexture2D(dev, 1, 1)
	must(t, err)
	must(t, keepB.SetData([]byte{5, 6, 7, 8}))
	gone.Dispose()
	must(t, dev.Flush())
	f := fb.Frames[len(fb.Frames)-1]
	if len(f.Uploads) != 3 {
		t.Fatalf("%d uploads, want 3: the disposed texture's pixels dropped", len(f.Uploads))
	}
	own := 0
	for _, u := range f.Uploads {
		if u.Bytes != nil {
			own++
		}
	}
	if own != 1 {
		t.Errorf("%d uploads hand their pixels over, want 1 (the loaded image's)", own)
	}
	for tex, want := range map[*graphics.Texture2D][]byte{keepA: {1, 2, 3, 4}, keepB: {5, 6, 7, 8},
		loaded: {10, 20, 30, 255, 40, 50, 60, 255}} {
		if got := fb.Textures[tex.ID()].Pixels; !bytes.Equal(got, want) {
			t.Errorf("texture %d holds %v, want %v", tex.ID(), got, want)
		}
	}
	if n := dev.HandedOverUploads(); n != 0 {
		t.Errorf("the record still holds %d handed-over pixel slices after it ran", n)
	}
}
