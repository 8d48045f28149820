package scenario

import (
	"errors"
	"github.com/eventperk/eventperk-go/internal/jsonpath"
	"github.com/eventperk/eventperk-go/internal/suggest"
	"regexp"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// A target may name its element as a user finds it instead of by a
// selector: an object with one query key, such as {"role": "button",
// "name": "Save"} or {"label": "Email"}, decoded into a query.Query.

// queryKinds are the keys that say what a query object looks for, each
// with the modifiers it takes besides "match".
var queryKinds = []string{"role", "label", "placeholder", "text", "displayValue", "altText", "title", "testId"}

var (
	roleQueryKeys = []string{"name", "match", "level", "checked", "pressed", "selected", "expanded", "current", "disabled", "hidden"}
	textQueryKeys = map[string][]string{
		"label":        {"match", "selector"},
		"placeholder":  {"match"},
		"text":         {"match", "selector"},
		"displayValue": {"match"},
		"altText":      {"match"},
		"title":        {"match"},
		"testId":       {"attribute"},
	}
	matchModes = []string{"exact", "substring", "regexp"}
)

// queryTarget decodes a query object at v. It reports every problem at the
// key or value at fault and returns false when there was one.
func (d *decoder) queryTarget(v *jsonValue, path string) (target, bool) {
	var kind *jsonMember
	for i := range v.Members {
		m := &v.Members[i]
		if !slices.Contains(queryKinds, m.Key) {
			continue
		}
		if kind != nil && m.Key != kind.Key {
			d.fail(m.KeyPos, path, "two queries in one target: "+quoteJSON(kind.Key)+" and "+quoteJSON(m.Key),
				"a target finds its element one way; narrow a role query with \"name\"")
			return target{}, false
		}
		if kind == nil {
			kind = m
		}
	}
	if kind == nil {
		reported := false
		for _, m := range v.Members {
			if h := didYouMean(m.Key, queryKinds); h != "" {
				d.fail(m.KeyPos, path, "unknown query "+quoteJSON(m.Key), h)
				reported = true
			}
		}
		if !reported {
			d.fail(v.Start, path, "no query: want a selector, or an object with one of "+listKeys(queryKinds), "such as {\"role\": \"button\", \"name\": \"Save\"} or {\"label\": \"Email\"}")
		}
		return target{}, false
	}
	keys := roleQueryKeys
	if kind.Key != "role" {
		keys = textQueryKeys[kind.Key]
	}
	before := len(d.errs)
	f, _ := d.fields(v, path, append(slices.Clone(keys), kind.Key), func(key string) string {
		if slices.Contains(queryKinds, key) {
			return ""
		}
		if h := didYouMean(key, keys); h != "" {
			return h
		}
		return quoteJSON(kind.Key) + " takes " + listKeys(keys)
	})
	kp := pathKey(path, kind.Key)
	text, ok := d.str(kind.Value, kp)
	if !ok {
		return target{}, false
	}
	mode := query.Exact
	if mv := f["match"]; mv != nil {
		mode = d.matchMode(mv, pathKey(path, "match"))
		if kind.Key == "role" && f["name"] == nil {
			d.fail(mv.Start, pathKey(path, "match"), "\"match\" without \"name\"", "\"match\" says how a role query compares the name")
		}
	}
	var q query.Query
	if kind.Key == "role" {
		q = d.roleQuery(kind.Value, kp, text, f, path, mode)
	} else {
		q = d.textQuery(kind, kp, text, f, path, mode)
	}
	if len(d.errs) > before {
		return target{}, false
	}
	// What the checks above leave to the query package (an option it
	// refuses for a reason of its own) is reported at the object.
	if err := badQuery(q); err != nil {
		d.fail(v.Start, path, queryReason(err), "")
		return target{}, false
	}
	return target{q: &q, text: q.String()}, true
}

// matchMode decodes "match".
func (d *decoder) matchMode(v *jsonValue, path string) query.MatchMode {
	s, ok := d.str(v, path)
	if !ok {
		return query.Exact
	}
	switch s {
	case "exact":
		return query.Exact
	case "substring":
		return query.Substring
	case "regexp":
		return query.Regexp
	}
	h := didYouMean(s, matchModes)
	if h == "" {
		h = "want one of " + listKeys(matchModes)
	}
	d.fail(v.Start, path, "unknown match mode "+quoteShort(s), h)
	return query.Exact
}

// matchText checks the text a query compares: not empty, and a valid RE2
// pattern when compared as one.
func (d *decoder) matchText(v *jsonValue, path, text string, mode query.MatchMode) bool {
	if strings.TrimSpace(text) == "" {
		d.failf(v, path, "empty text: it would match everything or nothing")
		return false
	}
	if mode == query.Regexp {
		if _, err := regexp.Compile(text); err != nil {
			d.fail(v.Start, path, "invalid regular expression "+quoteShort(text)+": "+strings.TrimPrefix(err.Error(), "error parsing regexp: "), "")
			return false
		}
	}
	return true
}

// roleQuery builds a role query from the object's members; each option is
// tried on its own against the role so that a state the role never has is
// reported at its key.
func (d *decoder) roleQuery(rv *jsonValue, rolePath, role string, f map[string]*jsonValue, path string, mode query.MatchMode) query.Query {
	if _, ok := a11y.CanonicalRole(role); !ok {
		hint := jsonpath.DidYouMean(suggest.Role(role))
		if hint == "" {
			hint = "a role is an ARIA role such as \"button\", \"textbox\" or \"heading\""
		}
		d.fail(rv.Start, rolePath, "unknown role "+quoteShort(role), hint)
		return query.Query{}
	}
	var opts []query.RoleOption
	add := func(key string, o query.RoleOption) {
		if err := badQuery(query.ByRole(role, o)); err != nil {
			d.fail(f[key].Start, pathKey(path, key), queryReason(err), "")
			return
		}
		opts = append(opts, o)
	}
	if v := f["name"]; v != nil {
		if s, ok := d.str(v, pathKey(path, "name")); ok && d.matchText(v, pathKey(path, "name"), s, mode) {
			opts = append(opts, query.Name(s, mode))
		}
	}
	if v := f["level"]; v != nil {
		if n, ok := d.integer(v, pathKey(path, "level")); ok {
			if n < 1 {
				d.failf(v, pathKey(path, "level"), "want a level of 1 or more, got %d", n)
			} else {
				add("level", query.Level(n))
			}
		}
	}
	if v := f["checked"]; v != nil {
		switch {
		case v.Kind == jsonString && v.Str == "mixed":
			add("checked", query.Mixed())
		case v.Kind == jsonBool:
			add("checked", query.Checked(v.Bool))
		default:
			d.wrongType(v, pathKey(path, "checked"), "true, false or \"mixed\"")
		}
	}
	for _, st := range []struct {
		key string
		opt func(bool) query.RoleOption
	}{{"pressed", query.Pressed}, {"selected", query.Selected}, {"expanded", query.Expanded}, {"disabled", query.Disabled}} {
		if v := f[st.key]; v != nil {
			if b, ok := d.boolean(v, pathKey(path, st.key)); ok {
				add(st.key, st.opt(b))
			}
		}
	}
	if v := f["current"]; v != nil {
		switch v.Kind {
		case jsonBool:
			// aria-current="true" is current; false: not current at all.
			tok := ""
			if v.Bool {
				tok = "true"
			}
			add("current", query.Current(tok))
		case jsonString:
			if !slices.Contains(currentTokens, v.Str) {
				h := didYouMean(v.Str, currentTokens)
				if h == "" {
					h = "want true, false or one of " + listKeys(currentTokens)
				}
				d.fail(v.Start, pathKey(path, "current"), "unknown aria-current value "+quoteShort(v.Str), h)
			} else {
				add("current", query.Current(v.Str))
			}
		default:
			d.wrongType(v, pathKey(path, "current"), "true, false or a token such as \"page\"")
		}
	}
	if v := f["hidden"]; v != nil {
		if b, ok := d.boolean(v, pathKey(path, "hidden")); ok && b {
			opts = append(opts, query.IncludeHidden())
		}
	}
	return query.ByRole(role, opts...)
}

// currentTokens are the values of aria-current that make an element
// current (ARIA 1.2), besides "true".
var currentTokens = []string{"page", "step", "location", "date", "time", "true"}

// textQuery builds one of the queries by a text: label, placeholder,
// text, display value, alt text, title, test id.
func (d *decoder) textQuery(kind *jsonMember, kp, text string, f map[string]*jsonValue, path string, mode query.MatchMode) query.Query {
	if kind.Key == "testId" {
		if strings.TrimSpace(text) == "" {
			d.failf(kind.Value, kp, "empty test id")
			return query.Query{}
		}
		var opts []query.TextOption
		if v := f["attribute"]; v != nil {
			if a, ok := d.name(v, pathKey(path, "attribute"), "attribute name"); ok {
				opts = append(opts, query.Attribute(a))
			}
		}
		return query.ByTestID(text, opts...)
	}
	if !d.matchText(kind.Value, kp, text, mode) {
		return query.Query{}
	}
	opts := []query.TextOption{mode}
	if v := f["selector"]; v != nil {
		if sel, ok := d.selector(v, pathKey(path, "selector")); ok {
			opts = append(opts, query.Selector(sel))
		}
	}
	switch kind.Key {
	case "label":
		return query.ByLabelText(text, opts...)
	case "placeholder":
		return query.ByPlaceholderText(text, opts...)
	case "text":
		return query.ByText(text, opts...)
	case "displayValue":
		return query.ByDisplayValue(text, opts...)
	case "altText":
		return query.ByAltText(text, opts...)
	}
	return query.ByTitle(text, opts...)
}

// badQuery returns the error of a query that cannot run, or nil. It tries
// the query on an empty page of its own (a document belongs to one
// goroutine, and files may be decoded on several): a query that cannot
// run (query.ErrBadQuery) says so on any page.
func badQuery(q query.Query) error {
	empty := vdom.ParseString("<!DOCTYPE html><html><body></body></html>")
	_, err := q.QueryAll(&empty.Node)
	if errors.Is(err, query.ErrBadQuery) {
		return err
	}
	return nil
}

// queryReason is the part of a query's error that says why, without the
// package's prefixes, which name things the scenario does not.
func queryReason(err error) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, "invalid query: "); ok {
		return after
	}
	return strings.TrimPrefix(msg, "query: ")
}
