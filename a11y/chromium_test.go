package a11y_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// recording is one file of testdata/chromium/recorded, written by
// tools/chromium-recorder/record-ax.mjs.
type recording struct {
	Page     string `json:"page"`
	Chromium string `json:"chromium"`
	// Properties lists the states recorded, when the recording has more
	// than the first six (checked, pressed, selected, expanded, disabled,
	// level): busy, required, invalid, readonly, hasPopup, focusable and
	// the values of ranges.
	Properties []string       `json:"properties"`
	Elements   []recordedNode `json:"elements"`
}

// recordedNode is what Chromium's accessibility tree said of one element.
type recordedNode struct {
	Key            string         `json:"key"`
	Tag            string         `json:"tag"`
	ChromiumRole   string         `json:"chromiumRole"`
	Role           string         `json:"role"`
	Name           string         `json:"name"`
	Description    string         `json:"description"`
	Ignored        bool           `json:"ignored"`
	IgnoredReasons []string       `json:"ignoredReasons"`
	Hidden         bool           `json:"hidden"`
	Absent         bool           `json:"absent"`
	States         map[string]any `json:"states"`
}

// pageDocument builds the document the recorder loads for a page file (see
// pageDocument in record-ax.mjs).
func pageDocument(src string) string {
	if regexp.MustCompile(`(?i)^\s*(<!doctype|<html)`).MatchString(src) {
		return src
	}
	return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>a11y</title></head><body>` + src + `</body></html>`
}

// findByKey finds the element a recording names: "#id", "html", "body", or a
// path "PARENT > tag:nth-of-type(k)".
func findByKey(doc *vdom.Document, key string) *vdom.Node {
	parts := strings.Split(key, " > ")
	var cur *vdom.Node
	for i, p := range parts {
		switch {
		case strings.HasPrefix(p, "#") && i == 0:
			cur = doc.GetElementByID(p[1:])
		case p == "html" && i == 0:
			cur = doc.DocumentElement()
		case p == "head" && i == 0:
			cur = doc.Head()
		case p == "body" && i == 0:
			cur = doc.Body()
		default:
			tag, nth, ok := strings.Cut(p, ":nth-of-type(")
			if !ok || cur == nil {
				return nil
			}
			k, err := strconv.Atoi(strings.TrimSuffix(nth, ")"))
			if err != nil {
				return nil
			}
			var next *vdom.Node
			for _, c := range cur.Children() {
				if c.LocalName() == tag {
					k--
					if k == 0 {
						next = c
						break
					}
				}
			}
			cur = next
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

// facts is what is compared for one element. Fields that Chromium does
// not report for it (the role and name of a hidden element) are left
// empty on both sides.
type facts struct {
	Role        string
	Name        string
	Description string
	Hidden      bool
	Checked     string
	Pressed     string
	Selected    string
	Expanded    string
	Disabled    bool
	Level       int
	// The states of recordings that list their properties; more is set
	// when they are compared.
	more      bool
	Busy      bool
	Invalid   bool
	HasPopup  string
	Focusable bool
	// Required and ReadOnly are "true" or "false", and "" on the side of
	// Chromium when it does not report them (it reports them for the
	// roles of text boxes, comboboxes, grids and a few more only).
	Required, ReadOnly string
	// Value is a range's value, minimum, maximum and text, "" for any
	// other element.
	Value string
}

func chromiumFacts(r recordedNode, more bool) facts {
	f := facts{Hidden: r.Hidden, more: more}
	if r.Hidden {
		return f
	}
	// Chromium keeps white space at the ends of some names (those from
	// aria-label and aria-labelledby); Name normalises every name, so the
	// comparison does too.
	f.Role, f.Name, f.Description = r.Role, asciiSpaceNormalized(r.Name), asciiSpaceNormalized(r.Description)
	if uninteresting(r) {
		// Chromium prunes a node it finds uninteresting (an inline
		// generic without attributes, an empty svg, an rt) before it
		// computes a role: it reports "none", which says nothing of the
		// element's role.
		f.Role = roleNotReported
	}
	for k, v := range r.States {
		switch k {
		case "checked", "pressed":
			s := fmt.Sprint(v)
			if k == "checked" {
				f.Checked = s
			} else {
				f.Pressed = s
			}
		case "selected":
			f.Selected = fmt.Sprint(v)
		case "expanded":
			f.Expanded = fmt.Sprint(v)
		case "disabled":
			f.Disabled = v == true
		case "level":
			n, _ := v.(float64)
			f.Level = int(n)
		case "busy":
			f.Busy = v == true || v == 1.0
		case "invalid":
			f.Invalid = v == "true"
		case "hasPopup":
			f.HasPopup = fmt.Sprint(v)
		case "focusable":
			f.Focusable = v == true
		case "required":
			f.Required = fmt.Sprint(v)
		case "readonly":
			f.ReadOnly = fmt.Sprint(v)
		}
	}
	if more && rangeRoles[f.Role] {
		if _, ok := r.States["valuemin"]; ok {
			var now *float64
			if n, ok := r.States["value"].(float64); ok {
				now = &n
			}
			text, _ := r.States["valuetext"].(string)
			f.Value = rangeString(now, r.States["valuemin"].(float64), r.States["valuemax"].(float64), text)
		}
	}
	return f
}

// rangeRoles are the roles whose value the recordings compare.
var rangeRoles = map[string]bool{
	"slider": true, "spinbutton": true, "progressbar": true, "meter": true, "scrollbar": true, "separator": true,
}

// rangeString writes a range for comparison, its numbers at the precision
// of float32, at which Chromium keeps them.
func rangeString(now *float64, min, max float64, text string) string {
	n := "none"
	if now != nil {
		n = fmt.Sprint(float32(*now))
	}
	return fmt.Sprintf("now=%s min=%v max=%v text=%q", n, float32(min), float32(max), text)
}

// asciiSpaceNormalized collapses runs of ASCII white space into one space
// and trims: the normalisation Name applies (a no-break space is text).
func asciiSpaceNormalized(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	}), " ")
}

// roleNotReported marks a role Chromium did not compute.
const roleNotReported = "(not reported)"

// uninteresting reports a node Chromium left out of the tree for no reason
// but being uninteresting.
func uninteresting(r recordedNode) bool {
	if !r.Ignored || r.ChromiumRole != "none" {
		return false
	}
	for _, reason := range r.IgnoredReasons {
		if reason != "uninteresting" {
			return false
		}
	}
	return true
}

func tristate(t a11y.Tristate) string {
	if t == a11y.Undefined {
		return ""
	}
	return t.String()
}

func ourFacts(el *vdom.Node, more bool) facts {
	f := facts{Hidden: a11y.IsHidden(el), more: more}
	if f.Hidden {
		return f
	}
	f.Role = a11y.Role(el)
	f.Name = a11y.Name(el)
	f.Description = a11y.Description(el)
	s := a11y.States(el)
	f.Checked = tristate(s.Checked)
	f.Pressed = tristate(s.Pressed)
	f.Selected = tristate(s.Selected)
	f.Expanded = tristate(s.Expanded)
	f.Disabled = s.Disabled
	f.Level = s.Level
	if more {
		f.Busy, f.Invalid, f.HasPopup, f.Focusable = s.Busy, s.Invalid, s.HasPopup, s.Focusable
		f.Required, f.ReadOnly = fmt.Sprint(s.Required), fmt.Sprint(s.ReadOnly)
		if s.Value != nil && rangeRoles[f.Role] {
			var now *float64
			if s.Value.HasNow {
				now = &s.Value.Now
			}
			f.Value = rangeString(now, s.Value.Min, s.Value.Max, s.Value.Text)
		}
	}
	return f
}

// TestChromiumAccessibilityTree computes role, name, description, hidden and
// states for every element recorded from Chromium's accessibility tree and
// compares them field by field. A difference listed in knownMismatches
// (with its reason) is expected; the test fails when a listed difference
// no longer occurs, so the list can only shrink.
func TestChromiumAccessibilityTree(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "chromium", "recorded", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no recordings in testdata/chromium/recorded")
	}
	seen := map[string]bool{}
	total := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var rec recording
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		src, err := os.ReadFile(filepath.Join("testdata", "chromium", "pages", rec.Page+".html"))
		if err != nil {
			t.Fatalf("%s: the page of the recording: %v", file, err)
		}
		doc := vdom.ParseString(pageDocument(string(src)))
		t.Run(rec.Page, func(t *testing.T) {
			for _, r := range rec.Elements {
				total++
				el := findByKey(doc, r.Key)
				if el == nil {
					t.Errorf("%s: element not found in the parsed page", r.Key)
					continue
				}
				more := len(rec.Properties) > 0
				want, got := chromiumFacts(r, more), ourFacts(el, more)
				for _, d := range fieldDiffs(want, got) {
					id := rec.Page + " " + r.Key + " " + d.field
					if reason, ok := knownMismatches[id]; ok {
						seen[id] = true
						if strings.TrimSpace(reason) == "" {
							t.Errorf("known mismatch %q has no reason", id)
						}
						continue
					}
					t.Errorf("%s %s: %s; mismatch (-chromium +a11y):\n%s", r.Key, d.field, d.short, d.diff)
				}
			}
		})
	}
	var stale []string
	for id := range knownMismatches {
		if !seen[id] {
			stale = append(stale, id)
		}
	}
	sort.Strings(stale)
	for _, id := range stale {
		t.Errorf("known mismatch %q no longer occurs (or its element is gone): remove it from knownMismatches", id)
	}
	if total < 300 {
		t.Errorf("recordings cover %d elements, want at least 300", total)
	}
}

type fieldDiff struct{ field, diff, short string }

// fieldDiffs compares facts field by field, so each field's difference
// can be listed as known on its own.
func fieldDiffs(want, got facts) []fieldDiff {
	var out []fieldDiff
	add := func(field string, w, g any) {
		if d := cmp.Diff(w, g); d != "" {
			out = append(out, fieldDiff{field, d, fmt.Sprintf("chromium %#v, a11y %#v", w, g)})
		}
	}
	add("hidden", want.Hidden, got.Hidden)
	if want.Hidden || got.Hidden {
		return out
	}
	if want.Role != roleNotReported {
		add("role", want.Role, got.Role)
	}
	add("name", want.Name, got.Name)
	add("description", want.Description, got.Description)
	add("checked", want.Checked, got.Checked)
	add("pressed", want.Pressed, got.Pressed)
	add("selected", want.Selected, got.Selected)
	add("expanded", want.Expanded, got.Expanded)
	add("disabled", want.Disabled, got.Disabled)
	add("level", want.Level, got.Level)
	if !want.more {
		return out
	}
	add("busy", want.Busy, got.Busy)
	add("invalid", want.Invalid, got.Invalid)
	add("hasPopup", want.HasPopup, got.HasPopup)
	add("focusable", want.Focusable, got.Focusable)
	if want.Required != "" {
		add("required", want.Required, got.Required)
	}
	if want.ReadOnly != "" {
		add("readonly", want.ReadOnly, got.ReadOnly)
	}
	add("value", want.Value, got.Value)
	return out
}
