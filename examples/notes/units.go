package notes

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf16"

	_ "github.com/eventperk/eventperk-go/perk" // EventPerk: the "event" settings need it
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Definitions returns the units of the app's pages, the part a browser
// would run as script: every <char-count> and <confirm-submit> element of
// a document attached to them (unit.Attach, or a browse session given
// them) becomes a unit and starts, also those inserted into the page
// later. Each call returns new Definitions.
func Definitions() (*unit.Definitions, error) {
	return unit.NewDefinitions(
		unit.Definition{
			Tag:      "char-count",
			Settings: unit.Settings{"event": charCountSettings},
			New:      newCharCount,
		},
		unit.Definition{
			Tag:      "confirm-submit",
			Settings: unit.Settings{"event": confirmSubmitSettings},
			New:      newConfirmSubmit,
		},
	)
}

// charCountSettings: the count is shown once the unit is ready (the server
// leaves it empty) and again after every edit of the field.
var charCountSettings = json.RawMessage(`{"events": {
	"this":  {"handlers": {"afterReady": "update"}},
	"field": {"rootNode": "input, textarea", "handlers": {"input": "update"}}
}}`)

// charCount is the Go value behind a <char-count>: a text field with a
// maxlength and the element ([data-count]) that shows how much is left.
type charCount struct {
	field, out *vdom.Node
	max        int
}

func newCharCount(u *unit.Unit) (any, error) {
	root := u.Root()
	field, err := root.QuerySelector("input, textarea")
	if err != nil {
		return nil, err
	}
	out, err := root.QuerySelector("[data-count]")
	if err != nil {
		return nil, err
	}
	if field == nil || out == nil {
		return nil, fmt.Errorf("notes: %v needs a text field and a [data-count] element inside", root)
	}
	attr, _ := field.GetAttribute("maxlength")
	max, err := strconv.Atoi(attr)
	if err != nil || max < 0 {
		return nil, fmt.Errorf("notes: %v: the field's maxlength %q is not a length", root, attr)
	}
	c := &charCount{field: field, out: out, max: max}
	u.SetMethod("update", unit.Sync(func(any, *vdom.Event, unit.Ex) error {
		c.update()
		return nil
	}))
	return c, nil
}

// update shows what is left, counted as maxlength counts: in UTF-16 code
// units.
func (c *charCount) update() {
	left := c.max - len(utf16.Encode([]rune(c.field.Value())))
	switch left {
	case 1:
		c.out.SetTextContent("1 character left")
	default:
		c.out.SetTextContent(strconv.Itoa(left) + " characters left")
	}
}

// confirmSubmitSettings: every form inside asks before it is submitted.
var confirmSubmitSettings = json.RawMessage(`{"events": {
	"form": {"rootNode": "form", "handlers": {"submit": "confirm"}}
}}`)

// confirmSubmit is the Go value behind a <confirm-submit>: the first
// submission of its form is cancelled and the button asks the question of
// data-confirm; the next one goes through.
type confirmSubmit struct {
	root  *vdom.Node
	armed bool
}

func newConfirmSubmit(u *unit.Unit) (any, error) {
	c := &confirmSubmit{root: u.Root()}
	u.SetMethod("confirm", unit.Sync(c.confirm))
	return c, nil
}

func (c *confirmSubmit) confirm(_ any, e *vdom.Event, ex unit.Ex) error {
	if c.armed {
		return nil
	}
	e.PreventDefault()
	c.armed = true
	question, ok := c.root.GetAttribute("data-confirm")
	if !ok || question == "" {
		question = "Are you sure?"
	}
	button, err := ex.Element.QuerySelector("button")
	if err != nil || button == nil {
		return err
	}
	button.SetTextContent("Confirm")
	// The button's name is what a screen reader says, and what a test
	// finds it by: the question, now.
	return button.SetAttribute("aria-label", question)
}
