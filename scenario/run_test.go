package scenario

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/google/go-cmp/cmp"
)

func mustParse(t *testing.T, body string) *Scenario {
	t.Helper()
	s, err := parseString(t, body)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRunRecordsArguments(t *testing.T) {
	s := mustParse(t, `"units": [{"name": "app", "element": "#app",
		"settings": {"event": {"events": {
			"this": {"handlers": {"click": {"handler": "onClick", "options": {"n": 1}}, "saved": "onSaved"}},
			"save": {"handlers": {"click": "onSave"}}
		}}},
		"methods": {"onClick": [], "onSaved": [], "onSave": [{"trigger": "saved", "options": {"id": 7, "sender": "me"}}]}}],
		"steps": [{"dispatch": "click", "target": "#save", "detail": {"x": true}}]`)
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	type call struct {
		Line        string
		Depth       int
		Phase, Mode string
		Sender      string
		Target      string
		Detail      any
		Options     map[string]any
	}
	var got []call
	for _, c := range res.Calls {
		if c.Internal {
			continue
		}
		got = append(got, call{callLine(c), c.Depth, c.Phase, c.Mode, c.Args.Sender, c.Args.Target, c.Args.Detail, c.Args.Options})
	}
	want := []call{
		{"click #save onSave", 1, "target", "dispatch", "#save", "", map[string]any{"x": true}, nil},
		{"saved #app onSaved", 2, "target", "trigger", "me", "", map[string]any{"id": int64(7), "sender": "me"}, nil},
		{"click #app onClick", 1, "bubble", "dispatch", "#app", "#save", map[string]any{"x": true}, map[string]any{"n": 1}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
}

func text(res *Result) string {
	var b strings.Builder
	res.WriteText(&b, Format{})
	return b.String()
}

// TestFixturesRunTheSame runs each fixture twice: without durations, the
// trace is the same, however the goroutines were scheduled.
func TestFixturesRunTheSame(t *testing.T) {
	names, err := fs.Glob(fixtures.FS(), "*/scenario.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no fixture scenarios: %v", err)
	}
	names = append(names, "bad-input/every-error.json")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			s, err := LoadFS(fixtures.FS(), name)
			if strings.HasPrefix(name, "bad-input/") {
				if err == nil {
					t.Fatal("the bad-input fixture loads")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			first := text(s.Run(context.Background(), Options{}))
			second := text(s.Run(context.Background(), Options{}))
			if !strings.Contains(first, "\nPASS ") {
				t.Fatalf("the fixture does not pass:\n%s", first)
			}
			if diff := cmp.Diff(first, second); diff != "" {
				t.Errorf("two runs differ (-first +second):\n%s", diff)
			}
		})
	}
}

func TestTimeoutNamesTheStep(t *testing.T) {
	// Nothing resolves "server": only the Timeout can end the run. It
	// bounds the whole run, so it leaves a busy machine a second to load
	// the page and start the unit before the step that waits.
	s := mustParse(t, goodUnit+`, "steps": [{"trigger": "click", "element": "#save"}, {"resolve": "server"}]`)
	res := s.Run(context.Background(), Options{Timeout: time.Second})
	if !res.TimedOut || res.OK() || res.ExitCode() != ExitFailed {
		t.Fatalf("TimedOut %v, OK %v", res.TimedOut, res.OK())
	}
	var step *StepResult
	for _, st := range res.Steps {
		if st.Path == "steps[0]" {
			step = st
		}
	}
	want := `steps[0]: timed out after 1s: onSave (click on #save) waits for "server"`
	if step.Err == nil || !strings.HasPrefix(step.Err.Error(), want) {
		t.Errorf("step error %v, want it to start with %q", step.Err, want)
	}
	if last := res.Steps[len(res.Steps)-1]; !last.Skipped || last.Path != "steps[1]" {
		t.Errorf("last step %+v, want steps[1] skipped", last)
	}
}

func TestSettleRefusesToWaitForASignal(t *testing.T) {
	s := mustParse(t, goodUnit+`, "steps": [{"dispatch": "click", "target": "#save"}, "settle", {"resolve": "server"}, "settle"]`)
	res := s.Run(context.Background(), Options{})
	if err := res.Steps[2].Err; err == nil || !strings.Contains(err.Error(), `waits for "server", which no step has resolved`) {
		t.Errorf("first settle: %v", err)
	}
	if err := res.Steps[4].Err; err != nil {
		t.Errorf("second settle: %v", err)
	}
}

func TestUnresolvedWorkFailsAtTheEnd(t *testing.T) {
	s := mustParse(t, goodUnit+`, "steps": [{"dispatch": "click", "target": "#save"}]`)
	res := s.Run(context.Background(), Options{})
	end := res.Steps[len(res.Steps)-1]
	if end.Path != "end" || len(end.Failures) != 1 || res.OK() {
		t.Fatalf("end step %+v", end)
	}
	if want := `handler onSave (click on #save) still waited for "server" when the steps ended`; end.Failures[0] != want {
		t.Errorf("failure %q, want %q", end.Failures[0], want)
	}
}

func TestColour(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
		noColor  string
		flag     string
		want     bool
	}{
		{"terminal", true, "", "", true},
		{"NO_COLOR on a terminal", true, "1", "", false},
		{"not a terminal", false, "", "", false},
		{"always", false, "1", "--color=always", true},
		{"never", true, "", "--color=never", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			c := &command{
				Stdout: &out, Stderr: io.Discard,
				Getenv:     func(k string) string { return map[string]string{"NO_COLOR": tt.noColor}[k] },
				IsTerminal: func(io.Writer) bool { return tt.terminal },
			}
			args := []string{"run", "--quiet", "../fixtures/ordering/scenario.json"}
			if tt.flag != "" {
				args = append(args, tt.flag)
			}
			if code := c.Run(context.Background(), args); code != ExitOK {
				t.Fatalf("exit %d: %s", code, out.String())
			}
			if got := strings.Contains(out.String(), "\x1b["); got != tt.want {
				t.Errorf("coloured = %v, want %v:\n%q", got, tt.want, out.String())
			}
		})
	}
}

func TestCallSkillsAndSpells(t *testing.T) {
	s := mustParse(t, `"units": [{"name": "app", "element": "#app", "methods": {"onSave": []}}],
		"steps": [
			{"call": "event.add", "args": ["click", {"handler": "onSave", "order": 3, "options": {"k": "v"}}, "#save", {"bound": true}]},
			{"call": "event.trigger", "args": ["click", {"n": 1}, "#save"]},
			{"call": "event.remove", "args": ["click", "onSave", "#save"]},
			{"call": "event.triggerSync", "args": ["click", null, "#save"]},
			{"call": "event.add", "args": ["ping", ["onPing"]]},
			{"call": "event.trigger", "args": ["ping"], "expectError": "handler is not a function"},
			{"call": "event.nope", "expectError": "unknown skill"},
			{"expect": {"calls": [
				{"event": "click", "element": "#save", "handler": "onSave", "order": 3, "mode": "trigger", "detail": {"n": 1}, "options": {"k": "v"}},
				{"event": "ping", "element": "#app", "handler": "onPing", "error": "not a function"}
			]}}
		]`)
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	if got := res.Calls[len(res.Calls)-2].Args.This; got != `{"bound":true}` {
		t.Errorf("this = %q", got)
	}
	// With --spy the name added at run time records instead.
	res = s.Run(context.Background(), Options{Spy: true})
	var spied bool
	for _, c := range res.Calls {
		if c.Handler == "onPing" {
			spied = c.Spy && c.Err == nil
		}
	}
	if !spied {
		t.Errorf("onPing was not spied on:\n%s", text(res))
	}
}

// TestCallsInOrder checks the "contains in order" form of a calls
// expectation: the calls listed must be among those made, in that order,
// and other calls may come before, between and after them.
func TestCallsInOrder(t *testing.T) {
	const units = `"units": [{"name": "app", "element": "#app",
		"settings": {"event": {"events": {"save": {"handlers": {"click": ["a", "b", "c", "d"]}}}}},
		"methods": {"a": [], "b": [], "c": [], "d": []}}]`
	tests := []struct {
		name   string
		expect string
		ok     bool
		detail string
	}{
		{"some, in order", `["click #save b", "click #save d"]`, true, ""},
		{"by selector and field", `[{"handler": "a"}, {"element": "button", "handler": "c"}]`, true, ""},
		{"out of order", `["click #save c", "click #save b"]`, false,
			"calls (- expected and missing, = expected and made):\n" +
				"  click #save a   (other call)\n" +
				"  click #save b   (other call)\n" +
				"= click #save c\n" +
				"- click #save b   (missing after the calls above)\n" +
				"  click #save d   (other call)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, units+`, "steps": [
				{"dispatch": "click", "target": "#save"},
				{"expect": {"callsInOrder": `+tt.expect+`}},
				{"expect": {"calls": []}}
			]`)
			res := s.Run(context.Background(), Options{})
			checks := res.Steps[len(res.Steps)-3].Checks
			if len(checks) != 1 {
				t.Fatalf("want one check, got %+v", checks)
			}
			got := checks[0]
			if got.OK != tt.ok || got.Detail != tt.detail {
				t.Errorf("check mismatch (-want +got):\n%s", cmp.Diff(Check{What: got.What, OK: tt.ok, Detail: tt.detail}, got))
			}
			// The form moves the mark as "calls" does: nothing since.
			if !res.Steps[len(res.Steps)-2].OK() {
				t.Errorf("calls since the callsInOrder check:\n%s", text(res))
			}
		})
	}
}

// TestConditionsOnTheCall checks "when" and "unless" that refer to the
// handler call: the element itself matching a selector written right after
// the reference, or an element inside it after a space.
func TestConditionsOnTheCall(t *testing.T) {
	s := mustParse(t, `"units": [{"name": "app", "element": "#app",
		"settings": {"event": {"events": {"save": {"handlers": {"click": "onSave"}}, "list": {"handlers": {"click": "onList"}}}}},
		"methods": {
			"onSave": [
				{"setText": "disabled", "target": "#msg", "when": "@element[disabled]"},
				{"setText": "enabled", "target": "#msg", "unless": "@element[disabled]"}
			],
			"onList": [{"addClass": "has-items", "when": "@element li"}, {"addClass": "clicked", "when": "@target:not(li)"}]
		}}],
		"steps": [
			{"dispatch": "click", "target": "#save"},
			{"expect": {"target": "#msg", "text": "enabled"}},
			{"setAttribute": "disabled", "value": "", "target": "#save"},
			{"dispatch": "click", "target": "#save"},
			{"expect": {"target": "#msg", "text": "disabled"}},
			{"dispatch": "click", "target": "#list li:first-child"},
			{"expect": {"target": "#list", "classes": {"has-items": true, "clicked": false}}}
		]`)
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	_, err := parseString(t, `"units": [{"element": "#app", "methods": {"m": [{"record": true, "when": "@elment[x]"}, {"record": true, "unless": "@unit li["}]}}]`)
	want := []string{
		`units[0].methods.m[0].when: unknown reference "@elment"; did you mean "@element"?`,
		`units[0].methods.m[1].unless: invalid selector "li[" at offset 3: expected attribute name, found end of input`,
	}
	if diff := cmp.Diff(want, errorLines(t, err)); diff != "" {
		t.Errorf("errors mismatch (-want +got):\n%s", diff)
	}
}

// TestLoadWithinTimeout checks that --timeout bounds loading also where
// it cannot interrupt the work (parsing a page): the command reports the
// timeout at the deadline.
func TestLoadWithinTimeout(t *testing.T) {
	release := make(chan struct{})
	finished := make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	// The work is released only after within returns, so within returns
	// at the deadline, not when the work ends.
	_, err := within(ctx, "page.html", "the page", func() (*Scenario, error) {
		defer close(finished)
		<-release // a parse that takes longer than the timeout
		return nil, nil
	})
	close(release)
	<-finished
	want := "page.html: cannot read the page: page.html: timed out while loading (--timeout)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	// Without a deadline the work runs on the caller's goroutine.
	s, err := within(context.Background(), "x", "the scenario", func() (*Scenario, error) { return &Scenario{Name: "done"}, nil })
	if err != nil || s.Name != "done" {
		t.Errorf("got %v, %v", s, err)
	}
}
