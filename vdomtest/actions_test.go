package vdomtest_test

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

const actionsPage = `<form id="f">
  <label><input type="checkbox" name="gift"> Gift wrap</label>
  <label for="size">Size</label>
  <select id="size" name="size" multiple><option value="s">Small</option><option value="m">Medium</option><option value="l">Large</option></select>
  <label for="photo">Photo</label> <input id="photo" type="file" name="photo">
  <button type="button" id="help" aria-label="Help">?</button>
  <button type="button" disabled>Pay</button>
  <p id="hidden-p" hidden><button type="button">Secret</button></p>
</form>`

func TestActions(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, actionsPage)
		var log []string
		help := s.GetByRole("button", query.Name("Help"))
		for _, typ := range []string{"mouseover", "mouseout", "click", "dblclick"} {
			help.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) { log = append(log, e.Type()) }))
		}
		gift := s.GetByRole("checkbox", query.Name("Gift wrap"))
		s.Click(gift)
		s.ExpectChecked(gift, true)
		s.ExpectFocused(gift)

		size := s.GetByLabelText("Size")
		s.SelectOptions(size, "Small", "l")
		s.ExpectSelected(size, "s", "l")
		s.DeselectOptions(size, "s")
		s.ExpectSelected(size, "l")

		s.Upload(s.GetByLabelText("Photo"), vdom.File{Name: "me.png", Type: "image/png", Content: []byte{1, 2}})
		s.ExpectFormValues(gift, url.Values{"gift": {"on"}, "size": {"l"}, "photo": {"me.png"}})

		s.Hover(help)
		s.Unhover(help)
		s.DblClick(help)
		want := "[mouseover mouseout mouseover click click dblclick]"
		if got := fmtList(log); got != want {
			t.Errorf("events on Help: %s, want %s", got, want)
		}
	})
}

func fmtList(l []string) string {
	out := "["
	for i, s := range l {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out + "]"
}

func TestActionsFail(t *testing.T) {
	t.Run("disabled", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			s := vdomtest.Render(t, actionsPage)
			s.Click(s.GetByRole("button", query.Name("Pay")))
			t.Error("Click went on")
		}, "vdomtest: Click(", "disabled")
	})
	t.Run("hidden", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			s := vdomtest.Render(t, actionsPage)
			s.Click(s.GetByRole("button", query.Name("Secret"), query.IncludeHidden()))
		}, "vdomtest: Click(", "element is hidden: its ancestor #hidden-p has display: none from the hidden attribute")
	})
	t.Run("no option", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			s := vdomtest.Render(t, actionsPage)
			s.SelectOptions(s.GetByLabelText("Size"), "Huge")
		}, "vdomtest: SelectOptions(#size", "Huge")
	})
	t.Run("a unit handler fails", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			doc := vdomtest.Parse(t, appPage)
			s := vdomtest.New(t, doc)
			startUnit(t, doc, unit.Sync(func(any, *vdom.Event, unit.Ex) error { return errors.New("quota exceeded") }))
			s.Click(s.GetByRole("button", query.Name("Save")))
			t.Error("Click went on")
		}, `vdomtest: Click(#save): perk: unit div#app: "click" on #save: handler "onSave" (order 0): quota exceeded`)
	})
	t.Run("a unit handler's work fails later", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			doc := vdomtest.Parse(t, appPage)
			s := vdomtest.New(t, doc, vdomtest.ActionWait(time.Minute))
			startUnit(t, doc, func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				// The work fails in a task the page runs after the click.
				p := vdom.NewPromise()
				doc.Post(func() { p.Reject(errors.New("quota exceeded")) })
				return p, nil
			})
			s.Click(s.GetByRole("button", query.Name("Save")))
			t.Error("Click went on")
		}, "vdomtest: after Click(#save)", "quota exceeded")
	})
}

// An action waits for the work its unit handlers started, so the next
// line sees its outcome.
func TestActionWaitsForUnits(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		doc := vdomtest.Parse(t, appPage)
		// The action returns when the work is done; the long wait only
		// keeps a busy machine, which runs the work late, from failing it.
		s := vdomtest.New(t, doc, vdomtest.ActionWait(time.Minute))
		msg := doc.GetElementByID("msg")
		startUnit(t, doc, func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			return vdom.Go(func() error {
				time.Sleep(10 * time.Millisecond)
				doc.Post(func() { msg.SetTextContent("Saved") })
				return nil
			}), nil
		})
		s.Click(s.GetByRole("button", query.Name("Save")))
		s.ExpectText(msg, "Saved")
	})
}

func TestKeyboardActions(t *testing.T) {
	const page = `<form action="https://example.com/s"><input aria-label="Name" name="n" value="Ada"><input aria-label="Code" name="c" readonly value="X"><textarea aria-label="Note" name="t"></textarea></form>`
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		name, note := s.GetByLabelText("Name"), s.GetByLabelText("Note")
		s.Type(name, " Lovelace")
		s.ExpectValue(name, "Ada Lovelace")
		s.Clear(name)
		s.ExpectValue(name, "")
		s.Tab() // past the read-only field, which is focusable
		s.Tab()
		s.ExpectFocused(note)
		s.Keyboard("hi")
		s.Paste(" there")
		s.ExpectValue(note, "hi there")
		s.ShiftTab()
		s.ExpectFocused(s.GetByLabelText("Code"))
		s.TypeWith(note, "Oh, ", userevent.TypeOptions{Selection: &userevent.Selection{}})
		s.ExpectValue(note, "Oh, hi there")
	})
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		s.Type(s.GetByLabelText("Code"), "Y")
	}, `vdomtest: Type(`, `"Y"`, "not editable")
}
