package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// The mutation benchmarks: the changes a page test makes most, on a 10k
// page with nothing observing it. They measure what the mutation code costs
// a page that has no MutationObserver; BenchmarkMutationObserved measures
// the same changes under an observer of the whole document.

func mutationPage(b *testing.B) (*vdom.Document, *vdom.Node) {
	b.Helper()
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	el := doc.GetElementByID("el-1000")
	if el == nil {
		b.Fatal("no el-1000 in the page")
	}
	return doc, el
}

// benchMutations runs each kind of mutation as a sub-benchmark on el;
// each is followed by after, when given.
func benchMutations(b *testing.B, doc *vdom.Document, el *vdom.Node, after func()) {
	b.Run("AppendRemove", func(b *testing.B) {
		child, err := doc.CreateElement("span")
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := el.AppendChild(child); err != nil {
				b.Fatal(err)
			}
			child.Remove()
			if after != nil {
				after()
			}
		}
	})
	b.Run("SetAttribute", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := el.SetAttribute("data-state", "on"); err != nil {
				b.Fatal(err)
			}
			el.RemoveAttribute("data-state")
			if after != nil {
				after()
			}
		}
	})
	b.Run("SetData", func(b *testing.B) {
		text := doc.CreateTextNode("a")
		if _, err := el.AppendChild(text); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			text.SetData("b")
			text.SetData("a")
			if after != nil {
				after()
			}
		}
		text.Remove()
	})
	b.Run("InnerHTML", func(b *testing.B) {
		host, err := doc.CreateElement("div")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := el.AppendChild(host); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if err := host.SetInnerHTML(`<p class="x">one <b>two</b></p><p>three</p>`); err != nil {
				b.Fatal(err)
			}
			if after != nil {
				after()
			}
		}
		host.Remove()
	})
}

func BenchmarkMutation(b *testing.B) {
	doc, el := mutationPage(b)
	benchMutations(b, doc, el, nil)
}

// BenchmarkMutationObserved: the same changes under an observer of the
// whole document that wants every kind of record with old values; each
// change's records are delivered to the callback by RunTasks.
func BenchmarkMutationObserved(b *testing.B) {
	doc, el := mutationPage(b)
	records := 0
	mo := vdom.NewMutationObserver(func(rs []*vdom.MutationRecord, _ *vdom.MutationObserver) { records += len(rs) })
	if err := mo.Observe(&doc.Node, everything); err != nil {
		b.Fatal(err)
	}
	benchMutations(b, doc, el, func() {
		if _, err := doc.RunTasks(); err != nil {
			b.Fatal(err)
		}
	})
	if records == 0 {
		b.Fatal("the observer got no records")
	}
}
