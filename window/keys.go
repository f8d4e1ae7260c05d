package window

import (
	"strconv"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// KeyCode names a physical key by its position on a US keyboard (GLFW's key
// codes, so KeyA is the key left of S whatever the layout prints on it). Text
// input comes as [Char] events instead.
type KeyCode int

// Common keys. The rest of GLFW's codes (up to KeyLast) are valid KeyCodes too.
const (
	KeyUnknown KeyCode = KeyCode(glfw.KeyUnknown) // a key GLFW has no code for (-1)

	KeySpace      KeyCode = KeyCode(glfw.KeySpace)
	KeyApostrophe KeyCode = KeyCode(glfw.KeyApostrophe)
	KeyComma      KeyCode = KeyCode(glfw.KeyComma)
	KeyMinus      KeyCode = KeyCode(glfw.KeyMinus) // "-" on the main block
	KeyPeriod     KeyCode = KeyCode(glfw.KeyPeriod)
	KeySlash      KeyCode = KeyCode(glfw.KeySlash)
	KeyEqual      KeyCode = KeyCode(glfw.KeyEqual)
	// KeyPlus is the main-block key that types "+" with Shift on a US layout;
	// it is KeyEqual (keyboards have no separate plus key outside the keypad).
	KeyPlus KeyCode = KeyEqual

	Key0 KeyCode = KeyCode(glfw.Key0)
	Key1 KeyCode = KeyCode(glfw.Key1)
	Key2 KeyCode = KeyCode(glfw.Key2)
	Key3 KeyCode = KeyCode(glfw.Key3)
	Key4 KeyCode = KeyCode(glfw.Key4)
	Key5 KeyCode = KeyCode(glfw.Key5)
	Key6 KeyCode = KeyCode(glfw.Key6)
	Key7 KeyCode = KeyCode(glfw.Key7)
	Key8 KeyCode = KeyCode(glfw.Key8)
	Key9 KeyCode = KeyCode(glfw.Key9)

	KeyA KeyCode = KeyCode(glfw.KeyA)
	KeyB KeyCode = KeyCode(glfw.KeyB)
	KeyC KeyCode = KeyCode(glfw.KeyC)
	KeyD KeyCode = KeyCode(glfw.KeyD)
	KeyE KeyCode = KeyCode(glfw.KeyE)
	KeyF KeyCode = KeyCode(glfw.KeyF)
	KeyG KeyCode = KeyCode(glfw.KeyG)
	KeyH KeyCode = KeyCode(glfw.KeyH)
	KeyI KeyCode = KeyCode(glfw.KeyI)
	KeyJ KeyCode = KeyCode(glfw.KeyJ)
	KeyK KeyCode = KeyCode(glfw.KeyK)
	KeyL KeyCode = KeyCode(glfw.KeyL)
	KeyM KeyCode = KeyCode(glfw.KeyM)
	KeyN KeyCode = KeyCode(glfw.KeyN)
	KeyO KeyCode = KeyCode(glfw.KeyO)
	KeyP KeyCode = KeyCode(glfw.KeyP)
	KeyQ KeyCode = KeyCode(glfw.KeyQ)
	KeyR KeyCode = KeyCode(glfw.KeyR)
	KeyS KeyCode = KeyCode(glfw.KeyS)
	KeyT KeyCode = KeyCode(glfw.KeyT)
	KeyU KeyCode = KeyCode(glfw.KeyU)
	KeyV KeyCode = KeyCode(glfw.KeyV)
	KeyW KeyCode = KeyCode(glfw.KeyW)
	KeyX KeyCode = KeyCode(glfw.KeyX)
	KeyY KeyCode = KeyCode(glfw.KeyY)
	KeyZ KeyCode = KeyCode(glfw.KeyZ)

	KeyEscape    KeyCode = KeyCode(glfw.KeyEscape)
	KeyEnter     KeyCode = KeyCode(glfw.KeyEnter)
	KeyTab       KeyCode = KeyCode(glfw.KeyTab)
	KeyBackspace KeyCode = KeyCode(glfw.KeyBackspace)
	KeyInsert    KeyCode = KeyCode(glfw.KeyInsert)
	KeyDelete    KeyCode = KeyCode(glfw.KeyDelete)
	KeyRight     KeyCode = KeyCode(glfw.KeyRight)
	KeyLeft      KeyCode = KeyCode(glfw.KeyLeft)
	KeyDown      KeyCode = KeyCode(glfw.KeyDown)
	KeyUp        KeyCode = KeyCode(glfw.KeyUp)
	KeyPageUp    KeyCode = KeyCode(glfw.KeyPageUp)
	KeyPageDown  KeyCode = KeyCode(glfw.KeyPageDown)
	KeyHome      KeyCode = KeyCode(glfw.KeyHome)
	KeyEnd       KeyCode = KeyCode(glfw.KeyEnd)

	KeyF1  KeyCode = KeyCode(glfw.KeyF1)
	KeyF2  KeyCode = KeyCode(glfw.KeyF2)
	KeyF3  KeyCode = KeyCode(glfw.KeyF3)
	KeyF4  KeyCode = KeyCode(glfw.KeyF4)
	KeyF5  KeyCode = KeyCode(glfw.KeyF5)
	KeyF6  KeyCode = KeyCode(glfw.KeyF6)
	KeyF7  KeyCode = KeyCode(glfw.KeyF7)
	KeyF8  KeyCode = KeyCode(glfw.KeyF8)
	KeyF9  KeyCode = KeyCode(glfw.KeyF9)
	KeyF10 KeyCode = KeyCode(glfw.KeyF10)
	KeyF11 KeyCode = KeyCode(glfw.KeyF11)
	KeyF12 KeyCode = KeyCode(glfw.KeyF12)

	KeyKP0        KeyCode = KeyCode(glfw.KeyKP0)
	KeyKP9        KeyCode = KeyCode(glfw.KeyKP9)
	KeyKPAdd      KeyCode = KeyCode(glfw.KeyKPAdd)      // "+" on the keypad
	KeyKPSubtract KeyCode = KeyCode(glfw.KeyKPSubtract) // "-" on the keypad
	KeyKPEnter    KeyCode = KeyCode(glfw.KeyKPEnter)

	KeyLeftShift    KeyCode = KeyCode(glfw.KeyLeftShift)
	KeyLeftControl  KeyCode = KeyCode(glfw.KeyLeftControl)
	KeyLeftAlt      KeyCode = KeyCode(glfw.KeyLeftAlt)
	KeyRightShift   KeyCode = KeyCode(glfw.KeyRightShift)
	KeyRightControl KeyCode = KeyCode(glfw.KeyRightControl)
	KeyRightAlt     KeyCode = KeyCode(glfw.KeyRightAlt)

	// KeyLast is the highest key code GLFW reports (KeyMenu).
	KeyLast KeyCode = KeyCode(glfw.KeyLast)
)

// Button names a mouse button: ButtonLeft, ButtonRight, ButtonMiddle, then
// extra buttons up to ButtonLast (7).
type Button int

// Mouse buttons.
const (
	ButtonLeft   Button = Button(glfw.MouseButtonLeft)
	ButtonRight  Button = Button(glfw.MouseButtonRight)
	ButtonMiddle Button = Button(glfw.MouseButtonMiddle)
	ButtonLast   Button = Button(glfw.MouseButtonLast)
)

// Action says what happened to a key or button.
type Action int

// Actions of [Key] and [MouseButton] events.
const (
	Release Action = Action(glfw.Release) // the key or button went up
	Press   Action = Action(glfw.Press)   // it went down
	Repeat  Action = Action(glfw.Repeat)  // a held key auto-repeated (keys only)
)

// String returns "release", "press" or "repeat".
func (a Action) String() string {
	switch a {
	case Release:
		return "release"
	case Press:
		return "press"
	case Repeat:
		return "repeat"
	}
	return "Action(" + strconv.Itoa(int(a)) + ")"
}

// Mods is a bit set of the modifier keys held during a key or button event.
type Mods int

// Modifier bits.
const (
	ModShift    Mods = Mods(glfw.ModShift)
	ModControl  Mods = Mods(glfw.ModControl)
	ModAlt      Mods = Mods(glfw.ModAlt)
	ModSuper    Mods = Mods(glfw.ModSuper)
	ModCapsLock Mods = Mods(glfw.ModCapsLock)
	ModNumLock  Mods = Mods(glfw.ModNumLock)
)
