package css

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInlineStyle checks CSSOM's setProperty, getPropertyValue,
// removeProperty and cssText on a style attribute.
func TestInlineStyle(t *testing.T) {
	type step struct {
		op, name, value, priority string
		// wantErr is an error to want from SetProperty; wantText the
		// cssText after the step.
		wantErr  error
		wantText string
	}
	for _, tc := range []struct {
		name  string
		start string
		steps []step
	}{
		{"parse normalizes", "DISPLAY: Block Flow; opacity: 50%; color: RED", []step{
			{op: "text", wantText: "display: block; opacity: 50%; color: RED;"},
		}},
		{"set and replace", "", []step{
			{op: "set", name: "display", value: "NONE", wantText: "display: none;"},
			{op: "set", name: "opacity", value: "0.50", priority: "IMPORTANT", wantText: "display: none; opacity: 0.5 !important;"},
			{op: "set", name: "display", value: "inline flex", wantText: "display: inline-flex; opacity: 0.5 !important;"},
		}},
		{"invalid values leave the block", "display: block", []step{
			{op: "set", name: "display", value: "bogus", wantErr: ErrInvalidValue, wantText: "display: block;"},
			{op: "set", name: "display", value: "none !important", wantErr: ErrInvalidValue, wantText: "display: block;"},
			{op: "set", name: "display", value: "none; color: red", wantErr: ErrInvalidValue, wantText: "display: block;"},
			{op: "set", name: "no-such-property", value: "1", wantErr: errAny, wantText: "display: block;"},
			{op: "set", name: "display", value: "none", priority: "urgent", wantErr: errAny, wantText: "display: block;"},
		}},
		{"empty value removes", "display: block; float: left", []step{
			{op: "set", name: "display", value: "", wantText: "float: left;"},
		}},
		{"remove returns the value", "float: left", []step{
			{op: "remove", name: "FLOAT", value: "left", wantText: ""},
			{op: "remove", name: "float", value: "", wantText: ""},
		}},
		{"custom properties keep their case and value", "", []step{
			{op: "set", name: "--Brand", value: " Red  Blue ", wantText: "--Brand: Red  Blue;"},
			{op: "get", name: "--Brand", value: "Red  Blue"},
			{op: "get", name: "--brand", value: ""},
		}},
		{"shorthand over longhands", "white-space-collapse: preserve; text-wrap-mode: nowrap", []step{
			{op: "get", name: "white-space", value: "pre"},
			{op: "set", name: "white-space", value: "pre-line", wantText: "white-space: pre-line;"},
		}},
		{"longhand over shorthand", "white-space: pre", []step{
			{op: "set", name: "text-wrap-mode", value: "wrap", wantText: "white-space-collapse: preserve; text-wrap-mode: wrap;"},
			{op: "get", name: "white-space", value: "pre-wrap"},
		}},
		{"removing the shorthand removes its longhands", "white-space-collapse: preserve; text-wrap-mode: nowrap; float: left", []step{
			{op: "remove", name: "white-space", value: "pre", wantText: "float: left;"},
		}},
		{"var() is kept", "", []step{
			{op: "set", name: "display", value: "var(--d,  block)", wantText: "display: var(--d, block);"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ParseInlineStyle(tc.start)
			for i, st := range tc.steps {
				switch st.op {
				case "set":
					err := s.SetProperty(st.name, st.value, st.priority)
					switch {
					case st.wantErr == nil && err != nil:
						t.Errorf("step %d: SetProperty(%q, %q): %v", i, st.name, st.value, err)
					case st.wantErr == errAny && err == nil,
						st.wantErr != nil && st.wantErr != errAny && !errors.Is(err, st.wantErr):
						t.Errorf("step %d: SetProperty(%q, %q) error %v, want %v", i, st.name, st.value, err, st.wantErr)
					}
				case "remove":
					if got := s.RemoveProperty(st.name); got != st.value {
						t.Errorf("step %d: RemoveProperty(%q) = %q, want %q", i, st.name, got, st.value)
					}
				case "get":
					if got := s.PropertyValue(st.name); got != st.value {
						t.Errorf("step %d: PropertyValue(%q) = %q, want %q", i, st.name, got, st.value)
					}
					continue
				}
				if diff := cmp.Diff(st.wantText, s.CSSText()); diff != "" {
					t.Errorf("step %d: cssText mismatch (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

// errAny stands for any error in a table.
var errAny = errors.New("any error")

// TestInlineStyleApplies checks that an InlineStyle's text, written back
// into the attribute, is what the cascade reads.
func TestInlineStyleApplies(t *testing.T) {
	s := ParseInlineStyle("")
	if err := s.SetProperty("pointer-events", "none", "important"); err != nil {
		t.Fatal(err)
	}
	doc := parseDoc(t, `<button id=t style="`+s.CSSText()+`">`)
	c := cascadeOf("button { pointer-events: auto !important }")
	if got := c.Style(elementByID(doc, "t"), nil).PropertyValue("pointer-events"); got != "none" {
		t.Errorf("pointer-events = %q, want none", got)
	}
}
