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

// preloadRun loads the loader and lists the instance extensions once,
// which loads every driver the manifests name. The loader stays loaded
// (no dlclose), so the drivers it keeps loaded stay too.
static void* preloadRun(void* arg) {
	int loaded = 0;
	void* lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
	if (lib) {
		loaded = 1;
		preloadProcAddr gipa = (preloadProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
		preloadEnumerate list = gipa ? (preloadEnumerate)gipa(NULL, "vkEnumerateInstanceExtensionProperties") : NULL;
		if (list) {
			uint32_t n = 0;
			list(NULL, &n, NULL);
		}
	}
	pthread_mutex_lock(&preloadMu);
	preloadEnded = 1;
	preloadLoaded = loaded;
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
