//go:build unix

package window

/*
#include <pthread.h>

static pthread_t metronomeMainThread;

static void metronomeRecordMainThread(void) { metronomeMainThread = pthread_self(); }
static int metronomeOnMainThread(void) { return pthread_equal(pthread_self(), metronomeMainThread); }
*/
import "C"

// Package initialisation runs on the main OS thread: the runtime locks the
// main goroutine to it until every init function has returned.
func init() { C.metronomeRecordMainThread() }

func onMainThread() bool { return C.metronomeOnMainThread() != 0 }
