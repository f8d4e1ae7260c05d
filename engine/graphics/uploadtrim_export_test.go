package graphics

// UploadCapacity is the capacity of the record's upload bytes (tests).
func (d *Device) UploadCapacity() int { return cap(d.frame.UploadData) }
