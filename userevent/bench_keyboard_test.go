package userevent_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkType20 types 20 characters into a field of a form on a page of
// a few hundred elements, with a listener for input as a page has.
func BenchmarkType20(b *testing.B) {
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html><head><title>t</title></head><body><form action=/s>`)
	for i := range 100 {
		page.WriteString(`<p><label>Field <input name="f` + string(rune('a'+i%26)) + `"></label></p>`)
	}
	page.WriteString(`<input id=q name=q></form></body></html>`)
	src := page.String()
	b.ReportAllocs()
	for b.Loop() {
		doc, err := vdom.Parse(strings.NewReader(src), vdom.WithURL("http://eventperk.test/"))
		if err != nil {
			b.Fatal(err)
		}
		q := doc.GetElementByID("q")
		q.AddEventListener("input", vdom.NewListener(func(*vdom.Event) {}))
		if err := userevent.New(doc).Type(q, "twenty characters ok"); err != nil {
			b.Fatal(err)
		}
		if q.Value() != "twenty characters ok" {
			b.Fatalf("value %q", q.Value())
		}
	}
}

// BenchmarkTypeLong types 200 characters into a field of a parsed page,
// the typing-heavy part of a test alone: each keystroke's key events, its
// beforeinput and input and the edit itself.
func BenchmarkTypeLong(b *testing.B) {
	doc := vdom.ParseString(`<!DOCTYPE html><form action=/s><label>Note <input id=q name=q></label></form>`,
		vdom.WithURL("http://eventperk.test/"))
	q := doc.GetElementByID("q")
	q.AddEventListener("input", vdom.NewListener(func(*vdom.Event) {}))
	u := userevent.New(doc)
	text := strings.Repeat("typing a note ", 15)[:200]
	b.ReportAllocs()
	for b.Loop() {
		if err := q.SetValue(""); err != nil {
			b.Fatal(err)
		}
		if err := u.Type(q, text); err != nil {
			b.Fatal(err)
		}
	}
	if q.Value() != text {
		b.Fatalf("value %q", q.Value())
	}
}

// keysPage is benchPage's form with a number field and a listbox of 100
// options beside its drop-down.
func keysPage(b *testing.B) *vdom.Document {
	b.Helper()
	var sb strings.Builder
	sb.WriteString(`<main><form id=f><fieldset><label><input type=checkbox id=cb> Agree</label>
		<select id=s><option>a</option><option>b</option><option>c</option></select>
		<input type=number id=n value=5 min=0 max=100>
		<select id=l multiple size=10>`)
	for i := range 100 {
		sb.WriteString(`<option>option ` + string(rune('a'+i%26)) + `</option>`)
	}
	sb.WriteString(`</select><button type=button id=b>Go</button></fieldset></form>`)
	for range 100 {
		sb.WriteString(`<section><h2>Title</h2><p>Some <em>text</em> here.</p></section>`)
	}
	sb.WriteString(`</main>`)
	doc, err := vdom.Parse(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

// benchKeys presses keys at the element with the id, two keystrokes per
// iteration as BenchmarkClick clicks twice, with listeners for input and
// change as a page has.
func benchKeys(b *testing.B, id, keys string) {
	doc := keysPage(b)
	el := doc.GetElementByID(id)
	for _, typ := range []string{"input", "change"} {
		el.AddEventListener(typ, vdom.NewListener(func(*vdom.Event) {}))
	}
	if err := el.Focus(); err != nil {
		b.Fatal(err)
	}
	u := userevent.New(doc)
	b.ReportAllocs()
	for b.Loop() {
		if err := u.Keyboard(keys); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSelectKeys moves a drop-down's choice down and up again.
func BenchmarkSelectKeys(b *testing.B) { benchKeys(b, "s", "{ArrowDown}{ArrowUp}") }

// BenchmarkListboxKeys moves the active option of a 100-option multiple
// select down and up, selecting it alone each time.
func BenchmarkListboxKeys(b *testing.B) { benchKeys(b, "l", "{ArrowDown}{ArrowUp}") }

// BenchmarkNumberStep steps a number field up and down again.
func BenchmarkNumberStep(b *testing.B) { benchKeys(b, "n", "{ArrowUp}{ArrowDown}") }
