package vulkan

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// The pipeline cache persists between launches (W14): the driver's
// vkGetPipelineCacheData blob, behind a header of our own, in a file per
// device (pipelineCacheName) under the user cache folder's metronome folder
// ($XDG_CACHE_HOME/metronome, else ~/.cache/metronome on Linux). It is
// read when the device is made and written, atomically, when the
// renderer is destroyed. A file that is corrupt or made on another
// device or driver is ignored with one line; METRONOME_PIPELINE_CACHE=off
// neither reads nor writes it.

// PipelineCacheEnv is the environment variable that, set to "off", keeps
// the renderer from reading or writing its pipeline cache file.
const PipelineCacheEnv = "METRONOME_PIPELINE_CACHE"

// legacyPipelineCacheFile is the one cache file of earlier versions, for
// every device; it is removed when a device's own file is written.
const legacyPipelineCacheFile = "vulkan-pipelines.bin"

// pipelineCacheName is the cache file's name in the metronome folder for
// id: one file per GPU (vendor and device ids) and driver build (a hash of
// the pipeline cache UUID, which names the blobs a driver accepts), so a
// laptop's two GPUs, or two drivers used in turn, keep a file each
// instead of replacing each other's. pruneOldCaches bounds the files a
// GPU keeps as its driver is updated.
func pipelineCacheName(id pipeCacheIdentity) string {
	h := fnv.New32a()
	h.Write(id.uuid[:])
	return fmt.Sprintf("%s%08x.bin", pipelineCachePrefix(id), h.Sum32())
}

// pipelineCachePrefix starts the names of every cache file of id's GPU.
func pipelineCachePrefix(id pipeCacheIdentity) string {
	return fmt.Sprintf("vulkan-pipelines-%04x-%04x-", id.vendor, id.device)
}

// cachesPerGPU is how many cache files (driver builds) a GPU keeps; a
// save removes the least recently written beyond it.
const cachesPerGPU = 3

// pipelineCacheMagic starts our header: magic, format version 1.
var pipelineCacheMagic = [8]byte{'M', 'T', 'N', 'P', 'C', 'A', 'C', '1'}

// pipeFileHeader is our header before the driver's blob, little-endian:
// the blob's length and CRC-32 (IEEE) and the driver version it was made
// by (the Vulkan header in the blob names the vendor, device and cache
// UUID, not the driver version).
type pipeFileHeader struct {
	Magic         [8]byte
	DriverVersion uint32
	Size          uint32
	CRC           uint32
}

const pipeFileHeaderSize = 8 + 4 + 4 + 4

// vkCacheHeaderSize is the size of VkPipelineCacheHeaderVersionOne:
// headerSize, headerVersion, vendorID, deviceID (uint32 each) and the
// 16-byte pipelineCacheUUID.
const vkCacheHeaderSize = 32

// pipeCacheIdentity is what a cache blob must have been made by.
type pipeCacheIdentity struct {
	vendor, device, driver uint32
	uuid                   [16]byte
}

// pipelineCacheLog is where an ignored or unwritable cache file is
// reported, one line each (tests replace it).
var pipelineCacheLog io.Writer = os.Stderr

// cacheFolder returns the metronome folder under the user cache folder,
// or "" when the cache is turned off or there is no user cache folder.
func cacheFolder() string {
	if os.Getenv(PipelineCacheEnv) == "off" {
		return ""
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "metronome")
}

// pipelineCachePath returns the cache file's path for id, or "" when the
// cache is off (cacheFolder).
func pipelineCachePath(id pipeCacheIdentity) string {
	dir := cacheFolder()
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, pipelineCacheName(id))
}

// identityOf returns gpu's cache identity.
func identityOf(gpu vk.PhysicalDevice) pipeCacheIdentity {
	var p vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(gpu, &p)
	p.Deref()
	p.Free()
	return pipeCacheIdentity{vendor: p.VendorID, device: p.DeviceID, driver: p.DriverVersion, uuid: p.PipelineCacheUUID}
}

// decodePipelineCache checks a cache file's contents against id and
// returns the driver's blob, or an error saying why it does not fit.
func decodePipelineCache(b []byte, id pipeCacheIdentity) ([]byte, error) {
	if len(b) < pipeFileHeaderSize+vkCacheHeaderSize {
		return nil, fmt.Errorf("%d bytes, shorter than the headers", len(b))
	}
	var h pipeFileHeader
	_ = binary.Read(bytes.NewReader(b[:pipeFileHeaderSize]), binary.LittleEndian, &h)
	blob := b[pipeFileHeaderSize:]
	switch {
	case h.Magic != pipelineCacheMagic:
		return nil, errors.New("not a metronome pipeline cache (bad magic)")
	case int(h.Size) != len(blob):
		return nil, fmt.Errorf("truncated or padded: header says %d bytes, %d follow", h.Size, len(blob))
	case crc32.ChecksumIEEE(blob) != h.CRC:
		return nil, errors.New("corrupt (checksum mismatch)")
	case h.DriverVersion != id.driver:
		return nil, fmt.Errorf("made by driver version %#x, this is %#x", h.DriverVersion, id.driver)
	}
	le := binary.LittleEndian
	size, version := le.Uint32(blob[0:]), le.Uint32(blob[4:])
	vendor, device := le.Uint32(blob[8:]), le.Uint32(blob[12:])
	var uuid [16]byte
	copy(uuid[:], blob[16:32])
	switch {
	case size < vkCacheHeaderSize || int(size) > len(blob) || version != uint32(vk.PipelineCacheHeaderVersionOne):
		return nil, fmt.Errorf("the driver's header is not VkPipelineCacheHeaderVersionOne (size %d, version %d)", size, version)
	case vendor != id.vendor || device != id.device:
		return nil, fmt.Errorf("made on device %04x:%04x, this is %04x:%04x", vendor, device, id.vendor, id.device)
	case uuid != id.uuid:
		return nil, fmt.Errorf("made with pipeline cache UUID %x, this device's is %x", uuid, id.uuid)
	}
	return blob, nil
}

// encodePipelineCache puts our header before the driver's blob.
func encodePipelineCache(blob []byte, id pipeCacheIdentity) []byte {
	var buf bytes.Buffer
	buf.Grow(pipeFileHeaderSize + len(blob))
	_ = binary.Write(&buf, binary.LittleEndian, pipeFileHeader{
		Magic: pipelineCacheMagic, DriverVersion: id.driver, Size: uint32(len(blob)), CRC: crc32.ChecksumIEEE(blob),
	})
	buf.Write(blob)
	return buf.Bytes()
}

// loadPipelineCacheFile reads path for id: the driver's blob, or nil when
// there is none or it does not fit (said in one line on
// pipelineCacheLog).
func loadPipelineCacheFile(path string, id pipeCacheIdentity) []byte {
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil {
		var blob []byte
		if blob, err = decodePipelineCache(b, id); err == nil {
			return blob
		}
	}
	fmt.Fprintf(pipelineCacheLog, "vulkan: pipeline cache %s ignored: %v\n", path, err)
	return nil
}

// writeFileAtomic writes b to path through a temporary file in the same
// folder, synced, then renamed over path, so a reader sees the old file
// or the new one, never part of one. It creates the folder.
func writeFileAtomic(path string, b []byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(b); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil { // the rename itself, durable
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// pipeCacheState is the persisted pipeline cache's bookkeeping.
type pipeCacheState struct {
	path   string // "" when off
	id     pipeCacheIdentity
	loaded int    // bytes of the driver's blob read at the start
	crc    uint32 // its CRC-32: a blob that did not change is not written again
}

// openPipelineCache creates the device's pipeline cache, primed with the
// file of an earlier run when one fits this device and driver (W14).
func (d *deviceState) openPipelineCache() error {
	id := identityOf(d.dev.gpu)
	d.pcache = pipeCacheState{path: pipelineCachePath(id), id: id}
	blob := loadPipelineCacheFile(d.pcache.path, d.pcache.id)
	c, r := createPipelineCache(d.dev.handle, blob)
	if r != vk.Success && blob != nil { // the driver refused it: start empty
		fmt.Fprintf(pipelineCacheLog, "vulkan: pipeline cache %s ignored: the driver refused it (%v)\n", d.pcache.path, vk.Error(r))
		blob = nil
		c, r = createPipelineCache(d.dev.handle, nil)
	}
	if err := callErr("create pipeline cache", "vkCreatePipelineCache", r); err != nil {
		return err
	}
	d.pipeCache = c
	d.pcache.loaded, d.pcache.crc = len(blob), crc32.ChecksumIEEE(blob)
	switch {
	case d.pcache.path == "":
		launchtrace.Mark("vulkan: pipeline cache off (" + PipelineCacheEnv + "=off or no user cache folder)")
	case blob == nil:
		launchtrace.Mark("vulkan: pipeline cache not loaded (none usable at " + d.pcache.path + ")")
	default:
		launchtrace.Mark(fmt.Sprintf("vulkan: pipeline cache loaded, %d bytes from %s", len(blob), d.pcache.path))
	}
	return nil
}

// savePipelineCache writes the pipeline cache's contents to its file,
// atomically, unless they are what was read at the start (a synced write
// at every exit would cost a few milliseconds for nothing); a failure is
// said in one line and changes nothing else.
func (d *deviceState) savePipelineCache() {
	if d.pcache.path == "" || d.pipeCache == nil {
		return
	}
	blob, r := pipelineCacheData(d.dev.handle, d.pipeCache)
	if r != vk.Success || len(blob) < vkCacheHeaderSize {
		return
	}
	if len(blob) == d.pcache.loaded && crc32.ChecksumIEEE(blob) == d.pcache.crc {
		launchtrace.Mark("vulkan: pipeline cache unchanged, not written")
		return
	}
	if err := writeFileAtomic(d.pcache.path, encodePipelineCache(blob, d.pcache.id)); err != nil {
		fmt.Fprintf(pipelineCacheLog, "vulkan: pipeline cache not saved: %v\n", err)
		return
	}
	pruneOldCaches(d.pcache.path, d.pcache.id)
	launchtrace.Mark(fmt.Sprintf("vulkan: pipeline cache saved, %d bytes to %s", len(blob), d.pcache.path))
}

// pruneOldCaches removes, beside the file just written at path, the
// single cache file of earlier versions (for every device) and the files
// of id's GPU beyond the cachesPerGPU most recently written (its older
// driver builds). Files of other GPUs stay.
func pruneOldCaches(path string, id pipeCacheIdentity) {
	dir := filepath.Dir(path)
	_ = os.Remove(filepath.Join(dir, legacyPipelineCacheFile))
	files, _ := filepath.Glob(filepath.Join(dir, pipelineCachePrefix(id)+"*.bin"))
	type aged struct {
		path string
		mod  int64
	}
	var old []aged
	for _, f := range files {
		if f == path {
			continue
		}
		if fi, err := os.Stat(f); err == nil {
			old = append(old, aged{f, fi.ModTime().UnixNano()})
		}
	}
	slices.SortFunc(old, func(a, b aged) int { return cmp.Compare(b.mod, a.mod) }) // newest first
	for i := cachesPerGPU - 1; i < len(old); i++ {
		_ = os.Remove(old[i].path)
	}
}
