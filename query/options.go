package query

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/selector"
)

// A TextOption adjusts a query other than ByRole: a MatchMode (Exact,
// Substring, Regexp), Selector, Ignore or Attribute. An option that does
// not apply to the query it is given to, or is given twice, makes the
// query return an error wrapping ErrBadQuery, rather than being ignored.
type TextOption interface {
	applyText(c *textConfig)
}

// textConfig collects the TextOptions of one query.
type textConfig struct {
	modes    []MatchMode
	selector *optString // Selector
	ignore   *optString // Ignore
	attr     *optString // Attribute
	twice    string     // an option given more than once
}

// setOnce stores an option's value, noting an option given twice.
func (c *textConfig) setOnce(name string, field **optString, val string) {
	if *field != nil && c.twice == "" {
		c.twice = name
	}
	*field = &optString{val}
}

// optString is an option's string value, present or not.
type optString struct{ val string }

type textOptionFunc func(c *textConfig)

func (f textOptionFunc) applyText(c *textConfig) { f(c) }

// Selector narrows ByRole, ByText and ByLabelText to the elements that
// match the CSS selector css (Testing Library's selector option, which
// Testing Library gives the text queries only): ByRole returns only the
// elements of the role that match, ByText looks at the text of those
// elements only, ByLabelText returns only the labelled elements that
// match. An invalid selector is an error of the query.
func Selector(css string) SelectorOption { return SelectorOption{css} }

// A SelectorOption is the option Selector makes: both a TextOption and a
// RoleOption.
type SelectorOption struct{ css string }

func (o SelectorOption) applyText(c *textConfig) { c.setOnce("Selector", &c.selector, o.css) }

func (o SelectorOption) applyRole(c *roleConfig) {
	c.set("Selector")
	c.selector = &optString{o.css}
}

// Ignore sets the elements ByText skips, as a CSS selector; the default
// is "script, style" (Testing Library's ignore option), and Ignore("")
// skips none.
func Ignore(css string) TextOption {
	return textOptionFunc(func(c *textConfig) { c.setOnce("Ignore", &c.ignore, css) })
}

// Attribute sets the attribute ByTestID reads, for this query, instead of
// the one SetTestIDAttribute set.
func Attribute(name string) TextOption {
	return textOptionFunc(func(c *textConfig) { c.setOnce("Attribute", &c.attr, name) })
}

// DefaultTestIDAttribute is the attribute ByTestID reads unless told
// otherwise, as in Testing Library.
const DefaultTestIDAttribute = "data-testid"

// testIDAttribute holds the string SetTestIDAttribute set; nil means
// DefaultTestIDAttribute.
var testIDAttribute atomic.Value

// SetTestIDAttribute sets the attribute ByTestID reads from now on for
// queries without an Attribute option (Testing Library's
// configure({testIdAttribute})), and returns the previous one, so a test
// can put it back. An empty name restores DefaultTestIDAttribute. It is
// safe to call from any goroutine; a query reads the setting when it
// runs, so tests that change it must not run in parallel with tests that
// rely on it.
func SetTestIDAttribute(name string) (previous string) {
	if name == "" {
		name = DefaultTestIDAttribute
	}
	if old, ok := testIDAttribute.Swap(name).(string); ok {
		return old
	}
	return DefaultTestIDAttribute
}

// TestIDAttribute returns the attribute ByTestID reads for queries without
// an Attribute option.
func TestIDAttribute() string {
	if name, ok := testIDAttribute.Load().(string); ok {
		return name
	}
	return DefaultTestIDAttribute
}

// options applies opts, and checks that the query named what accepts
// each of them (allowed lists the option names it takes besides match
// modes).
func options(what string, opts []TextOption, allowed ...string) (textConfig, error) {
	var c textConfig
	for i, o := range opts {
		if o == nil {
			return c, errkind.Errorf("query: %s: %w: option %d is nil", what, ErrBadQuery, i+1)
		}
		o.applyText(&c)
	}
	if c.twice != "" {
		return c, errkind.Errorf("query: %s: %w: option %s is given twice", what, ErrBadQuery, c.twice)
	}
	check := func(name string, set *optString) error {
		if set == nil {
			return nil
		}
		for _, a := range allowed {
			if a == name {
				return nil
			}
		}
		return errkind.Errorf("query: %s: %w: option %s does not apply to it", what, ErrBadQuery, name)
	}
	for _, err := range []error{
		check("Selector", c.selector),
		check("Ignore", c.ignore),
		check("Attribute", c.attr),
	} {
		if err != nil {
			return c, err
		}
	}
	if err := checkSelector(what, c.selector); err != nil {
		return c, err
	}
	if c.ignore != nil && c.ignore.val != "" {
		if _, err := selector.Compile(c.ignore.val); err != nil {
			return c, errkind.Errorf("query: %s: %w: %v", what, ErrBadQuery, err)
		}
	}
	if c.attr != nil && strings.TrimSpace(c.attr.val) == "" {
		return c, errkind.Errorf("query: %s: %w: Attribute needs a name", what, ErrBadQuery)
	}
	return c, nil
}

// checkSelector checks the value of a Selector option, if one was given.
func checkSelector(what string, o *optString) error {
	switch {
	case o == nil:
		return nil
	case o.val == "":
		return errkind.Errorf("query: %s: %w: Selector(\"\") selects nothing; leave the option out to look at every element", what, ErrBadQuery)
	}
	if _, err := selector.Compile(o.val); err != nil {
		return errkind.Errorf("query: %s: %w: %v", what, ErrBadQuery, err)
	}
	return nil
}

// quote is %q, for descriptions.
func quote(s string) string { return fmt.Sprintf("%q", s) }
