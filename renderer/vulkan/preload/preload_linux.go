//go:build linux && cgo

package preload

/*
#cgo LDFLAGS: -ldl -lpthread
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern char** environ;

// The scan's state: written by the scan thread under preloadMu, read by Go.
static pthread_mutex_t preloadMu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t preloadDone = PTHREAD_COND_INITIALIZER;
static int preloadBegan;   // the thread was started
static int preloadEnded;   // the thread finished its work
static int preloadLoaded;  // libvulkan.so.1 was loaded
static int64_t preloadBeganNs, preloadEndedNs; // CLOCK_REALTIME

static int64_t preloadNow(void) {
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

typedef void* (*preloadProcAddr)(void*, const char*);
typedef int32_t (*preloadEnumerate)(const char*, uint32_t*, void*);

// preloadExtension is VkExtensionProperties (the package needs no Vulkan
// headers).
typedef struct {
	char name[256];
	uint32_t specVersion;
} preloadExtension;

// The instance extensions the scan listed: preloadListed is the count, or
// -1 when there is no list (no loader, a failed call, or more than fit).
enum { preloadMaxExtensions = 256 };
static preloadExtension preloadExtensions[preloadMaxExtensions];
static int preloadListed = -1;

// The environment when the process loaded, its strings end to end, NUL
// after each: the loader reads its search paths, drivers and layers from
// it, so a list made under it holds only while it is unchanged. Left out
// on both sides: the variables the engine itself sets before Vulkan's
// start and that neither the loader nor a driver reads (XCOMPOSECACHE:
// the window package's X11 compose cache).
static char* preloadEnv;
static size_t preloadEnvLen;

// preloadEnvCounts reports whether the entry e (NAME=VALUE) is compared.
static int preloadEnvCounts(const char* e) {
	static const char* ignored[] = {"XCOMPOSECACHE="};
	for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) {
		if (strncmp(e, ignored[i], strlen(ignored[i])) == 0) {
			return 0;
		}
	}
	return 1;
}

// preloadEnvTake copies the environment into preloadEnv (left NULL when
// the copy fails: the list is then never handed out).
static void preloadEnvTake(void) {
	size_t n = 0;
	for (char** e = environ; e && *e; e++) {
		if (preloadEnvCounts(*e)) {
			n += strlen(*e) + 1;
		}
	}
	char* buf = malloc(n + 1);
	if (!buf) {
		return;
	}
	size_t at = 0;
	for (char** e = environ; e && *e; e++) {
		if (preloadEnvCounts(*e)) {
			size_t l = strlen(*e) + 1;
			memcpy(buf + at, *e, l);
			at += l;
		}
	}
	preloadEnv = buf;
	preloadEnvLen = at;
}

// preloadEnvSame reports whether the environment is the one the process
// loaded with, string for string in the same order. Like the loader's own
// getenv calls during Vulkan's start, it reads environ unlocked, so a
// setenv on another thread at that moment races both.
static int preloadEnvSame(void) {
	if (!preloadEnv) {
		return 0;
	}
	size_t at = 0;
	for (char** e = environ; e && *e; e++) {
		if (!preloadEnvCounts(*e)) {
			continue;
		}
		size_t l = strlen(*e) + 1;
		if (at + l > preloadEnvLen || memcmp(preloadEnv + at, *e, l) != 0) {
			return 0;
		}
		at += l;
	}
	return at == preloadEnvLen;
}

// preloadRun loads the loader and lists the instance extensions once,
// which loads every driver the manifests name, and keeps the list. The
// loader stays loaded (no dlclose), so the drivers it keeps loaded stay too.
static void* preloadRun(void* arg) {
	int loaded = 0, listed = -1;
	void* lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
	if (lib) {
		loaded = 1;
		preloadProcAddr gipa = (preloadProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
		preloadEnumerate list = gipa ? (preloadEnumerate)gipa(NULL, "vkEnumerateInstanceExtensionProperties") : NULL;
		if (list) {
			// One call with room for the list: the loader's pass over the
			// manifests is the same as a count's, and the start need not
			// make two more (VK_INCOMPLETE, 5, leaves no list).
			uint32_t n = preloadMaxExtensions;
			if (list(NULL, &n, preloadExtensions) == 0 && n <= preloadMaxExtensions) {
				listed = (int)n;
			}
		}
	}
	pthread_mutex_lock(&preloadMu);
	preloadEnded = 1;
	preloadLoaded = loaded;
	preloadListed = listed;
	preloadEndedNs = preloadNow();
	pthread_cond_broadcast(&preloadDone);
	pthread_mutex_unlock(&preloadMu);
	return NULL;
}

// preloadStart runs when the process loads, before the Go runtime.
__attribute__((constructor)) static void preloadStart(void) {
	const char* off = getenv("METRONOME_PRELOAD");
	if (off && strcmp(off, "off") == 0) {
		return;
	}
	pthread_attr_t attr;
	if (pthread_attr_init(&attr) != 0) {
		return;
	}
	preloadEnvTake();
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_t t;
	preloadBeganNs = preloadNow();
	preloadBegan = pthread_create(&t, &attr, preloadRun, NULL) == 0;
	pthread_attr_destroy(&attr);
}

// preloadWait waits for the scan to end (at once when it never began) and
// returns whether the loader was loaded; the times are set when it began.
static int preloadWait(int64_t* began, int64_t* ended) {
	if (!preloadBegan) {
		return 0;
	}
	pthread_mutex_lock(&preloadMu);
	while (!preloadEnded) {
		pthread_cond_wait(&preloadDone, &preloadMu);
	}
	int loaded = preloadLoaded;
	*began = preloadBeganNs;
	*ended = preloadEndedNs;
	pthread_mutex_unlock(&preloadMu);
	return loaded;
}

static int preloadDidBegin(void) { return preloadBegan; }

// preloadListedNow waits for the scan and returns how many instance
// extensions it listed, or -1 when it has no list to hand out: none was
// made, or the environment changed since the process loaded.
static int preloadListedNow(void) {
	int64_t began, ended;
	if (!preloadWait(&began, &ended) || !preloadEnvSame()) {
		return -1;
	}
	return preloadListed;
}

static const char* preloadExtensionName(int i) { return preloadExtensions[i].name; }
*/
import "C"

import "time"

// Began reports whether the scan was started when the process loaded: false
// with METRONOME_PRELOAD=off, or when its thread could not be created.
func Began() bool { return C.preloadDidBegin() != 0 }

// Wait blocks until the scan has ended, at once when it never began, and
// reports whether libvulkan.so.1 was loaded, with the times the scan began
// and ended (zero when it never began).
func Wait() (loaded bool, began, ended time.Time) {
	var b, e C.int64_t
	ok := C.preloadWait(&b, &e) != 0
	if b != 0 {
		began, ended = time.Unix(0, int64(b)), time.Unix(0, int64(e))
	}
	return ok, began, ended
}

// listed waits for the scan and returns the instance extensions it listed
// (the loader's and the drivers', as vkEnumerateInstanceExtensionProperties
// gives them without a layer name), and whether it has such a list: not
// when the scan never began or made none, and not once the environment
// differs from the one the process loaded with (it names the drivers and
// layers the loader finds; XCOMPOSECACHE, which the window package sets,
// aside), so a start after a change lists again.
func listed() ([]string, bool) {
	if !Began() {
		return nil, false
	}
	n := int(C.preloadListedNow())
	if n < 0 {
		return nil, false
	}
	names := make([]string, n)
	for i := range names {
		names[i] = C.GoString(C.preloadExtensionName(C.int(i)))
	}
	return names, true
}
