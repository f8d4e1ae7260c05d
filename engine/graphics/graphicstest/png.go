package graphicstest

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
)

// ZeroPNG returns a w x h 8-bit RGBA PNG whose pixels are all zero
// (transparent black), made without holding the image: its compressed
// data is one flushed deflate block of zero rows, repeated. A 16384x16384
// one (a GiB of pixels) is about a MB and takes milliseconds to make.
func ZeroPNG(w, h int) []byte {
	row := 1 + 4*w // the filter byte and the pixels
	rows := max(1, min(h, (1<<20)/row))
	var block bytes.Buffer
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	fw.Write(make([]byte, rows*row))
	fw.Flush() // ends byte-aligned, not final: copies chain into one stream
	var z bytes.Buffer
	z.Write([]byte{0x78, 0xda})
	for n := h; n > 0; n -= rows {
		if n < rows {
			block.Reset()
			fw.Reset(&block)
			fw.Write(make([]byte, n*row))
			fw.Flush()
		}
		z.Write(block.Bytes())
	}
	z.Write([]byte{0x01, 0, 0, 0xff, 0xff}) // the final, empty stored block
	// Adler-32 of n zero bytes: A = 1, B = n mod 65521.
	z.Write(binary.BigEndian.AppendUint32(nil, uint32(uint64(h)*uint64(row)%65521)<<16|1))

	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // 8 bits, RGBA, deflate, no filter method, no interlace
	pngChunk(&out, "IHDR", ihdr)
	pngChunk(&out, "IDAT", z.Bytes())
	pngChunk(&out, "IEND", nil)
	return out.Bytes()
}

// pngChunk writes one PNG chunk: length, type, data and CRC.
func pngChunk(out *bytes.Buffer, typ string, data []byte) {
	out.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	out.WriteString(typ)
	out.Write(data)
	out.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
}
