package graphics

// The record's upload bytes (Frame.UploadData) give memory back (rule
// G14): uploads to a resource disposed before they ran are dropped, and
// the buffer shrinks once a peak has gone unused for uploadTrimRecords
// records.

// uploadTrimRecords is how many records in a row must stay far below the
// upload buffer's capacity before it shrinks.
const uploadTrimRecords = 30

// uploadTrimFloor is the capacity the upload buffer never shrinks below.
const uploadTrimFloor = 1 << 20

// uploadTrim tracks the records since the upload buffer was last needed
// near its capacity.
type uploadTrim struct {
	peak  int // the largest len(UploadData) of the quiet records
	quiet int // records in a row that used under a quarter of the capacity
}

// trim notes the finished record f's upload bytes and, after
// uploadTrimRecords records in a row that used under a quarter of the
// capacity, replaces the buffer by one twice the largest of them (at
// least uploadTrimFloor). Called before f is reset; allocates only when
// it shrinks.
func (t *uploadTrim) trim(f *Frame) {
	n, c := len(f.UploadData), cap(f.UploadData)
	if c <= uploadTrimFloor || 4*n >= c {
		t.peak, t.quiet = 0, 0
		return
	}
	t.peak = max(t.peak, n)
	if t.quiet++; t.quiet < uploadTrimRecords {
		return
	}
	f.UploadData = make([]byte, 0, max(2*t.peak, uploadTrimFloor))
	t.peak, t.quiet = 0, 0
}

// dropUploads removes the record's uploads to r, which is disposed and
// not drawn with in the record: nothing would read them. Their bytes are
// given back when they end the upload data, else once dropped bytes are
// half of it (the rest moved down).
func (r *resource) dropUploads(f *Frame) {
	keep := f.Uploads[:0]
	dropped := false
	for _, u := range f.Uploads {
		if (r.isBuffer && u.Buffer == BufferID(r.rid)) || (!r.isBuffer && u.Texture == TextureID(r.rid)) {
			dropped = true
			continue
		}
		keep = append(keep, u)
	}
	if !dropped {
		return
	}
	clear(f.Uploads[len(keep):])
	f.Uploads = keep
	live := 0
	end := 0
	for _, u := range f.Uploads {
		if u.Bytes == nil {
			live += padded4(u.Size)
			end = max(end, u.Data+padded4(u.Size))
		}
	}
	f.UploadData = f.UploadData[:end]
	if 2*live > len(f.UploadData) {
		return
	}
	at := 0 // uploads are in data order: move each down
	for i := range f.Uploads {
		u := &f.Uploads[i]
		if u.Bytes != nil {
			continue
		}
		copy(f.UploadData[at:], f.UploadData[u.Data:u.Data+u.Size])
		u.Data = at
		at += padded4(u.Size)
	}
	f.UploadData = f.UploadData[:at]
}

// padded4 is n rounded up to a multiple of 4 (uploads' data is padded so).
func padded4(n int) int { return (n + 3) &^ 3 }
