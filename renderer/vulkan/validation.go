package vulkan

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// ValidationEnv is the environment variable that turns the validation layer
// on when set to "1" (rule W3), as Options.Validation does.
const ValidationEnv = "METRONOME_VALIDATION"

// validationLayer is the Khronos validation layer (Debian: vulkan-validationlayers).
const validationLayer = "VK_LAYER_KHRONOS_validation"

// reportFlags are the debug-report messages collected: errors and all kinds
// of warnings, not information or debug chatter (W3 fails on any of them).
const reportFlags = vk.DebugReportFlags(vk.DebugReportErrorBit | vk.DebugReportWarningBit |
	vk.DebugReportPerformanceWarningBit)

// validationWanted reports whether validation is asked for by option or by
// METRONOME_VALIDATION=1.
func validationWanted(option bool) bool {
	return option || os.Getenv(ValidationEnv) == "1"
}

// messageLog collects the validation layer's messages for one instance.
type messageLog struct {
	mu   sync.Mutex
	msgs []string
}

func (l *messageLog) add(m string) {
	l.mu.Lock()
	l.msgs = append(l.msgs, m)
	l.mu.Unlock()
}

// count returns how many messages there are so far.
func (l *messageLog) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.msgs)
}

// snapshot returns a copy of the messages so far.
func (l *messageLog) snapshot() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.msgs...)
}

// logs are the message logs of the live instances. vulkan-go routes every
// debug-report callback through one package-level Go function (the first one
// it is given), so the callback fans a message out to every live log: with
// one instance at a time, as the engine and the tests have, that is exact.
var logs struct {
	sync.Mutex
	live []*messageLog
}

func registerLog(l *messageLog) {
	logs.Lock()
	logs.live = append(logs.live, l)
	logs.Unlock()
}

func unregisterLog(l *messageLog) {
	logs.Lock()
	defer logs.Unlock()
	for i, x := range logs.live {
		if x == l {
			logs.live = append(logs.live[:i], logs.live[i+1:]...)
			return
		}
	}
}

// validationPrefix is the layer prefix VK_LAYER_KHRONOS_validation gives
// every report it makes. The loader reports through the same callback with
// its own prefix ("Loader Message").
const validationPrefix = "Validation"

// isValidationMessage reports whether a debug report counts as a validation
// message (W3): an error or a warning from the validation layer. The
// loader's reports are notices, not validation messages: it warns, for
// one, that VK_INSTANCE_LAYERS is defined whenever that variable enables
// the layer, on every vkCreateInstance.
func isValidationMessage(flags vk.DebugReportFlags, layerPrefix string) bool {
	return flags&reportFlags != 0 && layerPrefix == validationPrefix
}

// onDebugReport is the debug-report callback. It keeps the validation
// layer's messages (isValidationMessage) and returns false, so the call
// that triggered the message proceeds.
func onDebugReport(flags vk.DebugReportFlags, objectType vk.DebugReportObjectType, object uint64,
	location uint, code int32, layer, msg string, _ unsafe.Pointer) vk.Bool32 {
	if !isValidationMessage(flags, layer) || filtered(msg) {
		return vk.False
	}
	m := fmt.Sprintf("%s %s: %s", reportKind(flags), layer, msg)
	logs.Lock()
	for _, l := range logs.live {
		l.add(m)
	}
	logs.Unlock()
	return vk.False
}

func reportKind(f vk.DebugReportFlags) string {
	switch {
	case f&vk.DebugReportFlags(vk.DebugReportErrorBit) != 0:
		return "error"
	case f&vk.DebugReportFlags(vk.DebugReportPerformanceWarningBit) != 0:
		return "performance warning"
	case f&vk.DebugReportFlags(vk.DebugReportWarningBit) != 0:
		return "warning"
	}
	return "message"
}

// reportInfo returns a fresh create-info for the debug-report callback
// (vulkan-go caches a C copy per struct, so each use builds a new one).
func reportInfo() *vk.DebugReportCallbackCreateInfo {
	return &vk.DebugReportCallbackCreateInfo{
		SType:       vk.StructureTypeDebugReportCallbackCreateInfo,
		Flags:       reportFlags,
		PfnCallback: onDebugReport,
	}
}

// hasLayer reports whether the named instance layer is installed.
func hasLayer(name string) (bool, error) {
	names, res := instanceLayers() // not vk.EnumerateInstanceLayerProperties: see vkcalls.go
	if err := callErr("list instance layers", "vkEnumerateInstanceLayerProperties", res); err != nil {
		return false, err
	}
	return slices.Contains(names, name), nil
}

// acceptedNotes are the only best-practices notes accepted (rule W3): the
// layer's notes about debugging itself. Collecting messages needs
// VK_EXT_debug_report, a special-use extension for debugging, deprecated
// by VK_EXT_debug_utils, which vulkan-go does not bind. The renderer
// reports them like any message to a game that turns the best-practices
// checks on (VK_LAYER_ENABLES); the tests' best-practices pass accepts them.
var acceptedNotes = []string{
	"UNASSIGNED-BestPractices-vkCreateInstance-specialuse-extension-debugging",
	"UNASSIGNED-BestPractices-vkCreateInstance-deprecated-extension",
}

// isAcceptedNote reports whether a message is one of acceptedNotes.
func isAcceptedNote(msg string) bool {
	for _, id := range acceptedNotes {
		if strings.Contains(msg, "[ "+id+" ]") {
			return true
		}
	}
	return false
}
