package desktop

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/metronome-engine/metronome/engine"
)

// TestI7_EveryGLFWKeyHasAnEngineName: each of GLFW 3.3's 120 key constants
// has an engine constant with the same code (so window events convert by
// cast) and a name.
func TestI7_EveryGLFWKeyHasAnEngineName(t *testing.T) {
	keys := []struct {
		e engine.Key
		g glfw.Key
	}{
		{engine.KeySpace, glfw.KeySpace},
		{engine.KeyApostrophe, glfw.KeyApostrophe},
		{engine.KeyComma, glfw.KeyComma},
		{engine.KeyMinus, glfw.KeyMinus},
		{engine.KeyPeriod, glfw.KeyPeriod},
		{engine.KeySlash, glfw.KeySlash},
		{engine.Key0, glfw.Key0},
		{engine.Key1, glfw.Key1},
		{engine.Key2, glfw.Key2},
		{engine.Key3, glfw.Key3},
		{engine.Key4, glfw.Key4},
		{engine.Key5, glfw.Key5},
		{engine.Key6, glfw.Key6},
		{engine.Key7, glfw.Key7},
		{engine.Key8, glfw.Key8},
		{engine.Key9, glfw.Key9},
		{engine.KeySemicolon, glfw.KeySemicolon},
		{engine.KeyEqual, glfw.KeyEqual},
		{engine.KeyA, glfw.KeyA},
		{engine.KeyB, glfw.KeyB},
		{engine.KeyC, glfw.KeyC},
		{engine.KeyD, glfw.KeyD},
		{engine.KeyE, glfw.KeyE},
		{engine.KeyF, glfw.KeyF},
		{engine.KeyG, glfw.KeyG},
		{engine.KeyH, glfw.KeyH},
		{engine.KeyI, glfw.KeyI},
		{engine.KeyJ, glfw.KeyJ},
		{engine.KeyK, glfw.KeyK},
		{engine.KeyL, glfw.KeyL},
		{engine.KeyM, glfw.KeyM},
		{engine.KeyN, glfw.KeyN},
		{engine.KeyO, glfw.KeyO},
		{engine.KeyP, glfw.KeyP},
		{engine.KeyQ, glfw.KeyQ},
		{engine.KeyR, glfw.KeyR},
		{engine.KeyS, glfw.KeyS},
		{engine.KeyT, glfw.KeyT},
		{engine.KeyU, glfw.KeyU},
		{engine.KeyV, glfw.KeyV},
		{engine.KeyW, glfw.KeyW},
		{engine.KeyX, glfw.KeyX},
		{engine.KeyY, glfw.KeyY},
		{engine.KeyZ, glfw.KeyZ},
		{engine.KeyLeftBracket, glfw.KeyLeftBracket},
		{engine.KeyBackslash, glfw.KeyBackslash},
		{engine.KeyRightBracket, glfw.KeyRightBracket},
		{engine.KeyGraveAccent, glfw.KeyGraveAccent},
		{engine.KeyWorld1, glfw.KeyWorld1},
		{engine.KeyWorld2, glfw.KeyWorld2},
		{engine.KeyEscape, glfw.KeyEscape},
		{engine.KeyEnter, glfw.KeyEnter},
		{engine.KeyTab, glfw.KeyTab},
		{engine.KeyBackspace, glfw.KeyBackspace},
		{engine.KeyInsert, glfw.KeyInsert},
		{engine.KeyDelete, glfw.KeyDelete},
		{engine.KeyRight, glfw.KeyRight},
		{engine.KeyLeft, glfw.KeyLeft},
		{engine.KeyDown, glfw.KeyDown},
		{engine.KeyUp, glfw.KeyUp},
		{engine.KeyPageUp, glfw.KeyPageUp},
		{engine.KeyPageDown, glfw.KeyPageDown},
		{engine.KeyHome, glfw.KeyHome},
		{engine.KeyEnd, glfw.KeyEnd},
		{engine.KeyCapsLock, glfw.KeyCapsLock},
		{engine.KeyScrollLock, glfw.KeyScrollLock},
		{engine.KeyNumLock, glfw.KeyNumLock},
		{engine.KeyPrintScreen, glfw.KeyPrintScreen},
		{engine.KeyPause, glfw.KeyPause},
		{engine.KeyF1, glfw.KeyF1},
		{engine.KeyF2, glfw.KeyF2},
		{engine.KeyF3, glfw.KeyF3},
		{engine.KeyF4, glfw.KeyF4},
		{engine.KeyF5, glfw.KeyF5},
		{engine.KeyF6, glfw.KeyF6},
		{engine.KeyF7, glfw.KeyF7},
		{engine.KeyF8, glfw.KeyF8},
		{engine.KeyF9, glfw.KeyF9},
		{engine.KeyF10, glfw.KeyF10},
		{engine.KeyF11, glfw.KeyF11},
		{engine.KeyF12, glfw.KeyF12},
		{engine.KeyF13, glfw.KeyF13},
		{engine.KeyF14, glfw.KeyF14},
		{engine.KeyF15, glfw.KeyF15},
		{engine.KeyF16, glfw.KeyF16},
		{engine.KeyF17, glfw.KeyF17},
		{engine.KeyF18, glfw.KeyF18},
		{engine.KeyF19, glfw.KeyF19},
		{engine.KeyF20, glfw.KeyF20},
		{engine.KeyF21, glfw.KeyF21},
		{engine.KeyF22, glfw.KeyF22},
		{engine.KeyF23, glfw.KeyF23},
		{engine.KeyF24, glfw.KeyF24},
		{engine.KeyF25, glfw.KeyF25},
		{engine.KeyKP0, glfw.KeyKP0},
		{engine.KeyKP1, glfw.KeyKP1},
		{engine.KeyKP2, glfw.KeyKP2},
		{engine.KeyKP3, glfw.KeyKP3},
		{engine.KeyKP4, glfw.KeyKP4},
		{engine.KeyKP5, glfw.KeyKP5},
		{engine.KeyKP6, glfw.KeyKP6},
		{engine.KeyKP7, glfw.KeyKP7},
		{engine.KeyKP8, glfw.KeyKP8},
		{engine.KeyKP9, glfw.KeyKP9},
		{engine.KeyKPDecimal, glfw.KeyKPDecimal},
		{engine.KeyKPDivide, glfw.KeyKPDivide},
		{engine.KeyKPMultiply, glfw.KeyKPMultiply},
		{engine.KeyKPSubtract, glfw.KeyKPSubtract},
		{engine.KeyKPAdd, glfw.KeyKPAdd},
		{engine.KeyKPEnter, glfw.KeyKPEnter},
		{engine.KeyKPEqual, glfw.KeyKPEqual},
		{engine.KeyLeftShift, glfw.KeyLeftShift},
		{engine.KeyLeftCtrl, glfw.KeyLeftControl},
		{engine.KeyLeftAlt, glfw.KeyLeftAlt},
		{engine.KeyLeftSuper, glfw.KeyLeftSuper},
		{engine.KeyRightShift, glfw.KeyRightShift},
		{engine.KeyRightCtrl, glfw.KeyRightControl},
		{engine.KeyRightAlt, glfw.KeyRightAlt},
		{engine.KeyRightSuper, glfw.KeyRightSuper},
		{engine.KeyMenu, glfw.KeyMenu}}
	if len(keys) != 120 {
		t.Fatalf("%d keys listed, want GLFW 3.3's 120", len(keys))
	}
	for _, k := range keys {
		if int(k.e) != int(k.g) {
			t.Errorf("engine.Key%v is %d, GLFW's is %d", k.e, int(k.e), int(k.g))
		}
		if s := k.e.String(); s == "" || s[0] == 'K' && len(s) > 4 && s[:4] == "Key(" {
			t.Errorf("GLFW key %d has no engine name", int(k.g))
		}
	}
	if int(engine.KeyLast) != int(glfw.KeyLast) || int(engine.KeyUnknown) != int(glfw.KeyUnknown) {
		t.Error("KeyLast or KeyUnknown differs from GLFW's")
	}
}
