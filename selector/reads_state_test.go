package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// askCounter is a State that counts the questions it is asked.
type askCounter struct{ n *int }

func (a askCounter) Is(*html.Node, selector.PseudoClass) bool { *a.n++; return false }
func (a askCounter) Focus() (*html.Node, bool)                { *a.n++; return nil, false }
func (a askCounter) Pointer() (*html.Node, *html.Node)        { *a.n++; return nil, nil }
func (a askCounter) LabeledControl(*html.Node) *html.Node     { *a.n++; return nil }

// TestReadsStateAgreesWithCalls checks ReadsState against what a query
// does: a selector that says it reads no state never calls the State on a
// page where every pseudo-class of state would be asked, and one that says
// it does calls it at least once there.
func TestReadsStateAgreesWithCalls(t *testing.T) {
	doc := mustParse(`<form id=f><fieldset><input id=a type=checkbox required value=1>
<input type=number min=1 max=3 value=2 placeholder=x><textarea></textarea>
<select><option selected>o</option></select><button>b</button><progress></progress></fieldset></form>
<a id=t name=t href=#t>t</a><p lang=en dir=rtl>p</p>`)
	cases := []struct {
		src  string
		want bool
	}{
		{"input", false},
		{"#a[type=checkbox]", false},
		{"p:lang(en)", false},
		{"p:dir(rtl)", false},
		{"li:nth-child(2n of .x)", false},
		{":enabled", true},
		{":checked", true},
		{":is(p, :checked)", true},
		{":not(:disabled)", true},
		{"form:has(:invalid)", true},
		{":nth-child(1 of :checked)", true},
		{":focus-within", true},
		{":target", true},
		{":user-invalid", true},
		{"input:in-range", true},
		{":placeholder-shown", true},
		{":default", true},
		{":read-write", true},
		{"progress:indeterminate", true},
		{"form:hover input", true},
		{"button:active", true},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			s := selector.MustCompile(c.src)
			if got := s.ReadsState(); got != c.want {
				t.Fatalf("ReadsState() = %v, want %v", got, c.want)
			}
			calls := 0
			s.WithState(askCounter{&calls}).QueryAll(doc)
			if !c.want && calls != 0 {
				t.Errorf("ReadsState() is false but the query asked the State %d times", calls)
			}
			if c.want && calls == 0 {
				t.Errorf("ReadsState() is true but the query never asked the State")
			}
		})
	}
}
