package window

/*
#include <windows.h>

static DWORD metronomeMainThread;

static void metronomeRecordMainThread(void) { metronomeMainThread = GetCurrentThreadId(); }
static int metronomeOnMainThread(void) { return GetCurrentThreadId() == metronomeMainThread; }
*/
import "C"

// Package initialisation runs on the main OS thread: the runtime locks the
// main goroutine to it until every init function has returned.
func init() { C.metronomeRecordMainThread() }

func onMainThread() bool { return C.metronomeOnMainThread() != 0 }
