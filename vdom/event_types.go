package vdom

import "math"

// The typed events of UI Events, Pointer Events and HTML: UIEvent,
// MouseEvent, PointerEvent, KeyboardEvent, InputEvent, FocusEvent and
// SubmitEvent. Each is a plain struct of the members its interface adds to
// Event. An *Event carries one of them in the slot a CustomEvent uses for
// its detail, and its interface in a byte that fits in the Event's padding,
// so the Event itself stays as small as before: dispatch of a plain Event
// pays nothing for them.
//
// Create one with NewMouseEvent and its siblings (the Go form of the
// constructors) or with Document.CreateEvent; read its members in a listener
// with AsMouse, AsPointer, AsKeyboard, AsInput, AsFocus, AsSubmit or AsUI.

// eventIface is the interface of an Event: which struct its detail slot
// holds, if any.
type eventIface uint8

const (
	ifaceEvent eventIface = iota // Event or CustomEvent (flagCustom tells)
	ifaceUI
	ifaceMouse
	ifacePointer
	ifaceKeyboard
	ifaceInput
	ifaceFocus
	ifaceSubmit
	ifaceFormData   // formdata.go
	ifaceToggle     // activation.go
	ifaceClipboard  // clipboard.go
	ifaceHashChange // fragment.go
	ifacePopState   // history.go
)

var ifaceNames = [...]string{
	ifaceEvent:      "Event",
	ifaceUI:         "UIEvent",
	ifaceMouse:      "MouseEvent",
	ifacePointer:    "PointerEvent",
	ifaceKeyboard:   "KeyboardEvent",
	ifaceInput:      "InputEvent",
	ifaceFocus:      "FocusEvent",
	ifaceSubmit:     "SubmitEvent",
	ifaceFormData:   "FormDataEvent",
	ifaceToggle:     "ToggleEvent",
	ifaceClipboard:  "ClipboardEvent",
	ifaceHashChange: "HashChangeEvent",
	ifacePopState:   "PopStateEvent",
}

// Interface returns the name of the event's interface, as the JavaScript
// constructor's name: "Event", "CustomEvent", "UIEvent", "MouseEvent",
// "PointerEvent", "KeyboardEvent", "InputEvent", "FocusEvent",
// "SubmitEvent", "FormDataEvent", "ToggleEvent", "ClipboardEvent",
// "HashChangeEvent" or "PopStateEvent".
func (e *Event) Interface() string {
	if e.iface == ifaceEvent && e.has(flagCustom) {
		return "CustomEvent"
	}
	return ifaceNames[e.iface]
}

// isMouseEvent reports whether the event is a MouseEvent, a PointerEvent
// included (DOM §2.9 dispatch step 5.5 and the activation behaviours test
// "event is a MouseEvent object").
func (e *Event) isMouseEvent() bool { return e.iface == ifaceMouse || e.iface == ifacePointer }

// UIEvent holds the members of the UI Events UIEvent interface.
type UIEvent struct {
	// View is the window the event belongs to (nil for events made by
	// the program without one).
	View *Window
	// Detail is the interface's detail: the click count for mouse
	// clicks, 0 otherwise. It is not Event.Detail, a CustomEvent's value.
	Detail int
}

// UIEventInit holds the members of the UIEventInit dictionary.
type UIEventInit struct {
	EventInit
	UIEvent
}

// MouseEvent holds the members of the UI Events MouseEvent interface (with
// the coordinates as doubles, as CSSOM View redefines them). Without layout
// the coordinates are whatever the event was created with.
type MouseEvent struct {
	UIEvent
	ScreenX, ScreenY float64
	ClientX, ClientY float64
	CtrlKey          bool
	ShiftKey         bool
	AltKey           bool
	MetaKey          bool
	// Button is the button whose state changed: 0 main (usually left),
	// 1 auxiliary (middle), 2 secondary (right), 3 back, 4 forward.
	Button int16
	// Buttons is the set of buttons held down, one bit per button: 1
	// main, 2 secondary, 4 auxiliary, 8 back, 16 forward.
	Buttons uint16
	// RelatedTarget is the secondary target: the one the pointer left
	// for mouseover and mouseenter, entered for mouseout and mouseleave.
	RelatedTarget EventTarget
}

// MouseEventInit holds the members of the MouseEventInit dictionary. Every
// member defaults to its zero value, as the dictionary's do.
type MouseEventInit struct {
	EventInit
	MouseEvent
}

// PointerEvent holds the members of the Pointer Events PointerEvent
// interface beyond MouseEvent's.
type PointerEvent struct {
	MouseEvent
	// PointerID identifies the pointer; -1 for a click that no pointing
	// device caused (a key press, click()).
	PointerID int
	// Width and Height are the contact geometry in CSS pixels, 1 for
	// devices that report none.
	Width, Height float64
	// Pressure is in [0, 1]: 0.5 while a button is down for devices
	// without pressure, 0 otherwise.
	Pressure           float64
	TangentialPressure float64
	TiltX, TiltY       int
	Twist              int
	AltitudeAngle      float64
	AzimuthAngle       float64
	// PointerType is "mouse", "pen", "touch", or "" when unknown.
	PointerType string
	IsPrimary   bool
}

// PointerEventInit holds the members of the PointerEventInit dictionary. A
// zero Width or Height means the dictionary's default, 1, and a zero
// AltitudeAngle with zero tilts means π/2, the angle of a pointer
// perpendicular to the screen; other members default to zero.
type PointerEventInit struct {
	EventInit
	PointerEvent
}

// The values of KeyboardEvent.Location.
const (
	KeyLocationStandard = 0
	KeyLocationLeft     = 1
	KeyLocationRight    = 2
	KeyLocationNumpad   = 3
)

// KeyboardEvent holds the members of the UI Events KeyboardEvent interface.
type KeyboardEvent struct {
	UIEvent
	// Key is the key value: the character typed ("a", "A", " ") or a
	// named key ("Enter", "Tab", "Shift", "ArrowLeft").
	Key string
	// Code names the physical key ("KeyA", "Space", "Enter").
	Code string
	// Location is one of the KeyLocation constants.
	Location uint
	CtrlKey  bool
	ShiftKey bool
	AltKey   bool
	MetaKey  bool
	// Repeat is true for the repeated keydowns of a key held down.
	Repeat      bool
	IsComposing bool
	// CharCode and KeyCode are the legacy codes, zero unless given.
	CharCode uint
	KeyCode  uint
}

// KeyboardEventInit holds the members of the KeyboardEventInit dictionary.
type KeyboardEventInit struct {
	EventInit
	KeyboardEvent
}

// InputEvent holds the members of the UI Events InputEvent interface.
type InputEvent struct {
	UIEvent
	// Data is the inserted text, nil for the interface's null: Chromium's
	// data is null for deletions, line breaks and a paste that inserted
	// nothing, and an event made without data has none. A pointer to ""
	// is the empty string, which is not null. Write new("text") to set it.
	Data *string
	// InputType names the kind of change, as in Input Events:
	// "insertText", "deleteContentBackward", "insertLineBreak", ...
	InputType   string
	IsComposing bool
}

// InputEventInit holds the members of the InputEventInit dictionary.
type InputEventInit struct {
	EventInit
	InputEvent
}

// FocusEvent holds the members of the UI Events FocusEvent interface.
type FocusEvent struct {
	UIEvent
	// RelatedTarget is the element losing focus for focus and focusin,
	// the one gaining it for blur and focusout; nil when there is none.
	RelatedTarget EventTarget
}

// FocusEventInit holds the members of the FocusEventInit dictionary.
type FocusEventInit struct {
	EventInit
	FocusEvent
}

// SubmitEvent holds the member of the HTML SubmitEvent interface, which
// extends Event directly (not UIEvent).
type SubmitEvent struct {
	// Submitter is the button that submitted the form, nil when the form
	// was submitted otherwise.
	Submitter *Node
}

// SubmitEventInit holds the members of the SubmitEventInit dictionary.
type SubmitEventInit struct {
	EventInit
	SubmitEvent
}

// Each typed event is allocated with its struct in one object: one
// allocation, as for a plain Event.
type (
	uiEventObj struct {
		ev Event
		m  UIEvent
	}
	mouseEventObj struct {
		ev Event
		m  MouseEvent
	}
	pointerEventObj struct {
		ev Event
		m  PointerEvent
	}
	keyboardEventObj struct {
		ev Event
		m  KeyboardEvent
	}
	inputEventObj struct {
		ev Event
		m  InputEvent
	}
	focusEventObj struct {
		ev Event
		m  FocusEvent
	}
	submitEventObj struct {
		ev Event
		m  SubmitEvent
	}
)

// newTyped returns an initialized event of iface holding data.
func newTyped(e *Event, typ string, iface eventIface, data any, init EventInit) *Event {
	e.flags, e.iface, e.timeStamp, e.detail = flagInitialized, iface, now(), data
	e.setType(typ)
	e.setInit(init.Bubbles, init.Cancelable, init.Composed)
	return e
}

// NewUIEvent returns an initialized UIEvent, the Go form of
// new UIEvent(typ, init).
func NewUIEvent(typ string, init UIEventInit) *Event {
	o := &uiEventObj{m: init.UIEvent}
	return newTyped(&o.ev, typ, ifaceUI, &o.m, init.EventInit)
}

// NewMouseEvent returns an initialized MouseEvent, the Go form of
// new MouseEvent(typ, init).
func NewMouseEvent(typ string, init MouseEventInit) *Event {
	o := &mouseEventObj{m: init.MouseEvent}
	return newTyped(&o.ev, typ, ifaceMouse, &o.m, init.EventInit)
}

// NewPointerEvent returns an initialized PointerEvent, the Go form of
// new PointerEvent(typ, init), with the defaults PointerEventInit describes.
func NewPointerEvent(typ string, init PointerEventInit) *Event {
	o := &pointerEventObj{m: init.PointerEvent}
	pointerDefaults(&o.m)
	return newTyped(&o.ev, typ, ifacePointer, &o.m, init.EventInit)
}

// pointerDefaults applies the PointerEventInit defaults that are not zero
// (Pointer Events §4.1.2: width and height 1) and derives the orientation
// given one way from the other: altitudeAngle and azimuthAngle from tiltX
// and tiltY when only the tilts are given, the tilts from the angles when
// only the angles are; altitudeAngle π/2 when neither is.
func pointerDefaults(p *PointerEvent) {
	if p.Width == 0 {
		p.Width = 1
	}
	if p.Height == 0 {
		p.Height = 1
	}
	tilts := p.TiltX != 0 || p.TiltY != 0
	angles := p.AltitudeAngle != 0 || p.AzimuthAngle != 0
	switch {
	case tilts && !angles:
		p.AltitudeAngle, p.AzimuthAngle = tiltToSpherical(p.TiltX, p.TiltY)
	case angles && !tilts:
		p.TiltX, p.TiltY = sphericalToTilt(p.AltitudeAngle, p.AzimuthAngle)
	case !tilts && !angles:
		p.AltitudeAngle = math.Pi / 2
	}
}

// tiltToSpherical converts tiltX and tiltY (degrees) to altitudeAngle and
// azimuthAngle (radians), as Pointer Events §4.1.2 "converting between
// tiltX/tiltY and altitudeAngle/azimuthAngle" does.
func tiltToSpherical(tiltX, tiltY int) (altitude, azimuth float64) {
	x, y := float64(tiltX)*math.Pi/180, float64(tiltY)*math.Pi/180
	switch {
	case tiltX == 0:
		switch {
		case tiltY > 0:
			azimuth = math.Pi / 2
		case tiltY < 0:
			azimuth = 3 * math.Pi / 2
		}
	case tiltY == 0:
		if tiltX < 0 {
			azimuth = math.Pi
		}
	case absInt(tiltX) == 90 || absInt(tiltY) == 90:
		azimuth = 0
	default:
		azimuth = math.Atan2(math.Tan(y), math.Tan(x))
		if azimuth < 0 {
			azimuth += 2 * math.Pi
		}
	}
	switch {
	case absInt(tiltX) == 90 || absInt(tiltY) == 90:
		altitude = 0
	case tiltX == 0:
		altitude = math.Pi/2 - math.Abs(y)
	case tiltY == 0:
		altitude = math.Pi/2 - math.Abs(x)
	default:
		altitude = math.Atan(1 / math.Sqrt(math.Tan(x)*math.Tan(x)+math.Tan(y)*math.Tan(y)))
	}
	return altitude, azimuth
}

// sphericalToTilt is the other way, rounded to whole degrees.
func sphericalToTilt(altitude, azimuth float64) (tiltX, tiltY int) {
	const deg = 180 / math.Pi
	if altitude == 0 {
		// Parallel to the surface: ±90 in the azimuth's direction.
		x, y := math.Cos(azimuth), math.Sin(azimuth)
		return int(math.Round(90 * signOf(x))), int(math.Round(90 * signOf(y)))
	}
	t := math.Tan(altitude)
	return int(math.Round(math.Atan(math.Cos(azimuth)/t) * deg)), int(math.Round(math.Atan(math.Sin(azimuth)/t) * deg))
}

func absInt(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func signOf(f float64) float64 {
	switch {
	case f > 1e-9:
		return 1
	case f < -1e-9:
		return -1
	}
	return 0
}

// NewKeyboardEvent returns an initialized KeyboardEvent, the Go form of
// new KeyboardEvent(typ, init).
func NewKeyboardEvent(typ string, init KeyboardEventInit) *Event {
	o := &keyboardEventObj{m: init.KeyboardEvent}
	return newTyped(&o.ev, typ, ifaceKeyboard, &o.m, init.EventInit)
}

// NewInputEvent returns an initialized InputEvent, the Go form of
// new InputEvent(typ, init).
func NewInputEvent(typ string, init InputEventInit) *Event {
	o := &inputEventObj{m: init.InputEvent}
	// The event keeps its own copy: the caller's variable may change.
	o.m.Data = copyData(o.m.Data)
	return newTyped(&o.ev, typ, ifaceInput, &o.m, init.EventInit)
}

// NewFocusEvent returns an initialized FocusEvent, the Go form of
// new FocusEvent(typ, init).
func NewFocusEvent(typ string, init FocusEventInit) *Event {
	o := &focusEventObj{m: init.FocusEvent}
	return newTyped(&o.ev, typ, ifaceFocus, &o.m, init.EventInit)
}

// NewSubmitEvent returns an initialized SubmitEvent, the Go form of
// new SubmitEvent(typ, init).
func NewSubmitEvent(typ string, init SubmitEventInit) *Event {
	o := &submitEventObj{m: init.SubmitEvent}
	return newTyped(&o.ev, typ, ifaceSubmit, &o.m, init.EventInit)
}

// AsUI returns the UIEvent members of a UIEvent or of any interface that
// extends it (MouseEvent, PointerEvent, KeyboardEvent, InputEvent,
// FocusEvent); false for others.
func (e *Event) AsUI() (UIEvent, bool) {
	if u := e.uiPart(); u != nil {
		return *u, true
	}
	return UIEvent{}, false
}

// The As methods go by the interface byte, never by the detail's dynamic
// type: a CustomEvent whose detail is a *MouseEvent is no MouseEvent.

// AsMouse returns the MouseEvent members of a MouseEvent or PointerEvent;
// false for others.
func (e *Event) AsMouse() (MouseEvent, bool) {
	switch e.iface {
	case ifaceMouse:
		return *e.detail.(*MouseEvent), true
	case ifacePointer:
		return e.detail.(*PointerEvent).MouseEvent, true
	}
	return MouseEvent{}, false
}

// AsPointer returns the members of a PointerEvent; false for others.
func (e *Event) AsPointer() (PointerEvent, bool) {
	if e.iface != ifacePointer {
		return PointerEvent{}, false
	}
	return *e.detail.(*PointerEvent), true
}

// AsKeyboard returns the members of a KeyboardEvent; false for others.
func (e *Event) AsKeyboard() (KeyboardEvent, bool) {
	if e.iface != ifaceKeyboard {
		return KeyboardEvent{}, false
	}
	return *e.detail.(*KeyboardEvent), true
}

// AsInput returns the members of an InputEvent; false for others. Its
// Data points to a copy: changing it changes nothing in the event.
func (e *Event) AsInput() (InputEvent, bool) {
	if e.iface != ifaceInput {
		return InputEvent{}, false
	}
	in := *e.detail.(*InputEvent)
	in.Data = copyData(in.Data)
	return in, true
}

// copyData returns a pointer to a copy of *s, nil for nil.
func copyData(s *string) *string {
	if s == nil {
		return nil
	}
	return new(*s)
}

// AsFocus returns the members of a FocusEvent; false for others.
func (e *Event) AsFocus() (FocusEvent, bool) {
	if e.iface != ifaceFocus {
		return FocusEvent{}, false
	}
	return *e.detail.(*FocusEvent), true
}

// AsSubmit returns the members of a SubmitEvent; false for others.
func (e *Event) AsSubmit() (SubmitEvent, bool) {
	if e.iface != ifaceSubmit {
		return SubmitEvent{}, false
	}
	return *e.detail.(*SubmitEvent), true
}

// uiPart returns the UIEvent members of the event in place, nil when it
// has none.
func (e *Event) uiPart() *UIEvent {
	switch e.iface {
	case ifaceUI:
		return e.detail.(*UIEvent)
	case ifaceMouse:
		return &e.detail.(*MouseEvent).UIEvent
	case ifacePointer:
		return &e.detail.(*PointerEvent).UIEvent
	case ifaceKeyboard:
		return &e.detail.(*KeyboardEvent).UIEvent
	case ifaceInput:
		return &e.detail.(*InputEvent).UIEvent
	case ifaceFocus:
		return &e.detail.(*FocusEvent).UIEvent
	}
	return nil
}

// mousePart returns the MouseEvent members in place, nil for other
// interfaces.
func (e *Event) mousePart() *MouseEvent {
	switch e.iface {
	case ifaceMouse:
		return e.detail.(*MouseEvent)
	case ifacePointer:
		return &e.detail.(*PointerEvent).MouseEvent
	}
	return nil
}

// InitUIEvent re-initializes a UIEvent, or an event of an interface that
// extends it, with a view and detail: the legacy initUIEvent(). It does
// nothing during dispatch and on events without UIEvent members.
func (e *Event) InitUIEvent(typ string, bubbles, cancelable bool, view *Window, detail int) {
	u := e.uiPart()
	if e.has(flagDispatch) || u == nil {
		return
	}
	e.initialize(typ, bubbles, cancelable)
	u.View, u.Detail = view, detail
}

// InitMouseEvent re-initializes a MouseEvent or PointerEvent with the
// members the legacy initMouseEvent() takes, read from m: View, Detail,
// ScreenX, ScreenY, ClientX, ClientY, the four modifier keys, Button and
// RelatedTarget (Buttons and the PointerEvent members are left as they
// are). It does nothing during dispatch and on other events.
func (e *Event) InitMouseEvent(typ string, bubbles, cancelable bool, m MouseEvent) {
	p := e.mousePart()
	if e.has(flagDispatch) || p == nil {
		return
	}
	e.initialize(typ, bubbles, cancelable)
	buttons := p.Buttons
	*p = m
	p.Buttons = buttons
}

// InitKeyboardEvent re-initializes a KeyboardEvent with the members the
// legacy initKeyboardEvent() takes, read from k: View, Key, Location and
// the four modifier keys (the others are left as they are). It does nothing
// during dispatch and on other events.
func (e *Event) InitKeyboardEvent(typ string, bubbles, cancelable bool, k KeyboardEvent) {
	if e.has(flagDispatch) || e.iface != ifaceKeyboard {
		return
	}
	e.initialize(typ, bubbles, cancelable)
	p := e.detail.(*KeyboardEvent)
	p.View, p.Key, p.Location = k.View, k.Key, k.Location
	p.CtrlKey, p.AltKey, p.ShiftKey, p.MetaKey = k.CtrlKey, k.AltKey, k.ShiftKey, k.MetaKey
}

// createEvent is the DOM's createEvent() table (DOM §4.5): the interface
// for a name, compared ASCII case-insensitively, and whether vdom
// implements it.
func createEvent(lower string) (*Event, bool, bool) {
	switch lower {
	case "event", "events", "htmlevents", "svgevents":
		return &Event{timeStamp: now()}, true, true
	case "customevent":
		return &Event{flags: flagCustom, timeStamp: now()}, true, true
	case "uievent", "uievents":
		o := &uiEventObj{}
		o.ev = Event{iface: ifaceUI, timeStamp: now(), detail: &o.m}
		return &o.ev, true, true
	case "mouseevent", "mouseevents":
		o := &mouseEventObj{}
		o.ev = Event{iface: ifaceMouse, timeStamp: now(), detail: &o.m}
		return &o.ev, true, true
	case "keyboardevent", "keyboardevents":
		// "KeyboardEvents" is not in the DOM's table; Chromium takes it.
		o := &keyboardEventObj{}
		o.ev = Event{iface: ifaceKeyboard, timeStamp: now(), detail: &o.m}
		return &o.ev, true, true
	case "focusevent":
		o := &focusEventObj{}
		o.ev = Event{iface: ifaceFocus, timeStamp: now(), detail: &o.m}
		return &o.ev, true, true
	case "hashchangeevent":
		o := &struct {
			ev Event
			m  HashChangeEvent
		}{}
		o.ev = Event{iface: ifaceHashChange, timeStamp: now(), detail: &o.m}
		return &o.ev, true, true
	case "beforeunloadevent", "compositionevent", "devicemotionevent",
		"deviceorientationevent", "dragevent",
		"messageevent", "storageevent", "textevent", "touchevent":
		// In the table, but interfaces vdom does not implement.
		return nil, true, false
	}
	return nil, false, false
}
