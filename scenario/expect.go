package scenario

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// expect checks one expect step; every check is reported, passing or not.
func (r *runner) expect(e *expectation, sr *StepResult) {
	if e == nil {
		return
	}
	add := func(what string, ok bool, detail string) {
		sr.Checks = append(sr.Checks, Check{What: what, OK: ok, Detail: detail})
	}
	switch {
	case e.inOrder:
		r.expectCallsInOrder(e.calls, add)
	case e.hasCalls:
		r.expectCalls(e.calls, add)
	}
	if e.canceled != nil {
		what := "the last dispatch was not canceled"
		if *e.canceled {
			what = "the last dispatch was canceled"
		}
		switch {
		case r.canceled == nil:
			add(what, false, "no dispatch step ran before")
		default:
			add(what, *r.canceled == *e.canceled, fmt.Sprintf("canceled: %v", *r.canceled))
		}
	}
	r.expectPage(e, add)
	if e.target.text == "" {
		return
	}
	t := e.target.text
	var els []*vdom.Node
	var err error
	if e.target.q != nil {
		els, err = e.target.q.QueryAll(&r.doc.Node)
	} else {
		els, err = r.doc.QuerySelectorAll(e.target.sel)
	}
	if err != nil {
		add("query "+t, false, err.Error())
		return
	}
	if e.present != nil {
		if *e.present {
			add(t+" is present", len(els) > 0, "no element matches")
		} else {
			add(t+" is absent", len(els) == 0, fmt.Sprintf("%d element(s) match, the first is %s", len(els), describeFirst(els)))
		}
	}
	if e.count != nil {
		add(fmt.Sprintf("%s matches %d element(s)", t, *e.count), len(els) == *e.count, fmt.Sprintf("it matches %d", len(els)))
	}
	needOne := e.text != nil || e.value != nil || e.focused != nil || len(e.attributes) > 0 || len(e.classes) > 0 || e.html != nil
	if !needOne {
		return
	}
	var el *vdom.Node
	switch {
	case e.target.q != nil:
		// A query is about one element, as Testing Library's getBy: none
		// or several is its readable error, with what the page holds.
		if el, err = e.target.q.Get(&r.doc.Node); err != nil {
			add("find "+t, false, err.Error())
			return
		}
	case len(els) == 0:
		add(t+" exists", false, "no element matches, so its text, attributes, classes or HTML cannot be checked")
		return
	default:
		el = els[0]
	}
	if e.text != nil {
		got := normalizeSpace(el.TextContent())
		want := normalizeSpace(*e.text)
		add(fmt.Sprintf("text of %s is %s", t, quoteJSON(want)), got == want, "got "+quoteJSON(got))
	}
	if e.value != nil {
		got := el.Value()
		add(fmt.Sprintf("value of %s is %s", t, quoteJSON(*e.value)), got == *e.value, "got "+quoteJSON(got))
	}
	if e.focused != nil {
		active := r.doc.ActiveElement()
		what, detail := t+" has the focus", "the focus is on "+describeFocus(active)
		if !*e.focused {
			what = t + " does not have the focus"
		}
		add(what, (active == el) == *e.focused, detail)
	}
	for _, a := range e.attributes {
		got, has := el.GetAttribute(a.name)
		switch {
		case a.value == nil:
			add(fmt.Sprintf("%s has no %s attribute", t, a.name), !has, fmt.Sprintf("it has %s=%s", a.name, quoteJSON(got)))
		case !has:
			add(fmt.Sprintf("%s has %s=%s", t, a.name, quoteJSON(*a.value)), false, "the attribute is absent")
		default:
			add(fmt.Sprintf("%s has %s=%s", t, a.name, quoteJSON(*a.value)), got == *a.value, "got "+quoteJSON(got))
		}
	}
	for _, c := range e.classes {
		has := el.ClassList().Contains(c.name)
		what := fmt.Sprintf("%s has class %s", t, c.name)
		if !c.want {
			what = fmt.Sprintf("%s lacks class %s", t, c.name)
		}
		add(what, has == c.want, "class="+quoteJSON(el.ClassName()))
	}
	if e.html != nil {
		ok, detail := r.compareHTML(el, *e.html)
		add("HTML of "+t+" matches", ok, detail)
	}
}

func describeFirst(els []*vdom.Node) string {
	if len(els) == 0 {
		return "none"
	}
	return describe(els[0])
}

// normalizeSpace trims and collapses white space, which HTML does not
// show and a person should not have to match.
func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// expectCalls checks the scenario's handler calls since the previous calls
// expectation (EventPerk's own lifecycle handlers left out) against the
// patterns, one for one, in order.
func (r *runner) expectCalls(want []callPattern, add func(string, bool, string)) {
	got := r.callsSinceMark()
	what := fmt.Sprintf("the %d calls since the last calls check", len(want))
	switch len(want) {
	case 0:
		what = "no calls since the last calls check"
	case 1:
		what = "the one call since the last calls check"
	}
	var lines []string
	ok := len(got) == len(want)
	for i := 0; i < max(len(got), len(want)); i++ {
		switch {
		case i >= len(want):
			lines = append(lines, "+ "+callLine(got[i])+"   (not expected)")
		case i >= len(got):
			lines = append(lines, "- "+want[i].text+"   (missing)")
		default:
			if why := want[i].mismatch(got[i]); why != "" {
				ok = false
				lines = append(lines, "- "+want[i].text, "+ "+callLine(got[i])+"   ("+why+")")
			} else {
				lines = append(lines, "  "+callLine(got[i]))
			}
		}
	}
	detail := ""
	if !ok {
		detail = "calls (-want +got):\n" + strings.Join(lines, "\n")
	}
	add(what, ok, detail)
}

// callsSinceMark returns the calls since the previous calls expectation,
// EventPerk's own left out, and moves the mark.
func (r *runner) callsSinceMark() []*Call {
	var got []*Call
	for _, c := range r.res.Calls[r.callsMark:] {
		if !c.Internal {
			got = append(got, c)
		}
	}
	r.callsMark = len(r.res.Calls)
	return got
}

// expectCallsInOrder checks that the patterns match calls made since the
// previous calls expectation, in order, with any other calls before,
// between and after them. Each pattern takes the first call after the
// previous pattern's that matches it, which finds a match whenever one
// exists.
func (r *runner) expectCallsInOrder(want []callPattern, add func(string, bool, string)) {
	got := r.callsSinceMark()
	what := fmt.Sprintf("the %d calls, in order, among those since the last calls check", len(want))
	if len(want) == 1 {
		what = "the call, among those since the last calls check"
	}
	var lines []string
	ok, next := true, 0
	for _, p := range want {
		found := -1
		for j := next; j < len(got); j++ {
			if p.mismatch(got[j]) == "" {
				found = j
				break
			}
		}
		if found < 0 {
			ok = false
			lines = append(lines, "- "+p.text+"   (missing after the calls above)")
			continue
		}
		for _, c := range got[next:found] {
			lines = append(lines, "  "+callLine(c)+"   (other call)")
		}
		lines = append(lines, "= "+callLine(got[found]))
		next = found + 1
	}
	for _, c := range got[next:] {
		lines = append(lines, "  "+callLine(c)+"   (other call)")
	}
	detail := ""
	if !ok {
		detail = "calls (- expected and missing, = expected and made):\n" + strings.Join(lines, "\n")
	}
	add(what, ok, detail)
}

// callLine is the short form of a call that patterns are written in.
func callLine(c *Call) string { return c.Event + " " + c.Element + " " + c.Handler }

// mismatch says why a call does not match the pattern, or "".
func (p callPattern) mismatch(c *Call) string {
	var why []string
	field := func(name, want, got string) {
		if want != "" && want != got {
			why = append(why, fmt.Sprintf("%s is %s", name, quoteJSON(got)))
		}
	}
	field("event", p.event, c.Event)
	field("handler", p.handler, c.Handler)
	field("unit", p.unit, c.Unit)
	field("phase", p.phase, c.Phase)
	field("mode", p.mode, c.Mode)
	if p.element != "" && p.element != c.Element && !matches(c.el, p.element) {
		why = append(why, fmt.Sprintf("element is %s", c.Element))
	}
	if p.order != nil && *p.order != c.Order {
		why = append(why, fmt.Sprintf("order is %d", c.Order))
	}
	args := c.Args
	if args == nil {
		args = &Args{}
	}
	field("sender", p.sender, args.Sender)
	field("target", p.target, args.Target)
	if p.detail != nil && !sameJSON(p.detail.toAny(), args.Detail) {
		why = append(why, "detail is "+compactJSON(args.Detail))
	}
	if p.options != nil {
		var got any = map[string]any{}
		if args.Options != nil {
			got = args.Options
		}
		if !sameJSON(p.options.toAny(), got) {
			why = append(why, "options are "+compactJSON(got))
		}
	}
	if p.err != nil {
		switch {
		case c.Err == nil && *p.err != "":
			why = append(why, "it did not fail")
		case c.Err != nil && *p.err == "":
			why = append(why, "it failed: "+c.Err.Error())
		case c.Err != nil && !strings.Contains(c.Err.Error(), *p.err):
			why = append(why, "error is "+quoteJSON(c.Err.Error()))
		}
	}
	return strings.Join(why, ", ")
}

// sameJSON compares two values by their JSON text, so that 1 (int64) and
// 1.0 (float64) are the same number.
func sameJSON(a, b any) bool { return canonical(a) == canonical(b) }

func canonical(v any) string {
	switch v := v.(type) {
	case int64:
		return compactJSON(float64(v))
	case int:
		return compactJSON(float64(v))
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = rawJSON(canonical(x))
		}
		return compactJSON(out)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = rawJSON(canonical(x))
		}
		return compactJSON(out)
	}
	return compactJSON(v)
}

// rawJSON is JSON text that is written as it is.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// matches reports whether el matches sel; an invalid selector matches
// nothing, since the pattern may be a name that is not a selector.
func matches(el *vdom.Node, sel string) bool {
	if el == nil {
		return false
	}
	ok, err := el.Matches(sel)
	return err == nil && ok
}

// describeFocus names the element that has the focus, for checks and
// outcomes.
func describeFocus(active *vdom.Node) string {
	if active == nil {
		return "nothing"
	}
	if active.LocalName() == "body" {
		return "the body (no element has it)"
	}
	return describe(active)
}
