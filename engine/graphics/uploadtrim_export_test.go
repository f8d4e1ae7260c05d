package graphics

// UploadCapacity is the capacity of the record's upload bytes (tests).
func (d *Device) UploadCapacity() int { return cap(d.frame.UploadData) }

// HandedOverUploads counts the uploads in the record's memory, past its
// length included, that still hold pixels of their own (tests).
func (d *Device) HandedOverUploads() int {
	n := 0
	for _, u := range d.frame.Uploads[:cap(d.frame.Uploads)] {
		if u.Bytes != nil {
			n++
		}
	}
	return n
}
