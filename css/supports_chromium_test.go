package css_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
)

// chromiumSupports is testdata/chromium-supports.json: CSS.supports and
// the conditionText of @supports for each condition.
type chromiumSupports struct {
	Cases []struct {
		Condition string
		Supports  bool
		Rule      *string
	}
}

func TestSupportsMatchesChromium(t *testing.T) {
	data, err := os.ReadFile("testdata/chromium-supports.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec chromiumSupports
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	for _, c := range rec.Cases {
		if got := css.Supports(c.Condition); got != c.Supports {
			t.Errorf("Supports(%q) = %v, want %v", c.Condition, got, c.Supports)
		}
		cond, ok := css.ParseSupports(c.Condition)
		if ok && c.Rule == nil && strings.Count(c.Condition, "(") > strings.Count(c.Condition, ")") {
			// Recorded as "@supports <condition> {}": an unclosed "("
			// takes the "{", so the rule has no block and is dropped,
			// here as in Chromium.
			if n := len(css.Parse("@supports " + c.Condition + " {}").Rules()); n != 0 {
				t.Errorf("@supports %s {}: %d rules, want 0", c.Condition, n)
			}
			continue
		}
		if ok != (c.Rule != nil) {
			t.Errorf("ParseSupports(%q) ok = %v, want %v", c.Condition, ok, c.Rule != nil)
			continue
		}
		if !ok {
			continue
		}
		if got := cond.Text(); got != *c.Rule {
			t.Errorf("ParseSupports(%q).Text() = %q, want %q", c.Condition, got, *c.Rule)
		}
		// The rule's condition holds as CSS.supports says, but for a
		// bare declaration, which @supports does not take.
		if got := cond.Supported(); got != c.Supports {
			t.Errorf("ParseSupports(%q).Supported() = %v, want %v", c.Condition, got, c.Supports)
		}
	}
}

// TestSupportsAtRule checks at-rule() against what Chromium 148's
// CSS.supports answered for these at-rules.
func TestSupportsAtRule(t *testing.T) {
	want := map[string]bool{
		"at-rule(@layer)": true, "at-rule(@LAYER)": true, "at-rule( @media )": true, "at-rule(@import)": true,
		"at-rule(@function)": true, "at-rule(@top-left)": true, "at-rule(@swash)": true,
		"at-rule(@-webkit-keyframes)": true, "at-rule(@charset)": false, "at-rule(@custom-media)": false,
		"at-rule(@document)": false, "at-rule(@viewport)": false, "at-rule(@bogus)": false,
		"at-rule(layer)": false, "at-rule(@media @layer)": false, "at-rule()": false,
		"not at-rule(@bogus)": true,
	}
	for cond, w := range want {
		if got := css.Supports(cond); got != w {
			t.Errorf("Supports(%q) = %v, want %v", cond, got, w)
		}
	}
}
