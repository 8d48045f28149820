package compare

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// --- W9 a whole page test ---

// runFormTest is one W9 operation, as a Go test of the page does it: parse
// the page, start its two units, find five elements by role and name, type
// into the text field, click the checkbox, choose an option, click the
// submit button, and read the entries the page's submit listener found. It
// returns the check, computed as workloads.mjs computes it.
func runFormTest(page []byte, ft FormTest) (string, error) {
	ctx := context.Background()
	doc, err := vdom.Parse(bytes.NewReader(page))
	if err != nil {
		return "", err
	}
	byID := func(id string) (*vdom.Node, error) {
		if el := doc.GetElementByID(id); el != nil {
			return el, nil
		}
		return nil, fmt.Errorf("W9: no element #%s", id)
	}
	form, err := byID(ft.Form)
	if err != nil {
		return "", err
	}
	count, err := byID(ft.Count)
	if err != nil {
		return "", err
	}
	status, err := byID(ft.Status)
	if err != nil {
		return "", err
	}
	section, err := byID(ft.FormUnit)
	if err != nil {
		return "", err
	}
	list, err := byID(ft.ListUnit)
	if err != nil {
		return "", err
	}

	handler := func(event, method string) []perk.EventHandlers {
		return []perk.EventHandlers{{Event: event, Handlers: []perk.HandlerInfo{{Handler: perk.MethodName(method)}}}}
	}
	added := 0
	formUnit, err := unit.New(doc, section, unit.Options{
		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "name", Handlers: handler("input", "onNameInput")},
			{Name: "subscribe", Handlers: handler("change", "onSubscribe")},
			// submit bubbles from the form to the unit's root.
			{Name: "this", Handlers: handler("submit", "onSubmit")},
		}}},
		Methods: unit.Methods{
			"onNameInput": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				// JavaScript's length: UTF-16 code units.
				count.SetTextContent(strconv.Itoa(len(utf16.Encode([]rune(ex.Element.Value())))))
				return nil
			}),
			"onSubscribe": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				text := ""
				if ex.Element.Checked() {
					text = "Subscribed"
				}
				status.SetTextContent(text)
				return nil
			}),
			"onSubmit": unit.Sync(func(any, *vdom.Event, unit.Ex) error {
				return form.SetAttribute("data-state", "sent")
			}),
		},
	})
	if err != nil {
		return "", err
	}
	listUnit, err := unit.New(doc, list, unit.Options{
		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "add", RootNode: "button[data-action=add]", Handlers: handler("click", "onAdd")},
		}}},
		Methods: unit.Methods{"onAdd": unit.Sync(func(any, *vdom.Event, unit.Ex) error {
			added++
			return nil
		})},
	})
	if err != nil {
		return "", err
	}
	for _, u := range []*unit.Unit{formUnit, listUnit} {
		if err := u.Start(ctx); err != nil {
			return "", err
		}
	}
	// The page's own submit listener: the request is not sent, its entries
	// are read.
	var entries []string
	var submitErr error
	form.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) {
		e.PreventDefault()
		fd, err := vdom.NewFormData(form, nil)
		if err != nil {
			submitErr = err
			return
		}
		entries = entries[:0]
		for en := range fd.Entries() {
			entries = append(entries, en.Name+"="+en.Value)
		}
	}))

	found := make([]*vdom.Node, len(ft.Queries))
	for i, q := range ft.Queries {
		if found[i], err = query.ByRole(q.Role, query.Name(q.Name)).Get(doc.Body()); err != nil {
			return "", err
		}
	}
	textbox, checkbox, sel, submit := found[1], found[2], found[3], found[4]
	user := userevent.New(doc)
	if err := user.Type(textbox, ft.Text); err != nil {
		return "", err
	}
	if err := user.Click(checkbox); err != nil {
		return "", err
	}
	if err := user.SelectOptions(sel, ft.Option); err != nil {
		return "", err
	}
	if err := user.Click(submit); err != nil {
		return "", err
	}
	if err := perk.Settle(ctx, doc); err != nil {
		return "", err
	}
	if submitErr != nil {
		return "", submitErr
	}
	if entries == nil {
		return "", errors.New("W9: the form was not submitted")
	}
	names := make([]string, len(found))
	for i, el := range found {
		names[i] = el.LocalName()
		if id := el.ID(); id != "" {
			names[i] += "#" + id
		}
	}
	state, ok := form.GetAttribute("data-state")
	if !ok {
		state = "null" // what getAttribute returns in JavaScript
	}
	return fmt.Sprintf("found=%s count=%s status=%s state=%s entries=%s",
		strings.Join(names, ","), count.TextContent(), status.TextContent(), state, strings.Join(entries, "&")), nil
}

//go:noinline // see benchFunc
func benchFormTest(page []byte, ft FormTest) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := runFormTest(page, ft); err != nil {
				fail("W9: %v", err)
			}
		}
	}
}

// --- W9 a role query next to the CSS query that finds the same elements ---

// RoleQueryRole and RoleQueryCSS are the role query on the work page and
// the selector that finds the same elements there: the checkboxes the
// page's sheet does not hide (.hidden { display: none }), as the role
// query leaves out what is hidden.
const (
	RoleQueryRole = "checkbox"
	RoleQueryCSS  = "input[type=checkbox]:not(.hidden, .hidden *)"
)

//go:noinline // see benchFunc
func benchRoleQuery(doc *vdom.Document) benchFunc {
	q := query.ByRole(RoleQueryRole)
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := q.All(&doc.Node); err != nil {
				fail("%s: %v", q, err)
			}
		}
	}
}

// benchCSSQuery is the bound of the role query: the CSS query that finds
// the same elements, as the selector engine runs it without vdom's result
// cache (a repeated QuerySelectorAll on an unchanged page is a cache hit,
// which would compare the role query with a lookup), handles included.
//
//go:noinline // see benchFunc
func benchCSSQuery(doc *vdom.Document) benchFunc {
	sel := selector.MustCompile(RoleQueryCSS)
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			found := sel.QueryAll(doc.Node.HTML())
			handles := make([]*vdom.Node, len(found))
			for i, h := range found {
				handles[i] = doc.Wrap(h)
			}
			if len(handles) == 0 {
				fail("%s finds nothing", RoleQueryCSS)
			}
		}
	}
}

// checkRoleQuery says how many elements the role query finds, and fails
// when the CSS query does not find the same ones in the same order.
func checkRoleQuery(doc *vdom.Document) (string, error) {
	byRole, err := query.ByRole(RoleQueryRole).All(&doc.Node)
	if err != nil {
		return "", err
	}
	byCSS, err := doc.QuerySelectorAll(RoleQueryCSS)
	if err != nil {
		return "", err
	}
	if !slices.Equal(byRole, byCSS) {
		return "", fmt.Errorf("role %q finds %d elements, %s %d other ones", RoleQueryRole, len(byRole), RoleQueryCSS, len(byCSS))
	}
	return fmt.Sprintf("matches=%d", len(byRole)), nil
}
