package htmx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestReplay runs every recorded scenario (testdata/scenarios, recorded
// in Chromium with htmx 2.0.11 and 4.0.1: testdata/README.md) through a
// browse session whose handler gives the scenario's canned answers, on a
// fake clock, and compares each state the recording has (after the load
// and after every step): the URL, the title, the focus, the changed form
// values, the requests (method, URL, the headers htmx sets, the body),
// the events htmx fired (type, target, details) and the body's HTML. The
// scenarios whose replay is known to differ are listed in knownMismatches
// with the reason; one listed that replays exactly fails the test too, so
// the list stays true.
func TestReplay(t *testing.T) {
	scenarios := loadScenarios(t)
	type tally struct{ pass, total int }
	counts := map[string]*tally{}
	var failures []string
	only := os.Getenv("HTMX_REPLAY_ONLY")
	for _, sc := range scenarios {
		if only != "" && !strings.HasPrefix(sc.Name, only) {
			continue
		}
		for _, v := range sc.Versions {
			name := sc.Name + ".v" + v
			area := strings.SplitN(sc.Name, "-", 2)[0] + " v" + v
			if counts[area] == nil {
				counts[area] = &tally{}
			}
			counts[area].total++
			diff, _ := replayScenario(t, sc, v)
			reason, known := knownMismatches[name]
			switch {
			case diff == "" && known:
				t.Errorf("%s replays exactly but knownMismatches lists it (%s): remove it", name, reason)
			case diff == "":
				counts[area].pass++
			case !known:
				failures = append(failures, name)
				t.Errorf("%s: replay mismatch (-recorded +replayed):\n%s", name, diff)
			}
		}
	}
	areas := make([]string, 0, len(counts))
	for a := range counts {
		areas = append(areas, a)
	}
	sort.Strings(areas)
	var b strings.Builder
	pass, total := 0, 0
	for _, a := range areas {
		fmt.Fprintf(&b, "%-14s %3d/%3d\n", a, counts[a].pass, counts[a].total)
		pass += counts[a].pass
		total += counts[a].total
	}
	fmt.Fprintf(&b, "all            %3d/%3d", pass, total)
	t.Logf("replayed exactly:\n%s", b.String())
	if os.Getenv("HTMX_REPLAY_SUMMARY") != "" {
		fmt.Println(b.String())
		fmt.Println("failing:", strings.Join(failures, " "))
	}
}

// replayRun is one scenario replayed for one version.
type replayRun struct {
	t       *testing.T
	sc      *scenario
	v       string
	srv     *server
	sess    *browse.Session
	clock   *vdom.FakeClock
	start   time.Time
	events  []*recEvent
	dialogs []map[string]any
	answers []dialogAnswer
	reqs    map[string]*Request
	nextID  int
	engines []*Engine
	last    *recEvent
}

// recEvent is one event fired, as a recording lists it.
type recEvent struct {
	T         int64
	Type      string
	Target    string
	Bubbles   bool
	Detail    any
	Alias     string
	ev        *vdom.Event
	detailRef any
	// nullDetail: the event's detail is null, which the recorder
	// writes as such (a CustomEvent whose detail htmx gave as null).
	nullDetail bool
}

// replayScenario replays sc for version v and returns the differences
// from its recording ("" for none) and the errors the engines reported.
func replayScenario(t *testing.T, sc *scenario, v string) (string, []error) {
	t.Helper()
	rec := loadRecording(t, sc.Name, v)
	run := &replayRun{t: t, sc: sc, v: v, srv: newServer(t, sc, v), reqs: map[string]*Request{}}
	run.start = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	run.clock = vdom.NewFakeClock(run.start)
	opts := browse.Options{Handler: run.srv, BaseURL: "http://htmx.test/", ParseOptions: []vdom.ParseOption{vdom.WithClock(run.clock)}}
	// Each document the recorder sees runs its own virtual clock from 0.
	opts.PageHooks = append(opts.PageHooks, func(context.Context, *browse.Session, *browse.Page) error {
		run.start = run.clock.Now()
		return nil
	})
	if err := Attach(&opts, Options{
		Confirm: run.confirm,
		Prompt:  run.prompt,
		// The recorder's network answers at settle, one request at a
		// time: every response waits for run.settle.
		Hold:          func(r *Request) bool { return true },
		Trace:         run.trace,
		ConfigRequest: run.tag,
	}); err != nil {
		t.Fatal(err)
	}
	opts.PageHooks = append(opts.PageHooks, func(_ context.Context, _ *browse.Session, p *browse.Page) error {
		if e := Of(p.Document()); e != nil {
			run.engines = append(run.engines, e)
		}
		return nil
	})
	sess, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	run.sess = sess
	var states []map[string]any
	var stepReqs [][]*wireRequest
	run.begin(nil)
	page := sc.URL
	if page == "" {
		page = "/"
	}
	_, _ = sess.Open(context.Background(), page)
	run.settle()
	states = append(states, run.snapshot(map[string]any{"action": "load"}))
	stepReqs = append(stepReqs, run.srv.take())
	for _, st := range sc.steps(t, v) {
		run.begin(&st)
		if err := run.do(st); err != nil {
			return fmt.Sprintf("step %s: %v", string(st.raw), err), run.errors()
		}
		run.settle()
		var raw map[string]any
		_ = json.Unmarshal(st.raw, &raw)
		states = append(states, run.snapshot(raw))
		stepReqs = append(stepReqs, run.srv.take())
	}
	for i := range states {
		states[i]["requests"] = run.requests(stepReqs[i])
	}
	var out strings.Builder
	for i := range rec.States {
		if i >= len(states) {
			fmt.Fprintf(&out, "state %d missing\n", i)
			break
		}
		want := normalizeRecorded(rec.States[i])
		if d := cmp.Diff(want, states[i]); d != "" {
			fmt.Fprintf(&out, "state %d (%v):\n%s", i, rec.States[i]["step"], stateDiff(want, states[i]))
		}
	}
	return out.String(), run.errors()
}

// errors returns the errors of every engine the run's pages had.
func (run *replayRun) errors() []error {
	var out []error
	for _, e := range run.engines {
		out = append(out, e.Errors()...)
	}
	return out
}

// normalizeRecorded makes a recorded state comparable with a replayed
// one: numbers as float64 (JSON's), fields the replay does not produce
// (console, scroll) left out. The body is compared as Chromium wrote it:
// parsing it again would change trees no parser makes, which swaps do
// make (a td inserted straight into a tbody by an out-of-band afterend,
// oob-tbody-beforeend).
func normalizeRecorded(s map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range s {
		switch k {
		case "console", "scroll":
			continue
		}
		out[k] = v
	}
	return out
}

// begin starts a step: its dialog answers, a fresh event list.
func (run *replayRun) begin(st *step) {
	run.events, run.dialogs, run.last = nil, nil, nil
	run.answers = nil
	if st != nil {
		if st.Dialog != nil {
			run.answers = append(run.answers, *st.Dialog)
		}
		run.answers = append(run.answers, st.Dialogs...)
	}
}

// confirm answers a confirm dialog from the step's answers.
func (run *replayRun) confirm(d Dialog) bool {
	rec := map[string]any{"type": "confirm", "message": d.Message}
	ok := false
	if len(run.answers) == 0 {
		rec["unexpected"] = true
	} else {
		ok = run.answers[0].Accept
		run.answers = run.answers[1:]
	}
	rec["accepted"] = ok
	run.dialogs = append(run.dialogs, rec)
	return ok
}

// prompt answers a prompt dialog from the step's answers.
func (run *replayRun) prompt(d Dialog) (string, bool) {
	rec := map[string]any{"type": "prompt", "message": d.Message, "defaultValue": ""}
	ok, text := false, ""
	if len(run.answers) == 0 {
		rec["unexpected"] = true
	} else {
		a := run.answers[0]
		run.answers = run.answers[1:]
		ok = a.Accept
		if a.Text != nil {
			text = *a.Text
		}
	}
	rec["accepted"] = ok
	if ok {
		rec["text"] = text
	}
	run.dialogs = append(run.dialogs, rec)
	return text, ok
}

// tag marks each request with an id the server records, so that a
// request's wire records (redirects included) find their Request.
func (run *replayRun) tag(r *Request) error {
	run.nextID++
	id := fmt.Sprint(run.nextID)
	r.Header.Set("X-Replay-Id", id)
	run.reqs[id] = r
	return nil
}

// trace records an event as the recorder does, its detail made
// JSON-safe at dispatch time.
func (run *replayRun) trace(ev *vdom.Event, target vdom.EventTarget) {
	detail := ev.Detail()
	if l := run.last; l != nil && ev.Type() != l.Type && ev.Type() == kebabName(l.Type) && sameRef(detail, l.detailRef) {
		l.Alias = ev.Type()
		return
	}
	e := &recEvent{T: run.now(), Type: ev.Type(), Target: desc(target), Bubbles: ev.Bubbles(), ev: ev, detailRef: detail}
	e.Detail = project(run.v, ev.Type(), detail)
	e.nullDetail = detail == nil
	run.events = append(run.events, e)
	run.last = e
}

// sameRef reports whether two details are the same object.
func sameRef(a, b any) bool {
	if a == nil || b == nil {
		return false
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if va.Kind() != vb.Kind() {
		return false
	}
	switch va.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		return va.Pointer() == vb.Pointer()
	}
	return false
}

// now is the fake time in ms since the start.
func (run *replayRun) now() int64 { return run.clock.Now().Sub(run.start).Milliseconds() }

// engine is the engine of the session's current page.
func (run *replayRun) engine() *Engine { return Of(run.sess.Document()) }

// settle lets the page run until it is idle at this moment, as the
// recorder's settle does: timers due and tasks run, then the oldest
// response not held by its scenario is answered, and again until none is
// left.
func (run *replayRun) settle() {
	for i := 0; i < 1000; i++ {
		e := run.engine()
		if e == nil {
			return
		}
		_ = e.Settle()
		if run.engine() != e {
			continue
		}
		var next *Request
		for _, r := range e.Held() {
			if !cannedHold(r) {
				next = r
				break
			}
		}
		if next == nil {
			return
		}
		_ = e.Release(next)
	}
}

// cannedHold reports a response the scenario holds until a respond step.
func cannedHold(r *Request) bool {
	return r.Response != nil && r.Response.Header.Get("X-Replay-Hold") != ""
}

// advance moves the clock as the recorder does: to each timer on the
// way, settling after each. The end is a time of the document's own
// clock: a document loaded on the way (a reload) runs its clock from 0
// to that same time, as the recorder moves the new page's clock to it.
func (run *replayRun) advance(d time.Duration) {
	run.settle()
	end := run.clock.Now().Sub(run.start) + d
	for i := 0; i < 100000; i++ {
		due, ok := run.sess.Document().NextTimer()
		if !ok || due.After(run.start.Add(end)) {
			break
		}
		_ = run.clock.Advance(due.Sub(run.clock.Now()))
		run.settle()
	}
	_ = run.clock.Advance(run.start.Add(end).Sub(run.clock.Now()))
	run.settle()
}

// element finds a step's element.
func (run *replayRun) element(sel string) (*vdom.Node, error) {
	doc := run.sess.Document()
	n, err := doc.QuerySelector(sel)
	if err != nil || n == nil {
		return nil, fmt.Errorf("no element %s (%v)", sel, err)
	}
	return n, nil
}

// do runs one step.
func (run *replayRun) do(st step) error {
	doc := run.sess.Document()
	u := userevent.New(doc, userevent.SkipChecks())
	switch st.Action {
	case "click":
		el, err := run.element(st.On)
		if err != nil {
			return err
		}
		_ = u.Click(el)
	case "type":
		el, err := run.element(st.On)
		if err != nil {
			return err
		}
		_ = el.Focus()
		if st.Clear {
			_ = el.Select()
			_ = u.Keyboard("{Backspace}")
		}
		_ = u.Keyboard(escapeKeys(st.Text))
	case "key":
		_ = u.Keyboard("{" + st.Key + "}")
	case "focus", "blur":
		el, err := run.element(st.On)
		if err != nil {
			return err
		}
		if st.Action == "focus" {
			_ = el.Focus()
		} else {
			_ = el.Blur()
		}
	case "select":
		el, err := run.element(st.On)
		if err != nil {
			return err
		}
		var vals []string
		if len(st.Value) > 0 && st.Value[0] == '[' {
			_ = json.Unmarshal(st.Value, &vals)
		} else {
			var s string
			_ = json.Unmarshal(st.Value, &s)
			vals = []string{s}
		}
		// As puppeteer's select: the options' selectedness is set, input
		// and change fire, the focus does not move.
		want := map[string]bool{}
		for _, v := range vals {
			want[v] = true
		}
		for _, o := range el.Options() {
			o.SetSelected(want[o.Value()])
		}
		_, _ = el.DispatchEvent(vdom.NewEventWith("input", vdom.EventInit{Bubbles: true, Composed: true}))
		_, _ = el.DispatchEvent(vdom.NewEventWith("change", vdom.EventInit{Bubbles: true}))
	case "files":
		el, err := run.element(st.On)
		if err != nil {
			return err
		}
		var files []vdom.File
		for _, f := range st.Files {
			files = append(files, vdom.File{Name: f.Name, Type: mimeByName(f.Name), Content: []byte(f.Content)})
		}
		// As puppeteer's uploadFile: the files are set, input and change
		// fire, and the focus stays where it was.
		_ = el.SetFiles(files)
	case "submit":
		el, err := run.element(st.On)
		if err != nil {
			return err
		}
		if el.LocalName() == "form" {
			_ = el.RequestSubmit(nil)
		} else if f := el.Form(); f != nil {
			_ = f.RequestSubmit(el)
		}
	case "dispatch":
		bubbles := st.Bubbles == nil || *st.Bubbles
		var detail any
		if len(st.Detail) > 0 {
			_ = json.Unmarshal(st.Detail, &detail)
		}
		ev := vdom.NewCustomEventWith(st.Event, vdom.CustomEventInit{Bubbles: bubbles, Cancelable: true, Detail: detail})
		switch st.On {
		case "document":
			_, _ = doc.DispatchEvent(ev)
		case "window":
			_, _ = doc.Window().DispatchEvent(ev)
		default:
			el, err := run.element(st.On)
			if err != nil {
				return err
			}
			_, _ = el.DispatchEvent(ev)
		}
	case "advance":
		run.advance(time.Duration(st.MS) * time.Millisecond)
	case "respond":
		for n := 0; ; n++ {
			run.settle()
			e := run.engine()
			var held []*Request
			if e != nil {
				for _, r := range e.Held() {
					if cannedHold(r) && (st.To == "" || r.Response.Header.Get("X-Replay-Key") == st.To) {
						held = append(held, r)
					}
				}
			}
			if len(held) == 0 {
				if n == 0 && !st.All {
					return errors.New("respond: no held request")
				}
				break
			}
			_ = e.Release(held[0])
			if !st.All {
				break
			}
		}
	case "back":
		_, _ = run.sess.Back(context.Background())
	case "forward":
		_, _ = run.sess.Forward(context.Background())
	case "reload":
		_, _ = run.sess.Reload(context.Background())
	default:
		return fmt.Errorf("unknown action %q", st.Action)
	}
	return nil
}

// escapeKeys escapes text for userevent's key syntax.
func escapeKeys(s string) string {
	return strings.NewReplacer("{", "{{", "[", "[[").Replace(s)
}

// mimeByName is the type Chromium gives a file by its extension.
func mimeByName(name string) string {
	switch {
	case strings.HasSuffix(name, ".txt"):
		return "text/plain"
	case strings.HasSuffix(name, ".png"):
		return "image/png"
	case strings.HasSuffix(name, ".json"):
		return "application/json"
	case strings.HasSuffix(name, ".csv"):
		return "text/csv"
	}
	return ""
}

// snapshot is the state after a step, as the recorder's snapshot.
func (run *replayRun) snapshot(st map[string]any) map[string]any {
	doc := run.sess.Document()
	out := map[string]any{"step": st, "t": float64(run.now()), "url": doc.URL(), "title": doc.Title()}
	if a := doc.ActiveElement(); a != nil && a != doc.Body() && a != doc.DocumentElement() {
		out["focus"] = desc(a)
	}
	if v := controlValues(doc); len(v) > 0 {
		out["values"] = v
	}
	events := []any{}
	for _, e := range run.events {
		m := map[string]any{"t": float64(e.T), "type": e.Type, "target": e.Target}
		if !e.Bubbles {
			m["bubbles"] = false
		}
		if e.Detail != nil || e.nullDetail {
			m["detail"] = e.Detail
		}
		if e.Alias != "" {
			m["alias"] = e.Alias
		}
		if e.ev.DefaultPrevented() {
			m["prevented"] = true
		}
		events = append(events, m)
	}
	out["events"] = events
	if len(run.dialogs) > 0 {
		d := make([]any, len(run.dialogs))
		for i, x := range run.dialogs {
			d[i] = x
		}
		out["dialogs"] = d
	}
	body := doc.Body()
	if body != nil {
		clone := body.CloneNode(true)
		scripts, _ := clone.QuerySelectorAll(`script[src^="/htmx-"]`)
		for _, s := range scripts {
			s.Remove()
		}
		out["body"] = outerHTML(clone)
	}
	return out
}

// requests turns a step's wire requests into the recording's form, with
// the flags of the engine's requests (aborted, held) as they are now.
func (run *replayRun) requests(log []*wireRequest) []any {
	out := []any{}
	for _, w := range log {
		m := map[string]any{"method": w.Method, "url": w.URL}
		if w.Navigation {
			m["navigation"] = true
		}
		headers := map[string]any{}
		id := ""
		for k, v := range w.Headers {
			if k == "x-replay-id" {
				id = fmt.Sprint(v)
				continue
			}
			headers[k] = v
		}
		m["headers"] = headers
		if w.Body != nil {
			m["body"] = jsonSafe(w.Body)
		}
		m["status"] = float64(w.Status)
		if r := run.reqs[id]; r != nil {
			if cannedHold(r) && r.delivered {
				m["held"] = true
			}
			if r.aborted {
				m["aborted"] = true
			}
		}
		if w.Unmatched {
			m["unmatched"] = true
		}
		if w.Failed != "" {
			m["failed"] = w.Failed
		}
		out = append(out, m)
	}
	return out
}

// jsonSafe round-trips a value through JSON, as the recording's values
// are.
func jsonSafe(v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// controlValues lists the form controls whose value differs from its
// default, as the recorder's controls().
func controlValues(doc *vdom.Document) map[string]any {
	out := map[string]any{}
	els, _ := doc.QuerySelectorAll("input, textarea, select")
	for _, el := range els {
		key := desc(el)
		switch {
		case el.LocalName() == "select":
			changed := false
			var sel []any
			for _, o := range el.Options() {
				if o.Selected() != o.DefaultSelected() {
					changed = true
				}
				if o.Selected() {
					sel = append(sel, o.Value())
				}
			}
			if changed {
				if sel == nil {
					sel = []any{}
				}
				out[key] = sel
			}
		case el.Type() == "checkbox" || el.Type() == "radio":
			if el.Checked() != el.DefaultChecked() {
				out[key] = el.Checked()
			}
		case el.Type() != "file" && el.Value() != el.DefaultValue():
			out[key] = el.Value()
		}
	}
	return out
}

// desc names a node as the recorder does: "#id", html, head or body, a
// path of :nth-of-type steps from the nearest of those, "document",
// "window", "#text"; "detached:tag#id" outside the document.
func desc(t vdom.EventTarget) string {
	switch x := t.(type) {
	case nil:
		return ""
	case *vdom.Window:
		return "window"
	case *vdom.Document:
		return "document"
	case *vdom.Node:
		return descNode(x)
	}
	return fmt.Sprint(t)
}

func descNode(n *vdom.Node) string {
	if n == nil {
		return ""
	}
	switch n.NodeType() {
	case vdom.DocumentNode:
		return "document"
	case vdom.DocumentFragmentNode:
		return "#fragment"
	case vdom.ElementNode:
	default:
		return "#" + strings.TrimPrefix(n.NodeName(), "#")
	}
	if !n.IsConnected() {
		s := "detached:" + n.LocalName()
		if id := n.ID(); id != "" {
			s += "#" + id
		}
		return s
	}
	doc := n.OwnerDocument()
	var parts []string
	for e := n; e != nil; e = e.ParentElement() {
		if id := e.ID(); id != "" && doc.GetElementByID(id) == e {
			parts = append(parts, "#"+id)
			break
		}
		name := e.LocalName()
		if name == "html" || name == "head" || name == "body" || e.ParentElement() == nil {
			parts = append(parts, name)
			break
		}
		k := 1
		for s := e.PreviousElementSibling(); s != nil; s = s.PreviousElementSibling() {
			if s.LocalName() == name {
				k++
			}
		}
		parts = append(parts, fmt.Sprintf("%s:nth-of-type(%d)", name, k))
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " > ")
}

// stateDiff says how two states differ, field by field, and for the
// events and requests item by item, so a failure reads quickly.
func stateDiff(want, got map[string]any) string {
	var b strings.Builder
	keys := map[string]bool{}
	for k := range want {
		keys[k] = true
	}
	for k := range got {
		keys[k] = true
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		w, g := want[k], got[k]
		if cmp.Equal(w, g) {
			continue
		}
		wl, wok := w.([]any)
		gl, gok := g.([]any)
		if wok && gok {
			for i := 0; i < max(len(wl), len(gl)); i++ {
				var wi, gi any
				if i < len(wl) {
					wi = wl[i]
				}
				if i < len(gl) {
					gi = gl[i]
				}
				if !cmp.Equal(wi, gi) {
					fmt.Fprintf(&b, "  %s[%d]:\n    recorded %s\n    replayed %s\n", k, i, compactJSON(wi), compactJSON(gi))
					if d := cmp.Diff(wi, gi); d != "" && wi != nil && gi != nil {
						fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(d, "\n", "\n    "))
					}
					break
				}
			}
			if len(wl) != len(gl) {
				fmt.Fprintf(&b, "  %s: %d recorded, %d replayed\n", k, len(wl), len(gl))
			}
			continue
		}
		fmt.Fprintf(&b, "  %s:\n    recorded %s\n    replayed %s\n", k, compactJSON(w), compactJSON(g))
	}
	return b.String()
}

func compactJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// TestRefusals checks that the scenarios of what needs JavaScript (js-)
// are refused with an error naming the attribute, in the versions where
// htmx would run JavaScript; where a version does not run it either (htmx
// 4 has no hx-vars; htmx 2 asks a js: confirm's text as its question),
// nothing is reported.
func TestRefusals(t *testing.T) {
	want := map[string]string{
		"js-confirm-js.v4":          "hx-confirm",
		"js-headers.v2":             "hx-headers",
		"js-headers.v4":             "hx-headers",
		"js-hx-on-cancel.v2":        "hx-on::config-request",
		"js-hx-on-cancel.v4":        "hx-on::config:request",
		"js-hx-on-click.v2":         "hx-on:click",
		"js-hx-on-click.v4":         "hx-on:click",
		"js-hx-on-htmx-event.v2":    "hx-on::after-swap",
		"js-hx-on-htmx-event.v4":    "hx-on::after:swap",
		"js-hx-on-load.v2":          "hx-on::load",
		"js-hx-on-load.v4":          "hx-on::after:init",
		"js-hx-on-modify-params.v2": "hx-on::config-request",
		"js-hx-on-modify-params.v4": "hx-on::config:request",
		"js-script-in-answer.v2":    "response of GET /x",
		"js-script-in-answer.v4":    "response of GET /x",
		"js-trigger-filter.v2":      "hx-trigger",
		"js-trigger-filter.v4":      "hx-trigger",
		"js-vals.v2":                "hx-vals",
		"js-vals.v4":                "hx-vals",
		"js-vars.v2":                "hx-vars",
		"js-confirm-js.v2":          "",
		"js-vars.v4":                "",
	}
	for _, sc := range loadScenarios(t) {
		if !strings.HasPrefix(sc.Name, "js-") {
			continue
		}
		for _, v := range sc.Versions {
			name := sc.Name + ".v" + v
			attr, ok := want[name]
			if !ok {
				t.Errorf("%s: no expectation", name)
				continue
			}
			_, errs := replayScenario(t, sc, v)
			var refused []string
			for _, err := range errs {
				var he *Error
				if errors.Is(err, ErrNeedsJavaScript) && errors.As(err, &he) {
					refused = append(refused, he.Attribute)
				}
			}
			switch {
			case attr == "" && len(refused) > 0:
				t.Errorf("%s: refused %v; the version runs no JavaScript here", name, refused)
			case attr != "" && !slicesContains(refused, attr):
				t.Errorf("%s: refused %v, want an ErrNeedsJavaScript error naming %s (all errors: %v)", name, refused, attr, errs)
			}
		}
	}
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
