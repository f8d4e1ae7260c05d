package vulkan

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe from the start's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// cacheLaunch sets a private user cache folder (once per test) and
// captures the cache's one-line reports; it returns the metronome folder
// in it and the capture.
func cacheLaunch(t *testing.T) (string, *lockedBuffer) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Setenv(PipelineCacheEnv, "")
	var log lockedBuffer
	old := pipelineCacheLog
	pipelineCacheLog = &log
	t.Cleanup(func() { pipelineCacheLog = old })
	return filepath.Join(dir, "metronome"), &log
}

// cacheFile returns the one pipeline cache file in folder (a launch made
// it), failing the test when there is not exactly one.
func cacheFile(t *testing.T, folder string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(folder, "vulkan-pipelines-*.bin"))
	if len(files) != 1 {
		t.Fatalf("want one pipeline cache file in %s, found %q", folder, files)
	}
	return files[0]
}

// launchOnce opens a renderer (validation on), draws a frame, destroys it
// and returns how many bytes of cache it loaded at its start.
func launchOnce(t *testing.T) int {
	t.Helper()
	g := openGPU(t, 64, 64, Options{})
	loaded := g.r.gpu.pcache.loaded
	g.draw(t, 0)
	onMain(t, func() error { g.r.Destroy(); return nil })
	if msgs := g.messages(); len(msgs) > 0 {
		t.Fatalf("validation: %q", msgs)
	}
	return loaded
}

func TestW14_PipelineCacheFileAppearsAndSecondLaunchLoadsIt(t *testing.T) {
	folder, log := cacheLaunch(t)
	// The one file of earlier versions, for every device, goes when the
	// device's own is written.
	legacy := filepath.Join(folder, legacyPipelineCacheFile)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(legacy, []byte("an earlier version's cache"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := launchOnce(t); n != 0 {
		t.Fatalf("first launch loaded %d bytes from an empty cache folder", n)
	}
	if _, err := os.Stat(legacy); err == nil {
		t.Errorf("%s is still there after the device's own file was written", legacy)
	}
	path := cacheFile(t, folder)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no pipeline cache file after the first launch: %v", err)
	}
	if len(b) < pipeFileHeaderSize+vkCacheHeaderSize {
		t.Fatalf("cache file has %d bytes, less than its headers", len(b))
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp")); len(tmp) > 0 {
		t.Errorf("temporary files left beside the cache: %q", tmp)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, want := launchOnce(t), len(b)-pipeFileHeaderSize; n != want {
		t.Errorf("second launch loaded %d bytes, want the file's %d", n, want)
	}
	// The second launch compiled what the first had: the driver's blob is
	// the one it read, and the file is left as it was, not written again.
	if after, err := os.Stat(path); err != nil || !os.SameFile(before, after) {
		t.Errorf("an unchanged pipeline cache was written again (%v)", err)
	}
	if s := log.String(); s != "" {
		t.Errorf("a fitting cache file was reported: %q", s)
	}
}

func TestW14_CorruptPipelineCacheIgnoredWithOneLine(t *testing.T) {
	folder, log := cacheLaunch(t)
	launchOnce(t)
	path := cacheFile(t, folder)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-1] ^= 0xff // a flipped byte in the driver's blob
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if n := launchOnce(t); n != 0 {
		t.Errorf("a corrupt cache file was loaded (%d bytes)", n)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "ignored") || !strings.Contains(lines[0], "corrupt") {
		t.Errorf("want one line saying the corrupt cache was ignored, got %q", log.String())
	}
	// The launch rewrote it: the next one loads it silently.
	if n := launchOnce(t); n == 0 {
		t.Error("the cache rewritten after a corrupt one was not loaded")
	}
	if strings.Count(log.String(), "\n") != 1 {
		t.Errorf("more lines after the rewrite: %q", log.String())
	}
}

func TestW14_PipelineCacheOfAnotherDeviceIgnored(t *testing.T) {
	folder, log := cacheLaunch(t)
	launchOnce(t)
	path := cacheFile(t, folder)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blob := b[pipeFileHeaderSize:]
	blob[16] ^= 0x5a // the pipelineCacheUUID's first byte, CRC made to fit
	binary.LittleEndian.PutUint32(b[16:], crc32.ChecksumIEEE(blob))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if n := launchOnce(t); n != 0 {
		t.Errorf("a cache of another device was loaded (%d bytes)", n)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "UUID") {
		t.Errorf("want one line naming the UUID mismatch, got %q", log.String())
	}
}

func TestW14_PipelineCacheOffWritesNothing(t *testing.T) {
	folder, _ := cacheLaunch(t)
	t.Setenv(PipelineCacheEnv, "off")
	launchOnce(t)
	if _, err := os.Stat(folder); err == nil {
		t.Errorf("%s=off still made %s", PipelineCacheEnv, folder)
	}
}

// TestW14_PipelineCacheHeaderChecks checks the decoder without a GPU:
// each field that names the maker must match.
func TestW14_PipelineCacheHeaderChecks(t *testing.T) {
	id := pipeCacheIdentity{vendor: 0x10005, device: 7, driver: 0x1234, uuid: [16]byte{1, 2, 3}}
	blob := make([]byte, 64)
	le := binary.LittleEndian
	le.PutUint32(blob[0:], 32)
	le.PutUint32(blob[4:], 1)
	le.PutUint32(blob[8:], id.vendor)
	le.PutUint32(blob[12:], id.device)
	copy(blob[16:], id.uuid[:])
	good := encodePipelineCache(blob, id)
	if got, err := decodePipelineCache(good, id); err != nil || !bytes.Equal(got, blob) {
		t.Fatalf("a fitting file: %v", err)
	}
	for _, c := range []struct {
		name, want string
		id         pipeCacheIdentity
		edit       func([]byte) []byte
	}{
		{"driver", "driver version", pipeCacheIdentity{id.vendor, id.device, 0x1235, id.uuid}, nil},
		{"device", "device", pipeCacheIdentity{id.vendor, 8, id.driver, id.uuid}, nil},
		{"uuid", "UUID", pipeCacheIdentity{id.vendor, id.device, id.driver, [16]byte{9}}, nil},
		{"short", "shorter", id, func(b []byte) []byte { return b[:30] }},
		{"truncated", "truncated", id, func(b []byte) []byte { return b[:len(b)-1] }},
		{"magic", "magic", id, func(b []byte) []byte { b[0] = 'X'; return b }},
		{"corrupt", "corrupt", id, func(b []byte) []byte { b[len(b)-1]++; return b }},
	} {
		b := bytes.Clone(good)
		if c.edit != nil {
			b = c.edit(b)
		}
		if _, err := decodePipelineCache(b, c.id); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestW14_PipelineCacheFilePerDevice: each GPU and driver build keeps a
// file of its own (a laptop's two GPUs, two Mesas used in turn): the
// vendor, the device and the pipeline cache UUID each give another file,
// and the name starts with the GPU's prefix that pruning goes by.
func TestW14_PipelineCacheFilePerDevice(t *testing.T) {
	id := pipeCacheIdentity{vendor: 0x1002, device: 0x73ff, driver: 0x800000, uuid: [16]byte{1}}
	base := pipelineCacheName(id)
	if !strings.HasPrefix(base, "vulkan-pipelines-1002-73ff-") || !strings.HasPrefix(base, pipelineCachePrefix(id)) ||
		!strings.HasSuffix(base, ".bin") || len(base) != len("vulkan-pipelines-1002-73ff-12345678.bin") {
		t.Errorf("name %q", base)
	}
	other := func(edit func(*pipeCacheIdentity)) string {
		o := id
		edit(&o)
		return pipelineCacheName(o)
	}
	for what, n := range map[string]string{
		"another vendor":        other(func(o *pipeCacheIdentity) { o.vendor = 0x8086 }),
		"another device":        other(func(o *pipeCacheIdentity) { o.device = 0x1234 }),
		"another driver build":  other(func(o *pipeCacheIdentity) { o.uuid[0]++ }),
		"another driver build2": other(func(o *pipeCacheIdentity) { o.uuid[15]++ }),
	} {
		if n == base {
			t.Errorf("%s shares the file %s", what, base)
		}
	}
	if n := other(func(o *pipeCacheIdentity) { o.driver++ }); n != base {
		t.Errorf("a driver version with the same cache UUID made a new file %s, want %s", n, base)
	}
}

// TestW14_OldPipelineCachesPruned: a save keeps the GPU's cachesPerGPU
// most recently written files (the one just written among them), removes
// its older ones and the single file of earlier versions, and leaves
// other GPUs' files alone.
func TestW14_OldPipelineCachesPruned(t *testing.T) {
	dir := t.TempDir()
	id := pipeCacheIdentity{vendor: 0x10005, uuid: [16]byte{9}}
	path := filepath.Join(dir, pipelineCacheName(id))
	write := func(name string, age time.Duration) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write(filepath.Base(path), 0)
	prefix := pipelineCachePrefix(id)
	kept := []string{path, write(prefix+"00000001.bin", time.Hour), write(prefix+"00000002.bin", 2*time.Hour)}
	gone := []string{write(prefix+"00000003.bin", 3*time.Hour), write(prefix+"00000004.bin", 4*time.Hour),
		write(legacyPipelineCacheFile, 5*time.Hour)}
	otherGPU := write(pipelineCachePrefix(pipeCacheIdentity{vendor: 0x1002, device: 1})+"00000005.bin", 9*time.Hour)
	kept = append(kept, otherGPU)
	pruneOldCaches(path, id)
	for _, p := range kept {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(p), err)
		}
	}
	for _, p := range gone {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s is still there", filepath.Base(p))
		}
	}
	if len(kept)-1 != cachesPerGPU {
		t.Fatalf("the test keeps %d files of the GPU, cachesPerGPU is %d", len(kept)-1, cachesPerGPU)
	}
}
