package scenario

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

// Format says how a result is written.
type Format struct {
	// Durations shows how long each handler call and the run took. Leave it
	// off for output that must not change between runs (golden files).
	Durations bool
	// Internal shows EventPerk's own lifecycle handlers too.
	Internal bool
	// Color marks results with ANSI colours, for terminals.
	Color bool
	// Quiet writes only failures and the summary line.
	Quiet bool
}

// palette colours text when colour is on.
type palette struct{ on bool }

func (p palette) wrap(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}
func (p palette) ok(s string) string   { return p.wrap("32", s) }
func (p palette) bad(s string) string  { return p.wrap("31", s) }
func (p palette) warn(s string) string { return p.wrap("33", s) }
func (p palette) dim(s string) string  { return p.wrap("2", s) }
func (p palette) bold(s string) string { return p.wrap("1", s) }

// WriteText writes the result for people: a header, then each step with
// one line per handler call, indented by nesting, then the checks, then a
// summary line.
//
// A call line reads "event element handler", the form calls expectations
// are written in, then the handler's order, phase and mode, its result and,
// with Durations, how long it took. A handler that returned work to finish
// later shows "…" and, when the work settles, a second line.
func (r *Result) WriteText(w io.Writer, f Format) error {
	tw := &textWriter{w: w, f: f, p: palette{on: f.Color}, origin: r.origin}
	switch {
	case !f.Quiet:
		tw.header(r)
	case !r.OK():
		// Quiet output still says which scenario the failures belong to.
		tw.line("%s", tw.p.bold("== "+r.Scenario.Name))
	}
	for _, s := range r.Steps {
		tw.step(s)
	}
	tw.summary(r)
	return tw.err
}

type textWriter struct {
	w    io.Writer
	f    Format
	p    palette
	err  error
	bare bool // the last step printed only its title
	// origin is the scheme and host of the run's first page: URLs there
	// print as paths.
	origin string

	shown  []string // the error messages printed in this step, in full
	count  int      // handler errors printed
	hidden int      // handler errors left out past MaxErrorsShown
}

// minReferenced is the length from which an error printed before is
// referred to rather than repeated.
const minReferenced = 60

// MaxErrorsShown is how many handler errors the text of one scenario
// prints; the calls after them still show FAILED, and the summary says how
// many errors were left out. The JSON output has every one.
const MaxErrorsShown = 10

// errText is how an error prints. An error that wraps one printed before
// (a handler's error that holds the error of the handler it triggered)
// names it instead of repeating it, and a path that repeats (a handler
// that triggers itself) is written once with a count. Past MaxErrorsShown
// handler errors, ok is false and nothing is printed.
func (t *textWriter) errText(msg string, handler bool) (string, bool) {
	full := msg
	for i := len(t.shown) - 1; i >= 0; i-- {
		// Short messages read better whole than as a reference.
		p := t.shown[i]
		if len(p) >= minReferenced && strings.HasSuffix(msg, ": "+p) {
			msg = strings.TrimSuffix(msg, p) + "the error above"
			break
		}
	}
	if handler {
		if t.count >= MaxErrorsShown {
			t.hidden++
			return "", false
		}
	}
	if handler {
		t.count++
	}
	t.shown = append(t.shown, full)
	return collapseRepeats(msg), true
}

// collapseRepeats writes a run of three or more identical ": "-separated
// parts once, with the count: "a: a: a: b" is "a (3 times): b".
func collapseRepeats(msg string) string {
	parts := strings.Split(msg, ": ")
	var out []string
	for i := 0; i < len(parts); {
		j := i
		for j < len(parts) && parts[j] == parts[i] {
			j++
		}
		if n := j - i; n >= 3 {
			out = append(out, fmt.Sprintf("%s (%d times)", parts[i], n))
		} else {
			out = append(out, parts[i:j]...)
		}
		i = j
	}
	return strings.Join(out, ": ")
}

func (t *textWriter) anyVisible(items []Item) bool {
	for _, it := range items {
		if it.Call == nil || !it.Call.Internal || t.f.Internal {
			return true
		}
	}
	return false
}

func (t *textWriter) line(format string, args ...any) {
	if t.err != nil {
		return
	}
	_, t.err = fmt.Fprintf(t.w, format+"\n", args...)
}

func (t *textWriter) header(r *Result) {
	s := r.Scenario
	t.line("%s", t.p.bold("== "+s.Name))
	if s.Name != s.File {
		t.line("   %s", s.File)
	}
	if s.Description != "" {
		for _, l := range wrap(s.Description, 76) {
			t.line("   %s", l)
		}
	}
	var units []string
	for _, u := range s.units {
		name := u.name
		switch {
		case u.each && s.PageURL != "":
			name += "[…]" // counted on each page the run loads
		case u.each:
			name += fmt.Sprintf("[0..%d]", max(u.count-1, 0))
		}
		units = append(units, name+" on "+u.element)
	}
	t.line("   page %s; units: %s", s.pageName(), strings.Join(units, ", "))
}

func (t *textWriter) step(s *StepResult) {
	quietSkip := t.f.Quiet && s.OK()
	if quietSkip {
		return
	}
	if s.Kind == "end" && len(s.Items) == 0 && s.OK() {
		return
	}
	if s.Kind == "load" && s.OK() && len(s.Items) == 0 {
		return
	}
	title := s.Path + "  " + s.Title
	if s.Skipped {
		t.line("\n%s", t.p.dim(title+": skipped"))
		t.bare = false
		return
	}
	// Steps with nothing to show (a unit whose start calls no handler of
	// the scenario's) go on consecutive lines, not one block each.
	bare := s.Note == "" && s.Outcome == "" && s.OK() && s.ExpectedError == "" && len(s.Checks) == 0 && !t.anyVisible(s.Items)
	if bare && t.bare {
		t.line("%s", t.p.bold(title))
		return
	}
	t.bare = bare
	t.shown = t.shown[:0]
	t.line("\n%s", t.p.bold(title))
	if s.Note != "" {
		for _, l := range wrap(s.Note, 74) {
			t.line("  %s", t.p.dim("# "+l))
		}
	}
	for _, it := range s.Items {
		t.item(it)
	}
	if s.Outcome != "" {
		t.line("  → %s", s.Outcome)
	}
	if s.ExpectedError != "" {
		t.multi("  "+t.p.ok("✓")+" ", "failed as expected: "+s.ExpectedError)
	}
	if s.Err != nil {
		msg, _ := t.errText(s.Err.Error(), false)
		t.multi("  "+t.p.bad("✗")+" ", "error: "+msg)
	}
	for _, f := range s.Failures {
		msg, _ := t.errText(f, false)
		t.multi("  "+t.p.bad("✗")+" ", msg)
	}
	for _, c := range s.Checks {
		if c.OK {
			t.line("  %s %s", t.p.ok("✓"), c.What)
			continue
		}
		t.line("  %s %s", t.p.bad("✗"), c.What)
		for _, l := range strings.Split(c.Detail, "\n") {
			t.line("      %s", l)
		}
	}
}

// multi writes a message whose later lines are indented under the first.
func (t *textWriter) multi(prefix, msg string) {
	lines := strings.Split(msg, "\n")
	t.line("%s%s", prefix, lines[0])
	for _, l := range lines[1:] {
		t.line("      %s", l)
	}
}

func (t *textWriter) item(it Item) {
	switch it.Kind {
	case ItemNoTarget:
		t.line("  %s settings entry %s of unit %s matched no element", t.p.warn("!"), quoteJSON(it.Entry), it.Unit)
		return
	case ItemNavigation:
		t.line("  %s", t.navigation(it.Navigation))
		return
	case ItemHTMXRequest:
		t.line("  %s", t.htmxRequest(it.HTMXRequest))
		return
	case ItemHTMXSwap:
		t.line("  %s", htmxSwapLine(it.HTMXSwap))
		return
	}
	c := it.Call
	if c.Internal && !t.f.Internal {
		return
	}
	indent := "  " + strings.Repeat("  ", max(c.Depth-1, 0))
	name := callLine(c)
	if c.Spy {
		name += " (spy)"
	}
	if it.Kind == ItemEnd {
		t.line("%s%s %s  %s", indent, t.p.dim("…"), name, t.result(c, true))
		return
	}
	meta := fmt.Sprintf("order %d · %s · %s · unit %s", c.Order, c.Phase, c.Mode, c.Unit)
	t.line("%s%s  %s  %s", indent, name, t.p.dim(meta), t.result(c, c.Inline))
	if a := c.Args; a != nil {
		var parts []string
		if a.Sender != c.Element {
			parts = append(parts, "sender "+a.Sender)
		}
		if a.Target != "" {
			parts = append(parts, "target "+a.Target)
		}
		if a.Detail != nil {
			parts = append(parts, "detail "+compactJSON(a.Detail))
		}
		if len(a.Options) > 0 {
			parts = append(parts, "options "+compactJSON(a.Options))
		}
		if a.This != "" {
			parts = append(parts, "this "+a.This)
		}
		if len(parts) > 0 {
			t.line("%s    %s", indent, t.p.dim(strings.Join(parts, " · ")))
		}
	}
}

// navigation is the line of a page load: the request, who asked, each
// response (a redirect, then the request it led to), and the units made
// on the new page:
//
//	navigate POST /items (form#add): 303 See Other → GET /items/7: 200 OK · units app
func (t *textWriter) navigation(n *Navigation) string {
	verb := "navigate"
	if n.Download {
		verb = "download"
	}
	var b strings.Builder
	b.WriteString(verb)
	if n.WithinPage {
		b.WriteString(" within the page to " + t.short(n.URL))
		return b.String()
	}
	if n.Method != "" {
		b.WriteString(" " + n.Method + " " + t.short(n.URL))
	}
	var about []string
	if n.Source != "" {
		about = append(about, n.Source)
	}
	if n.Target != "" {
		about = append(about, "target "+n.Target)
	}
	if len(about) > 0 {
		b.WriteString(" (" + strings.Join(about, ", ") + ")")
	}
	switch {
	case !n.Followed:
		b.WriteString(": " + t.p.dim("not followed: the page is not from a server"))
		return b.String()
	case len(n.Requests) == 0 && n.Err != nil:
		b.WriteString(": " + t.p.bad("no request sent"))
		return b.String()
	}
	for i, rq := range n.Requests {
		if skip := len(n.Requests) - 2*shownHops; len(n.Requests) > 2*shownHops+1 && i >= shownHops && i < len(n.Requests)-shownHops {
			if i == shownHops {
				fmt.Fprintf(&b, " → … %d more redirects", skip)
			}
			continue
		}
		if i > 0 || n.Method == "" {
			if i > 0 {
				b.WriteString(" →")
			}
			b.WriteString(" " + rq.Method + " " + t.short(rq.URL))
		}
		b.WriteString(": " + t.status(rq.Status))
	}
	if len(n.Units) > 0 {
		b.WriteString(t.p.dim(" · units " + strings.Join(n.Units, ", ")))
	}
	return b.String()
}

// shownHops is how many requests a navigation line shows at each end of a
// long chain of redirects; a loop's error lists every one.
const shownHops = 3

// status is a response's status as "200 OK", coloured by its class.
func (t *textWriter) status(code int) string {
	if code == 0 {
		return t.p.bad("no response")
	}
	s := fmt.Sprintf("%d %s", code, http.StatusText(code))
	if code >= 400 {
		return t.p.bad(s)
	}
	return s
}

// htmxRequest is the line of a request htmx sent and the status of its
// response:
//
//	htmx GET /rows (#load): 200 OK
func (t *textWriter) htmxRequest(rq *HTMXRequest) string {
	s := "htmx " + rq.Method + " " + t.short(rq.URL)
	if rq.Source != "" {
		s += " (" + rq.Source + ")"
	}
	if rq.TimedOut {
		return s + ": " + t.p.bad("no response within the timeout")
	}
	return s + ": " + t.status(rq.Status)
}

// htmxSwapLine is the line of a swap htmx made:
//
//	htmx swap innerHTML into #rows
//	htmx swap outerHTML into #count (out of band)
func htmxSwapLine(s *HTMXSwap) string {
	line := "htmx swap " + s.Style + " into " + s.Target
	switch s.Kind {
	case "oob":
		line += " (out of band)"
	case "partial":
		line += " (partial)"
	}
	return line
}

// short writes a URL of the run's first page's origin as its path.
func (t *textWriter) short(u string) string { return shortenURL(u, t.origin) }

// result is how a call ended, or "…" while it has not.
func (t *textWriter) result(c *Call, ended bool) string {
	if c.Abandoned {
		return t.p.warn("… abandoned: the page was left")
	}
	if !ended || !c.Ended {
		switch {
		case !c.Ended:
			return t.p.warn("… never finished")
		case c.Deferred:
			return t.p.dim("… returned work that finishes later")
		}
		return t.p.dim("…")
	}
	var s string
	switch {
	case c.Err != nil:
		if msg, ok := t.errText(c.Err.Error(), true); ok {
			s = t.p.bad("FAILED: " + oneLine(msg))
		} else {
			s = t.p.bad("FAILED")
		}
	case c.Deferred:
		s = t.p.ok("ok") + ", finished later"
	default:
		s = t.p.ok("ok")
	}
	if t.f.Durations {
		s += "  " + t.p.dim(formatDuration(c.Duration()))
	}
	return s
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", "; ") }

func (t *textWriter) summary(r *Result) {
	var checks, failedChecks, failedSteps, calls int
	for _, s := range r.Steps {
		checks += len(s.Checks)
		for _, c := range s.Checks {
			if !c.OK {
				failedChecks++
			}
		}
		if s.Err != nil || len(s.Failures) > 0 {
			failedSteps++
		}
	}
	for _, c := range r.Calls {
		if !c.Internal {
			calls++
		}
	}
	stats := plural(len(r.Scenario.steps), "step") + ", " + plural(calls, "call") + ", " + plural(checks, "check")
	if t.f.Durations {
		stats += ", " + formatDuration(r.Elapsed)
	}
	// Quiet output is a list: one summary line per scenario.
	nl := "\n"
	if t.f.Quiet && r.OK() {
		nl = ""
	}
	if r.OK() {
		t.line("%s%s %s (%s)", nl, t.p.ok("PASS"), r.Scenario.File, stats)
		return
	}
	var why []string
	if failedChecks > 0 {
		why = append(why, fmt.Sprintf("%d of %d checks failed", failedChecks, checks))
	}
	if failedSteps > 0 {
		why = append(why, plural(failedSteps, "step")+" failed")
	}
	if r.TimedOut {
		why = append(why, "timed out")
	}
	if t.hidden > 0 {
		t.line("\n  %s", t.p.dim(fmt.Sprintf("handler errors not printed: %d more (the first %d are; --json has every one)", t.hidden, MaxErrorsShown)))
	}
	t.line("%s%s %s: %s (%s)", nl, t.p.bad("FAIL"), r.Scenario.File, strings.Join(why, ", "), stats)
}

// formatDuration rounds to three significant digits or so: enough to
// compare calls, not so many that the eye drowns.
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return d.String()
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}

// wrap breaks text into lines of at most width characters at spaces,
// keeping the line breaks the text has.
func wrap(text string, width int) []string {
	var out []string
	for _, para := range strings.Split(strings.TrimSpace(text), "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			switch {
			case line == "":
				line = w
			case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width:
				out = append(out, line)
				line = w
			default:
				line += " " + w
			}
		}
		out = append(out, line)
	}
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
