package htmx

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseTriggers(t *testing.T) {
	ignore := cmpopts.IgnoreFields(trigger{}, "offset", "timeout", "throttled", "throttledEvent", "throttleTimer", "interval", "listeners")
	opts := []cmp.Option{cmp.AllowUnexported(trigger{}), ignore}
	for _, c := range []struct {
		v4    bool
		value string
		want  []*trigger
	}{
		{false, "click", []*trigger{{name: "click"}}},
		{false, "keyup changed delay:500ms, search", []*trigger{{name: "keyup", changed: true, delay: 500 * time.Millisecond}, {name: "search"}}},
		{false, "every 2s", []*trigger{{name: "every", every: 2 * time.Second}}},
		{false, "click from:closest form once consume", []*trigger{{name: "click", from: "closest form", once: true, consume: true}}},
		{false, "click target:.item throttle:1s queue:all", []*trigger{{name: "click", target: ".item", throttle: time.Second, queue: "all"}}},
		{false, "my-event from:(#a, #b)", []*trigger{{name: "my-event", from: "#a, #b"}}},
		{false, "load delay:100ms", []*trigger{{name: "load", delay: 100 * time.Millisecond}}},
		{true, "keyup changed delay:500ms, search", []*trigger{{name: "keyup", changed: true, delay: 500 * time.Millisecond}, {name: "search"}}},
		{true, `click from:"closest form"`, []*trigger{{name: "click", from: "closest form"}}},
		{true, "every 1s", []*trigger{{name: "every", every: time.Second}}},
		{true, "click throttle:1s halt", []*trigger{{name: "click", throttle: time.Second, halt: true}}},
		{true, "click[ctrlKey] once", []*trigger{{name: "click", filter: "[ctrlKey]", once: true}}},
	} {
		var got []*trigger
		var err *Error
		if c.v4 {
			got, err = parseTriggers4(c.value)
		} else {
			got, err = parseTriggers2(c.value)
		}
		if err != nil {
			t.Errorf("%q (v4 %v): %v", c.value, c.v4, err)
		}
		if diff := cmp.Diff(c.want, got, opts...); diff != "" {
			t.Errorf("%q (v4 %v) mismatch (-want +got):\n%s", c.value, c.v4, diff)
		}
	}
}

func TestParseSwap(t *testing.T) {
	e2 := &Engine{b: behaviours[V2]}
	e2.cfg = defaultConfig(e2.b)
	e4 := &Engine{b: behaviours[V4]}
	e4.cfg = defaultConfig(e4.b)
	opts := cmpopts.IgnoreUnexported(SwapSpec{})
	got := e2.parseSwap2(nil, "hx-swap", "outerHTML swap:100ms settle:1s scroll:#log:bottom show:top", false)
	want := &SwapSpec{Style: "outerHTML", SwapDelay: 100 * time.Millisecond, SettleDelay: time.Second, Scroll: "bottom", ScrollTarget: "#log", Show: "top"}
	if diff := cmp.Diff(want, got, opts); diff != "" || len(e2.errs) > 0 {
		t.Errorf("htmx 2 mismatch (-want +got):\n%s%v", diff, e2.errs)
	}
	got = e4.parseSwap4(nil, "hx-swap", "append swap:100ms")
	want = &SwapSpec{Style: "beforeend", SwapDelay: 100 * time.Millisecond, SettleDelay: time.Millisecond}
	if diff := cmp.Diff(want, got, opts); diff != "" || len(e4.errs) > 0 {
		t.Errorf("htmx 4 mismatch (-want +got):\n%s%v", diff, e4.errs)
	}
	e4.parseSwap4(nil, "hx-swap", "innerHTML sideways:1")
	e2.parseSwap2(nil, "hx-swap", "innerHTML swap:later", false)
	var offsets []int
	for _, err := range append(e2.errs, e4.errs...) {
		offsets = append(offsets, err.(*Error).Offset)
	}
	if diff := cmp.Diff([]int{15, 10}, offsets); diff != "" {
		t.Errorf("error offsets mismatch (-want +got):\n%s", diff)
	}
}

func TestScriptVersion(t *testing.T) {
	for src, want := range map[string]int{
		"/htmx-2.0.11.min.js": 2, "htmx.org@4.0.1/dist/htmx.js": 4, "https://unpkg.com/htmx.org@2": 2,
		"/js/htmx.min.js": 0, "htmx@1.9.12": 1,
	} {
		if got := scriptVersion(src); got != want {
			t.Errorf("scriptVersion(%q) = %d, want %d", src, got, want)
		}
	}
	for src, want := range map[string]bool{
		"/htmx.min.js": true, "/htmx-2.0.11.min.js": true, "https://unpkg.com/htmx.org@4.0.1": true,
		"/htmx.esm.js?v=3": true, "/htmx-ext-sse.js": false, "/htmx-4.0.1/ext/hx-prompt.js": false, "/app.js": false,
		"/js/htmxx.js": false,
	} {
		if got := isHTMXScript(src); got != want {
			t.Errorf("isHTMXScript(%q) = %v, want %v", src, got, want)
		}
	}
}

// The parsers of outside input never panic, and an error's offset is in
// its value.
func FuzzParseTriggers(f *testing.F) {
	for _, s := range []string{"click", "keyup changed delay:500ms, search", "every 1s [x]", `click from:"closest form"`, "click[", "a:b:c, ,", "load delay:", `"x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) ([]*trigger, *Error){parseTriggers2, parseTriggers4} {
			_, err := parse(s)
			if err != nil && (err.Offset < -1 || err.Offset > len(s)) {
				t.Fatalf("%q: offset %d out of the value", s, err.Offset)
			}
		}
	})
}

func FuzzParseSwap(f *testing.F) {
	for _, s := range []string{"innerHTML", "outerHTML swap:1s settle:2s", "show:#a:top", "append target:#x strip:false", "x:'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []Version{V2, V4} {
			e := &Engine{b: behaviours[v]}
			e.cfg = defaultConfig(e.b)
			e.parseSwap(nil, "hx-swap", s, false)
			for _, err := range e.errs {
				if off := err.(*Error).Offset; off < -1 || off > len(s) {
					t.Fatalf("%q: offset %d out of the value", s, off)
				}
			}
		}
	})
}
