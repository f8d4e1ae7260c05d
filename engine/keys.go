package engine

import "strconv"

// Key names a physical key by its position on a US keyboard. The values are
// GLFW's key codes (so the desktop adapter converts by a plain cast); text
// input comes as characters instead (Game.TextInput).
type Key int

// Keys: one named constant for every key GLFW reports (GLFW 3.3's key
// list, I7), with GLFW's codes. Codes between them that GLFW never
// reports are valid Keys without names.
const (
	// KeyUnknown is a key GLFW has no code for.
	KeyUnknown Key = -1

	KeySpace        Key = 32
	KeyApostrophe   Key = 39
	KeyComma        Key = 44
	KeyMinus        Key = 45
	KeyPeriod       Key = 46
	KeySlash        Key = 47
	Key0            Key = 48
	Key1            Key = 49
	Key2            Key = 50
	Key3            Key = 51
	Key4            Key = 52
	Key5            Key = 53
	Key6            Key = 54
	Key7            Key = 55
	Key8            Key = 56
	Key9            Key = 57
	KeySemicolon    Key = 59
	KeyEqual        Key = 61
	KeyA            Key = 65
	KeyB            Key = 66
	KeyC            Key = 67
	KeyD            Key = 68
	KeyE            Key = 69
	KeyF            Key = 70
	KeyG            Key = 71
	KeyH            Key = 72
	KeyI            Key = 73
	KeyJ            Key = 74
	KeyK            Key = 75
	KeyL            Key = 76
	KeyM            Key = 77
	KeyN            Key = 78
	KeyO            Key = 79
	KeyP            Key = 80
	KeyQ            Key = 81
	KeyR            Key = 82
	KeyS            Key = 83
	KeyT            Key = 84
	KeyU            Key = 85
	KeyV            Key = 86
	KeyW            Key = 87
	KeyX            Key = 88
	KeyY            Key = 89
	KeyZ            Key = 90
	KeyLeftBracket  Key = 91
	KeyBackslash    Key = 92
	KeyRightBracket Key = 93
	KeyGraveAccent  Key = 96
	KeyWorld1       Key = 161
	KeyWorld2       Key = 162
	KeyEscape       Key = 256
	KeyEnter        Key = 257
	KeyTab          Key = 258
	KeyBackspace    Key = 259
	KeyInsert       Key = 260
	KeyDelete       Key = 261
	KeyRight        Key = 262
	KeyLeft         Key = 263
	KeyDown         Key = 264
	KeyUp           Key = 265
	KeyPageUp       Key = 266
	KeyPageDown     Key = 267
	KeyHome         Key = 268
	KeyEnd          Key = 269
	KeyCapsLock     Key = 280
	KeyScrollLock   Key = 281
	KeyNumLock      Key = 282
	KeyPrintScreen  Key = 283
	KeyPause        Key = 284
	KeyF1           Key = 290
	KeyF2           Key = 291
	KeyF3           Key = 292
	KeyF4           Key = 293
	KeyF5           Key = 294
	KeyF6           Key = 295
	KeyF7           Key = 296
	KeyF8           Key = 297
	KeyF9           Key = 298
	KeyF10          Key = 299
	KeyF11          Key = 300
	KeyF12          Key = 301
	KeyF13          Key = 302
	KeyF14          Key = 303
	KeyF15          Key = 304
	KeyF16          Key = 305
	KeyF17          Key = 306
	KeyF18          Key = 307
	KeyF19          Key = 308
	KeyF20          Key = 309
	KeyF21          Key = 310
	KeyF22          Key = 311
	KeyF23          Key = 312
	KeyF24          Key = 313
	KeyF25          Key = 314
	KeyKP0          Key = 320
	KeyKP1          Key = 321
	KeyKP2          Key = 322
	KeyKP3          Key = 323
	KeyKP4          Key = 324
	KeyKP5          Key = 325
	KeyKP6          Key = 326
	KeyKP7          Key = 327
	KeyKP8          Key = 328
	KeyKP9          Key = 329
	KeyKPDecimal    Key = 330
	KeyKPDivide     Key = 331
	KeyKPMultiply   Key = 332
	KeyKPSubtract   Key = 333
	KeyKPAdd        Key = 334
	KeyKPEnter      Key = 335
	KeyKPEqual      Key = 336
	KeyLeftShift    Key = 340
	KeyLeftCtrl     Key = 341
	KeyLeftAlt      Key = 342
	KeyLeftSuper    Key = 343
	KeyRightShift   Key = 344
	KeyRightCtrl    Key = 345
	KeyRightAlt     Key = 346
	KeyRightSuper   Key = 347
	KeyMenu         Key = 348

	// KeyLast is the highest key code (GLFW's KeyMenu).
	KeyLast Key = 348
)

// keyNames are the named keys' names, without the "Key" prefix.
var keyNames = [KeyLast + 1]string{
	KeySpace:        "Space",
	KeyApostrophe:   "Apostrophe",
	KeyComma:        "Comma",
	KeyMinus:        "Minus",
	KeyPeriod:       "Period",
	KeySlash:        "Slash",
	Key0:            "0",
	Key1:            "1",
	Key2:            "2",
	Key3:            "3",
	Key4:            "4",
	Key5:            "5",
	Key6:            "6",
	Key7:            "7",
	Key8:            "8",
	Key9:            "9",
	KeySemicolon:    "Semicolon",
	KeyEqual:        "Equal",
	KeyA:            "A",
	KeyB:            "B",
	KeyC:            "C",
	KeyD:            "D",
	KeyE:            "E",
	KeyF:            "F",
	KeyG:            "G",
	KeyH:            "H",
	KeyI:            "I",
	KeyJ:            "J",
	KeyK:            "K",
	KeyL:            "L",
	KeyM:            "M",
	KeyN:            "N",
	KeyO:            "O",
	KeyP:            "P",
	KeyQ:            "Q",
	KeyR:            "R",
	KeyS:            "S",
	KeyT:            "T",
	KeyU:            "U",
	KeyV:            "V",
	KeyW:            "W",
	KeyX:            "X",
	KeyY:            "Y",
	KeyZ:            "Z",
	KeyLeftBracket:  "LeftBracket",
	KeyBackslash:    "Backslash",
	KeyRightBracket: "RightBracket",
	KeyGraveAccent:  "GraveAccent",
	KeyWorld1:       "World1",
	KeyWorld2:       "World2",
	KeyEscape:       "Escape",
	KeyEnter:        "Enter",
	KeyTab:          "Tab",
	KeyBackspace:    "Backspace",
	KeyInsert:       "Insert",
	KeyDelete:       "Delete",
	KeyRight:        "Right",
	KeyLeft:         "Left",
	KeyDown:         "Down",
	KeyUp:           "Up",
	KeyPageUp:       "PageUp",
	KeyPageDown:     "PageDown",
	KeyHome:         "Home",
	KeyEnd:          "End",
	KeyCapsLock:     "CapsLock",
	KeyScrollLock:   "ScrollLock",
	KeyNumLock:      "NumLock",
	KeyPrintScreen:  "PrintScreen",
	KeyPause:        "Pause",
	KeyF1:           "F1",
	KeyF2:           "F2",
	KeyF3:           "F3",
	KeyF4:           "F4",
	KeyF5:           "F5",
	KeyF6:           "F6",
	KeyF7:           "F7",
	KeyF8:           "F8",
	KeyF9:           "F9",
	KeyF10:          "F10",
	KeyF11:          "F11",
	KeyF12:          "F12",
	KeyF13:          "F13",
	KeyF14:          "F14",
	KeyF15:          "F15",
	KeyF16:          "F16",
	KeyF17:          "F17",
	KeyF18:          "F18",
	KeyF19:          "F19",
	KeyF20:          "F20",
	KeyF21:          "F21",
	KeyF22:          "F22",
	KeyF23:          "F23",
	KeyF24:          "F24",
	KeyF25:          "F25",
	KeyKP0:          "KP0",
	KeyKP1:          "KP1",
	KeyKP2:          "KP2",
	KeyKP3:          "KP3",
	KeyKP4:          "KP4",
	KeyKP5:          "KP5",
	KeyKP6:          "KP6",
	KeyKP7:          "KP7",
	KeyKP8:          "KP8",
	KeyKP9:          "KP9",
	KeyKPDecimal:    "KPDecimal",
	KeyKPDivide:     "KPDivide",
	KeyKPMultiply:   "KPMultiply",
	KeyKPSubtract:   "KPSubtract",
	KeyKPAdd:        "KPAdd",
	KeyKPEnter:      "KPEnter",
	KeyKPEqual:      "KPEqual",
	KeyLeftShift:    "LeftShift",
	KeyLeftCtrl:     "LeftCtrl",
	KeyLeftAlt:      "LeftAlt",
	KeyLeftSuper:    "LeftSuper",
	KeyRightShift:   "RightShift",
	KeyRightCtrl:    "RightCtrl",
	KeyRightAlt:     "RightAlt",
	KeyRightSuper:   "RightSuper",
	KeyMenu:         "Menu",
}

// String returns the key's name without the "Key" prefix, as in "A",
// "LeftShift" or "KPEnter"; "Unknown" for KeyUnknown; "Key(n)" for a code
// without a name.
func (k Key) String() string {
	if k == KeyUnknown {
		return "Unknown"
	}
	if k >= 0 && k <= KeyLast && keyNames[k] != "" {
		return keyNames[k]
	}
	return "Key(" + strconv.Itoa(int(k)) + ")"
}

// MouseButton names a mouse button; GLFW's numbering (0..MouseButtonLast).
type MouseButton int

// Mouse buttons.
const (
	MouseLeft       MouseButton = 0
	MouseRight      MouseButton = 1
	MouseMiddle     MouseButton = 2
	MouseButtonLast MouseButton = 7
)

// String returns "Left", "Right" or "Middle", else "Button4" to
// "Button8" (GLFW's 3 to 7), and "MouseButton(n)" outside 0..MouseButtonLast.
func (b MouseButton) String() string {
	switch {
	case b == MouseLeft:
		return "Left"
	case b == MouseRight:
		return "Right"
	case b == MouseMiddle:
		return "Middle"
	case b > MouseMiddle && b <= MouseButtonLast:
		return "Button" + strconv.Itoa(int(b)+1)
	}
	return "MouseButton(" + strconv.Itoa(int(b)) + ")"
}

// Action says what happened to a key or button; GLFW's numbering.
type Action int

// Actions.
const (
	Release Action = 0 // went up
	Press   Action = 1 // went down
	Repeat  Action = 2 // a held key auto-repeated
)
