package vulkan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// The warm-up record (W11, W14) says, per program, which of the common
// pipelines (graphics.CommonPipelines) its last launch drew with, so the
// start warms up those alone: a game whose frames have no SpriteBatch does
// not make the driver compile the sprite pipeline's code on the launch's
// path (on lavapipe that compile delays the first present by about 7 ms).
// A program without a record (its first launch) gets every common
// pipeline warmed, as before; one that drew with none gets no warm-up.
// The record lives in warmRecordFile beside the pipeline cache, one entry
// per executable path (at most warmRecordEntries, the oldest dropped),
// and is rewritten, atomically, at teardown only when it changed.
// METRONOME_PIPELINE_CACHE=off neither reads nor writes it; a corrupt file
// is ignored with one line.

// warmRecordFile is the record's name in the metronome folder.
const warmRecordFile = "warmup.bin"

// warmRecordMagic starts the file: magic, format version 1.
var warmRecordMagic = [8]byte{'M', 'T', 'N', 'W', 'A', 'R', 'M', '1'}

// warmRecordEntries bounds the programs remembered (go test and go run
// build each binary at a new path).
const warmRecordEntries = 64

// warmEntry is one program's record: the FNV-1a hash of its executable's
// path and a bit per common pipeline it drew with.
type warmEntry struct {
	Program uint64
	Used    uint8
}

const warmEntrySize = 9

// commonKeys are the common pipelines' keys; a record's bit i is
// commonKeys[i].
var commonKeys = graphics.CommonPipelines()

// allCommon is the mask of every common pipeline.
const allCommon = uint8(1)<<len(commonKeys) - 1

// warmRecordState is the device's side of the record.
type warmRecordState struct {
	path    string // "" when off
	program uint64
	entries []warmEntry // the file's, most recent first
	known   bool        // entries has one for program
	wanted  uint8       // the common pipelines this start warmed up
	common  [len(commonKeys)]vk.Pipeline
	used    uint8 // the common pipelines this renderer drew with
	framed  bool  // it executed a frame: a launch that ended before one says nothing
}

// warmRecordOn is false in this package's tests but those of the record
// itself, so that what one test's renderer drew does not change what the
// next one's start warms up.
var warmRecordOn = true

// warmRecordPath returns the record's path, or "" when the pipeline cache
// is off or there is no user cache folder.
func warmRecordPath() string {
	dir := cacheFolder()
	if dir == "" || !warmRecordOn {
		return ""
	}
	return filepath.Join(dir, warmRecordFile)
}

// programID hashes the running executable's path (0 when unknown).
func programID() uint64 {
	exe, err := os.Executable()
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	h.Write([]byte(exe))
	return h.Sum64()
}

// decodeWarmRecord parses the file: the magic, a count, the entries and a
// CRC-32 (IEEE) of them, or an error saying why it does not fit.
func decodeWarmRecord(b []byte) ([]warmEntry, error) {
	if len(b) < 8+4+4 {
		return nil, fmt.Errorf("%d bytes, shorter than the header", len(b))
	}
	if !bytes.Equal(b[:8], warmRecordMagic[:]) {
		return nil, errors.New("not a metronome warm-up record (bad magic)")
	}
	le := binary.LittleEndian
	n := int(le.Uint32(b[8:]))
	body := b[12 : len(b)-4]
	switch {
	case n > warmRecordEntries:
		return nil, fmt.Errorf("%d entries, more than %d", n, warmRecordEntries)
	case len(body) != n*warmEntrySize:
		return nil, fmt.Errorf("truncated or padded: %d entries need %d bytes, %d follow", n, n*warmEntrySize, len(body))
	case crc32.ChecksumIEEE(body) != le.Uint32(b[len(b)-4:]):
		return nil, errors.New("corrupt (checksum mismatch)")
	}
	out := make([]warmEntry, n)
	for i := range out {
		e := body[i*warmEntrySize:]
		out[i] = warmEntry{Program: le.Uint64(e), Used: e[8]}
		if out[i].Used&^allCommon != 0 {
			return nil, fmt.Errorf("entry %d names common pipelines %#x, there are %d", i, out[i].Used, len(commonKeys))
		}
	}
	return out, nil
}

// encodeWarmRecord is decodeWarmRecord's inverse.
func encodeWarmRecord(entries []warmEntry) []byte {
	le := binary.LittleEndian
	b := append([]byte(nil), warmRecordMagic[:]...)
	b = le.AppendUint32(b, uint32(len(entries)))
	start := len(b)
	for _, e := range entries {
		b = le.AppendUint64(b, e.Program)
		b = append(b, e.Used)
	}
	return le.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// loadWarmRecord reads the record and returns the common pipelines to
// warm up: those the program's last launch drew with, or all of them
// without a record (said in one line on pipelineCacheLog when the file
// does not fit).
func (d *deviceState) loadWarmRecord() uint8 {
	d.warmRec = warmRecordState{path: warmRecordPath(), program: programID(), wanted: allCommon}
	w := &d.warmRec
	if w.path == "" || w.program == 0 {
		return w.wanted
	}
	b, err := os.ReadFile(w.path)
	if errors.Is(err, fs.ErrNotExist) {
		launchtrace.Mark("vulkan: no warm-up record for this program: every common pipeline is warmed up")
		return w.wanted
	}
	if err == nil {
		w.entries, err = decodeWarmRecord(b)
	}
	if err != nil {
		fmt.Fprintf(pipelineCacheLog, "vulkan: warm-up record %s ignored: %v\n", w.path, err)
		w.entries = nil
		return w.wanted
	}
	for _, e := range w.entries {
		if e.Program == w.program {
			w.known, w.wanted = true, e.Used
			launchtrace.Mark(fmt.Sprintf("vulkan: warm-up record loaded: the last launch drew with common pipelines %#x", e.Used))
			return w.wanted
		}
	}
	launchtrace.Mark("vulkan: no warm-up record for this program: every common pipeline is warmed up")
	return w.wanted
}

// noteCommon remembers pipeline p when it is common pipeline i's (built
// by pipeline); a rebuild for another surface format notes the new one.
func (w *warmRecordState) noteCommon(k pipeKey, p vk.Pipeline) {
	for i, c := range commonKeys {
		if k == pipelineKey(c, false) {
			w.common[i] = p
		}
	}
}

// drewWith records that a draw binds p (recordDraw, on a pipeline change):
// two comparisons, no allocation.
func (w *warmRecordState) drewWith(p vk.Pipeline) {
	for i, c := range w.common {
		if p == c && c != nil {
			w.used |= 1 << i
		}
	}
}

// saveWarmRecord writes the program's entry (first) when it changed,
// atomically; a failure is said in one line. A renderer that executed no
// frame (a start whose window never opened, a game that ended first)
// leaves the record as it was.
func (d *deviceState) saveWarmRecord() {
	w := &d.warmRec
	if w.path == "" || w.program == 0 || !w.framed || (w.known && w.used == w.wanted) {
		return
	}
	entries := []warmEntry{{Program: w.program, Used: w.used}}
	for _, e := range w.entries {
		if e.Program != w.program && len(entries) < warmRecordEntries {
			entries = append(entries, e)
		}
	}
	if err := writeFileAtomic(w.path, encodeWarmRecord(entries)); err != nil {
		fmt.Fprintf(pipelineCacheLog, "vulkan: warm-up record not saved: %v\n", err)
		return
	}
	w.known, w.wanted, w.entries = true, w.used, entries
	launchtrace.Mark(fmt.Sprintf("vulkan: warm-up record saved: this launch drew with common pipelines %#x", w.used))
}
