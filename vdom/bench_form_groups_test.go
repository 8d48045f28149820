package vdom_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// The benchmarks of large radio button groups and selects: each runs at
// three sizes so that the cost per radio or option shows whether the work
// grows linearly (docs/performance-history.md, "Large radio groups and selects").

var (
	radioGroupSizes = []int{1_000, 5_000, 10_000}
	selectSizes     = []int{2_000, 10_000, 20_000}
)

// radioGroupPage is a form of n radio buttons of one name, the first one
// required and the last one checked, with a submit button: every radio
// of the group is valid only because of the last one.
func radioGroupPage(n int) string {
	var sb strings.Builder
	sb.WriteString(`<form id=f action="/pick" method=post>`)
	for i := range n {
		attrs := ""
		switch i {
		case 0:
			attrs = " required"
		case n - 1:
			attrs = " checked"
		}
		fmt.Fprintf(&sb, `<input type=radio name=pick value=v%d id=r%d%s>`, i, i, attrs)
	}
	sb.WriteString(`<button id=go>Send</button></form>`)
	return sb.String()
}

// selectPage is a form with a select of n options, every other one
// selected; multiple makes it a select multiple (a single select keeps
// the last of them).
func selectPage(n int, multiple bool) string {
	var sb strings.Builder
	sb.WriteString(`<form id=f action="/pick" method=post><select id=s name=s`)
	if multiple {
		sb.WriteString(" multiple")
	}
	sb.WriteString(">")
	for i := range n {
		sel := ""
		if i%2 == 1 {
			sel = " selected"
		}
		fmt.Fprintf(&sb, `<option value=o%d%s>Option %d`, i, sel, i)
	}
	sb.WriteString(`</select><button id=go>Send</button></form>`)
	return sb.String()
}

// sizes runs f as one sub-benchmark per size, reporting the time per item.
func sizes(b *testing.B, ns []int, unit string, f func(b *testing.B, n int)) {
	for _, n := range ns {
		b.Run(fmt.Sprintf("%s=%d", unit, n), func(b *testing.B) {
			f(b, n)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/"+unit)
		})
	}
}

// BenchmarkRadioGroupValidity: CheckValidity of a form whose radio group
// is valid only through its last radio.
func BenchmarkRadioGroupValidity(b *testing.B) {
	sizes(b, radioGroupSizes, "radio", func(b *testing.B, n int) {
		doc := vdom.ParseString(radioGroupPage(n))
		form := doc.GetElementByID("f")
		b.ReportAllocs()
		for b.Loop() {
			if ok, err := form.CheckValidity(); !ok || err != nil {
				b.Fatalf("CheckValidity = %v, %v; want true", ok, err)
			}
		}
	})
}

// BenchmarkRadioGroupSubmit: RequestSubmit of the form of a radio group,
// through validation and the entry list to the request.
func BenchmarkRadioGroupSubmit(b *testing.B) {
	sizes(b, radioGroupSizes, "radio", func(b *testing.B, n int) {
		doc := vdom.ParseString(radioGroupPage(n), vdom.WithURL("https://example.com/form"))
		form := doc.GetElementByID("f")
		var body []byte
		doc.Window().SetNavigationHandler(func(r vdom.NavigationRequest) error {
			body = r.Body
			return nil
		})
		b.ReportAllocs()
		for b.Loop() {
			if err := form.RequestSubmit(nil); err != nil {
				b.Fatal(err)
			}
		}
		if want := fmt.Sprintf("pick=v%d", n-1); string(body) != want {
			b.Fatalf("body %q, want %q", body, want)
		}
	})
}

// BenchmarkRadioGroupClick: a click on one radio of the group and then on
// another, each checking its radio and unchecking the other.
func BenchmarkRadioGroupClick(b *testing.B) {
	sizes(b, radioGroupSizes, "radio", func(b *testing.B, n int) {
		doc := vdom.ParseString(radioGroupPage(n))
		first, last := doc.GetElementByID("r0"), doc.GetElementByID(fmt.Sprintf("r%d", n-1))
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range []*vdom.Node{first, last} {
				if _, err := r.DispatchEvent(clickEvent()); err != nil {
					b.Fatal(err)
				}
			}
		}
		if first.Checked() || !last.Checked() {
			b.Fatalf("checked: first %v, last %v; want the last only", first.Checked(), last.Checked())
		}
	})
}

// BenchmarkSelectFormData: NewFormData of a form with a single select,
// which asks each option for its selectedness.
func BenchmarkSelectFormData(b *testing.B) {
	sizes(b, selectSizes, "option", func(b *testing.B, n int) {
		doc := vdom.ParseString(selectPage(n, false))
		form := doc.GetElementByID("f")
		b.ReportAllocs()
		for b.Loop() {
			fd, err := vdom.NewFormData(form, nil)
			if err != nil {
				b.Fatal(err)
			}
			if got := len(fd.GetAll("s")); got != 1 {
				b.Fatalf("%d entries, want 1", got)
			}
		}
	})
}

// BenchmarkSelectMultipleSubmit: RequestSubmit of a form with a select
// multiple of which every other option is selected.
func BenchmarkSelectMultipleSubmit(b *testing.B) {
	sizes(b, selectSizes, "option", func(b *testing.B, n int) {
		doc := vdom.ParseString(selectPage(n, true), vdom.WithURL("https://example.com/form"))
		form := doc.GetElementByID("f")
		var body []byte
		doc.Window().SetNavigationHandler(func(r vdom.NavigationRequest) error {
			body = r.Body
			return nil
		})
		b.ReportAllocs()
		for b.Loop() {
			if err := form.RequestSubmit(nil); err != nil {
				b.Fatal(err)
			}
		}
		if got, want := strings.Count(string(body), "s=o"), n/2; got != want {
			b.Fatalf("%d entries in the body, want %d", got, want)
		}
	})
}
