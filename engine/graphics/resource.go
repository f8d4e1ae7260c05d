package graphics

import (
	"fmt"
	"unsafe"
)

// resource is what textures and buffers share: their device, ID, disposal
// and the records that use them.
type resource struct {
	// Name and Tag are the game's own (XNA's GraphicsResource.Name and
	// Tag): a label for debugging and any value to carry along. The
	// engine never reads them.
	Name string
	Tag  any

	dev      *Device
	rid      uint32
	isBuffer bool
	disposed bool
	used     uint64 // number of the last record that reads it in a draw
	written  uint64 // number of the last record that writes it (upload, pass)
}

// kind names the resource in errors.
func (r *resource) kind() string {
	if r.isBuffer {
		return "buffer"
	}
	return "texture"
}

// checkWrite validates a SetData: r is alive and the record being built
// does not draw with it yet (uploads run before the frame's draws, G11).
func (r *resource) checkWrite(op string) error {
	if r.disposed {
		return fmt.Errorf("graphics: %s: %s %d is disposed: %w", op, r.kind(), r.rid, ErrDisposed)
	}
	if r.used == r.dev.seq() {
		return fmt.Errorf("graphics: %s: %s %d is already drawn with in the frame being recorded; set its data before the draws that use it, or use another %s: %w",
			op, r.kind(), r.rid, r.kind(), ErrInUse)
	}
	return nil
}

// upload appends an upload of data to the record (texture region or buffer
// range) and marks r written.
func (r *resource) upload(u Upload, data []byte) {
	copy(r.uploadSpace(u, len(data)), data)
}

// uploadOwned appends an upload of data to the record without copying it
// (Upload.Bytes) and marks r written: data must not change until the
// record has run (a loaded image's own pixels, rule G3).
func (r *resource) uploadOwned(u Upload, data []byte) {
	f := r.dev.rec()
	u.Data, u.Size, u.Bytes = 0, len(data), data
	f.Uploads = append(f.Uploads, u)
	r.written = r.dev.seq()
}

// uploadSpace appends an upload of n bytes to the record, marks r written
// and returns the n bytes for the caller to fill: they are not cleared (a
// converter writes the pixels straight into the record, rule G3).
func (r *resource) uploadSpace(u Upload, n int) []byte {
	f := r.dev.rec()
	u.Data = len(f.UploadData)
	u.Size = n
	end := u.Data + padded4(n)
	if end > cap(f.UploadData) {
		grown := make([]byte, u.Data, max(end, cap(f.UploadData)+cap(f.UploadData)/2))
		copy(grown, f.UploadData)
		f.UploadData = grown
	}
	f.UploadData = f.UploadData[:end]
	clear(f.UploadData[u.Data+n:]) // the padding
	f.Uploads = append(f.Uploads, u)
	r.written = r.dev.seq()
	return f.UploadData[u.Data : u.Data+n : u.Data+n]
}

// dispose marks r disposed and records its release; a second call does
// nothing.
func (r *resource) dispose() {
	if r.disposed || r.dev == nil {
		return
	}
	r.disposed = true
	f := r.dev.rec()
	if r.written == r.dev.seq() && r.used != r.dev.seq() {
		r.dropUploads(f) // G14: nothing would read them
	}
	if r.isBuffer {
		f.Releases = append(f.Releases, Release{Buffer: BufferID(r.rid)})
	} else {
		f.Releases = append(f.Releases, Release{Texture: TextureID(r.rid)})
	}
}

// bytesOf returns the memory of s as bytes, without copying. T must be a
// plain value type (no pointers), as Vertex types and indices are.
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(z)))
}
