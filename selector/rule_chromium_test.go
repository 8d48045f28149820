package selector_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
)

// chromiumRules is testdata/rules/chromium.json: how Chromium parsed the
// preludes of testdata/rules/preludes.json (recorded by
// tools/chromium-recorder/rules.mjs).
type chromiumRules struct {
	Chromium string
	Top      map[string]chromiumRule
	Nested   map[string]map[string]chromiumRule
}

type chromiumRule struct {
	Valid bool
	Text  string
}

// rulesUnlikeChromium are the preludes where ParseRuleSelectors knowingly
// differs from Chromium, and why.
var rulesUnlikeChromium = map[string]string{
	"*|*":                       "namespace prefixes are not supported",
	"*|*.a":                     "namespace prefixes are not supported",
	"|a":                        "namespace prefixes are not supported",
	"*|a":                       "namespace prefixes are not supported",
	"[*|a]":                     "namespace prefixes are not supported",
	"[|a]":                      "namespace prefixes are not supported",
	":nth-child(1 of ::before)": "Chromium accepts a pseudo-element in S, which can never match; this package rejects it as in every other selector list",
}

// TestRulePreludesAsChromium replays what Chromium did with each recorded
// prelude: whether it kept the rule and, if so, its selectorText, which
// String must equal (joined by ", " for a list).
func TestRulePreludesAsChromium(t *testing.T) {
	data, err := os.ReadFile("testdata/rules/chromium.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec chromiumRules
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	if len(rec.Top) < 400 || len(rec.Nested) == 0 {
		t.Fatalf("the recording holds %d preludes and %d nested groups: incomplete", len(rec.Top), len(rec.Nested))
	}
	check := func(t *testing.T, prelude string, want chromiumRule, parent []*selector.RuleSelector) {
		t.Helper()
		rs, err := selector.ParseRuleSelectors(prelude, parent)
		got := chromiumRule{Valid: err == nil}
		if err == nil {
			got.Text = texts(rs)
		}
		if why, ok := rulesUnlikeChromium[prelude]; ok {
			if got == want {
				t.Errorf("%q: now as Chromium (%+v); drop it from rulesUnlikeChromium (%s)", prelude, got, why)
			}
			return
		}
		if got != want {
			t.Errorf("%q: got %+v (error: %v), Chromium %s: %+v", prelude, got, err, rec.Chromium, want)
		}
	}
	for prelude, want := range rec.Top {
		check(t, prelude, want, nil)
	}
	for parentText, rules := range rec.Nested {
		parent := mustRules(t, parentText, nil)
		for prelude, want := range rules {
			check(t, prelude, want, parent)
		}
	}
}
