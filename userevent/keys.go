package userevent

import (
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/vdom"
)

// The keys of a US keyboard as Chromium reports them: the key value, the
// physical key (code), the location and the Windows virtual key code
// (keyCode). These are facts of UI Events KeyboardEvent key and code
// values and of the US layout.

// keyDef is one key.
type keyDef struct {
	key      string // key value: "a", "A", "Enter", "Shift"
	code     string // physical key: "KeyA", "Enter", "ShiftLeft"; "" when none
	location uint
	keyCode  uint
	shifted  string // the key value with Shift, for keys chosen by code
}

// modifier reports the modifier flag a key sets while held, "" for none.
func (k keyDef) modifier() string {
	switch k.key {
	case "Shift", "Control", "Alt", "Meta":
		return k.key
	}
	return ""
}

// types reports whether the key types a character: one code point that
// is not a control character. Chromium fires keypress for those and for
// Enter.
func (k keyDef) types() bool {
	r, size := utf8.DecodeRuneInString(k.key)
	return size > 0 && size == len(k.key) && r >= ' ' && r != 0x7f
}

// namedKeys are the keys with a name (key value) rather than a character.
var namedKeys = map[string]keyDef{}

func init() {
	for _, k := range []keyDef{
		{key: "Enter", code: "Enter", keyCode: 13},
		{key: "Tab", code: "Tab", keyCode: 9},
		{key: "Escape", code: "Escape", keyCode: 27},
		{key: "Backspace", code: "Backspace", keyCode: 8},
		{key: "Delete", code: "Delete", keyCode: 46},
		{key: "Insert", code: "Insert", keyCode: 45},
		{key: "ArrowLeft", code: "ArrowLeft", keyCode: 37},
		{key: "ArrowUp", code: "ArrowUp", keyCode: 38},
		{key: "ArrowRight", code: "ArrowRight", keyCode: 39},
		{key: "ArrowDown", code: "ArrowDown", keyCode: 40},
		{key: "Home", code: "Home", keyCode: 36},
		{key: "End", code: "End", keyCode: 35},
		{key: "PageUp", code: "PageUp", keyCode: 33},
		{key: "PageDown", code: "PageDown", keyCode: 34},
		{key: "CapsLock", code: "CapsLock", keyCode: 20},
		{key: "ContextMenu", code: "ContextMenu", keyCode: 93},
		{key: "Shift", code: "ShiftLeft", location: vdom.KeyLocationLeft, keyCode: 16},
		{key: "Control", code: "ControlLeft", location: vdom.KeyLocationLeft, keyCode: 17},
		{key: "Alt", code: "AltLeft", location: vdom.KeyLocationLeft, keyCode: 18},
		{key: "Meta", code: "MetaLeft", location: vdom.KeyLocationLeft, keyCode: 91},
		{key: "F1", code: "F1", keyCode: 112}, {key: "F2", code: "F2", keyCode: 113},
		{key: "F3", code: "F3", keyCode: 114}, {key: "F4", code: "F4", keyCode: 115},
		{key: "F5", code: "F5", keyCode: 116}, {key: "F6", code: "F6", keyCode: 117},
		{key: "F7", code: "F7", keyCode: 118}, {key: "F8", code: "F8", keyCode: 119},
		{key: "F9", code: "F9", keyCode: 120}, {key: "F10", code: "F10", keyCode: 121},
		{key: "F11", code: "F11", keyCode: 122}, {key: "F12", code: "F12", keyCode: 123},
	} {
		namedKeys[k.key] = k
	}
	// Space is named by what it types; {Space} is accepted too.
	namedKeys["Space"] = keyDef{key: " ", code: "Space", keyCode: 32}
}

// usKeys maps each character of a US keyboard to its key: code and key
// code, and the character the key types without and with Shift.
var usKeys = map[rune]keyDef{}

// byCode maps a code to its key (unshifted), for [Code] in Keyboard.
var byCode = map[string]keyDef{}

func init() {
	add := func(plain, shifted rune, code string, keyCode uint) {
		k := keyDef{key: string(plain), code: code, keyCode: keyCode, shifted: string(shifted)}
		usKeys[plain] = k
		s := k
		s.key = string(shifted)
		usKeys[shifted] = s
		byCode[code] = k
	}
	for c := 'a'; c <= 'z'; c++ {
		add(c, c-'a'+'A', "Key"+strings.ToUpper(string(c)), uint(c-'a'+'A'))
	}
	for d, s := range ")!@#$%^&*(" {
		add(rune('0'+d), s, "Digit"+string(rune('0'+d)), uint('0'+d))
	}
	for _, p := range []struct {
		plain, shifted rune
		code           string
		keyCode        uint
	}{
		{'-', '_', "Minus", 189}, {'=', '+', "Equal", 187}, {'[', '{', "BracketLeft", 219},
		{']', '}', "BracketRight", 221}, {'\\', '|', "Backslash", 220}, {';', ':', "Semicolon", 186},
		{'\'', '"', "Quote", 222}, {',', '<', "Comma", 188}, {'.', '>', "Period", 190},
		{'/', '?', "Slash", 191}, {'`', '~', "Backquote", 192},
	} {
		add(p.plain, p.shifted, p.code, p.keyCode)
	}
	space := keyDef{key: " ", code: "Space", keyCode: 32, shifted: " "}
	usKeys[' '] = space
	byCode["Space"] = space
	for _, k := range namedKeys {
		if k.key != " " {
			byCode[k.code] = k
		}
	}
	// The right-hand modifiers, reachable by code.
	for _, m := range []string{"Shift", "Control", "Alt", "Meta"} {
		k := namedKeys[m]
		k.code, k.location = m+"Right", vdom.KeyLocationRight
		if m == "Meta" {
			k.keyCode = 92
		}
		byCode[k.code] = k
	}
}

// charKey is the key that types the character c: its key on a US
// keyboard, or, for a character the keyboard has no key for, key c with
// no code and key code 0 (as an input method sends it).
func charKey(c rune) keyDef {
	if k, ok := usKeys[c]; ok {
		return k
	}
	return keyDef{key: string(c)}
}

// keyByName is the key {name} in Keyboard's syntax: a named key, or a
// single character.
func keyByName(name string) (keyDef, bool) {
	if k, ok := namedKeys[name]; ok {
		return k, true
	}
	if r, size := utf8.DecodeRuneInString(name); size > 0 && size == len(name) && r != utf8.RuneError {
		return charKey(r), true
	}
	return keyDef{}, false
}
