package vdom_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

const queryPage = `<!DOCTYPE html><html><body id="body">` +
	`<div id="outer" class="box">` +
	`<section id="sec"><span id="s1"></span><p id="p1"><span id="s2" class="x"></span></p></section>` +
	`<ul id="list"><li id="l1">1<ul id="sub"><li id="l2">2</li></ul></li><li id="l3" class="x">3</li></ul>` +
	`</div><span id="s3"></span></body></html>`

func TestQuerySelectorAll(t *testing.T) {
	tests := []struct {
		name string
		root string // id; "" for the document
		sel  string
		want []string
	}{
		{"ancestors outside the root take part", "sec", "div span", []string{"span#s1", "span#s2"}},
		{"ancestor chain entirely outside", "p1", "body div section p span", []string{"span#s2"}},
		{"the root itself is not a result", "sec", "section", []string{}},
		{"the root can match a compound", "sec", "section > span", []string{"span#s1"}},
		{":scope children", "list", ":scope > li", []string{"li#l1", "li#l3"}},
		{":scope descendants", "list", ":scope li", []string{"li#l1", "li#l2", "li#l3"}},
		{":scope with class", "outer", ":scope.box > ul > li.x", []string{"li#l3"}},
		{":scope does not match a descendant", "outer", ":scope", []string{}},
		{"tree order", "", "span, li", []string{"span#s1", "span#s2", "li#l1", "li#l2", "li#l3", "span#s3"}},
		{"selector list without duplicates", "", ".x, span", []string{"span#s1", "span#s2", "li#l3", "span#s3"}},
		{"id with odd characters", "", `#s1, [id="l2"]`, []string{"span#s1", "li#l2"}},
		{"no match", "list", "table", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, queryPage)
			root := &doc.Node
			if tt.root != "" {
				root = treeEl(t, doc, tt.root)
			}
			got, err := root.QuerySelectorAll(tt.sel)
			treeNoErr(t, "QuerySelectorAll", err)
			treeDiff(t, "QuerySelectorAll("+tt.sel+")", tt.want, treeNames(got))
			first, err := root.QuerySelector(tt.sel)
			treeNoErr(t, "QuerySelector", err)
			if len(tt.want) == 0 {
				if first != nil {
					t.Errorf("QuerySelector = %s, want nil", first)
				}
			} else if len(got) == 0 || first != got[0] {
				t.Errorf("QuerySelector = %v, want the first of QuerySelectorAll, %v", first, treeNames(got))
			}
			for _, n := range got {
				if doc.Wrap(n.HTML()) != n {
					t.Errorf("result %s is not the node's handle", n)
				}
			}
		})
	}

	t.Run("queries see mutations", func(t *testing.T) {
		doc := treeDoc(t, queryPage)
		list := treeEl(t, doc, "list")
		treeEl(t, doc, "l3").Remove()
		checkTree(t, doc, "l3")
		li := treeCreate(t, doc, "li", "id", "new", "class", "x")
		_, err := treeEl(t, doc, "sub").AppendChild(li)
		treeNoErr(t, "AppendChild", err)
		checkTree(t, doc)
		got, err := list.QuerySelectorAll("li.x")
		treeNoErr(t, "QuerySelectorAll", err)
		treeDiff(t, "after mutations", []string{"li#new"}, treeNames(got))
	})
}

func TestQueryMatchesAndClosest(t *testing.T) {
	doc := treeDoc(t, queryPage)
	tests := []struct {
		name        string
		el          string
		sel         string
		wantMatches bool
		wantClosest string // "<nil>" for none
	}{
		{"plain", "s2", "span.x", true, "span#s2"},
		{"ancestor context", "s2", "section span", true, "span#s2"},
		{"closest ancestor", "s2", "section", false, "section#sec"},
		{"closest nearest of several", "l2", "li", true, "li#l2"},
		{"closest by combinator", "l2", "ul > li > ul", false, "ul#sub"},
		{":scope is the element", "s2", ":scope", true, "span#s2"},
		{":scope with context", "s2", "p > :scope", true, "span#s2"},
		{":scope as ancestor does not match the element itself", "s2", ":scope span", false, "<nil>"},
		{"closest with :scope in the ancestor chain", "l2", ":scope, #outer", true, "li#l2"},
		{"closest skipping :scope", "l2", "#outer", false, "div#outer"},
		{"no match", "s1", "table", false, "<nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			el := treeEl(t, doc, tt.el)
			m, err := el.Matches(tt.sel)
			treeNoErr(t, "Matches", err)
			if m != tt.wantMatches {
				t.Errorf("%s.Matches(%q) = %v, want %v", el, tt.sel, m, tt.wantMatches)
			}
			c, err := el.Closest(tt.sel)
			treeNoErr(t, "Closest", err)
			treeDiff(t, "Closest("+tt.sel+")", tt.wantClosest, treeName(c))
		})
	}
	t.Run("non-elements", func(t *testing.T) {
		text := treeEl(t, doc, "l1").FirstChild()
		if m, err := text.Matches("*"); m || err != nil {
			t.Errorf("text.Matches(*) = %v, %v", m, err)
		}
		if c, err := text.Closest("li"); c != treeEl(t, doc, "l1") || err != nil {
			t.Errorf("text.Closest(li) = %v, %v; want its parent", c, err)
		}
	})
}

func TestQueryInvalidSelector(t *testing.T) {
	doc := treeDoc(t, queryPage)
	el := treeEl(t, doc, "outer")
	for _, sel := range []string{"", "div >", "[", "a[b=", "::nope(", "#", ".", "div,,p", ":not(", "li:nth-child(x)"} {
		t.Run(sel, func(t *testing.T) {
			checks := map[string]error{}
			_, checks["QuerySelector"] = el.QuerySelector(sel)
			_, checks["QuerySelectorAll"] = el.QuerySelectorAll(sel)
			_, checks["Matches"] = el.Matches(sel)
			_, checks["Closest"] = el.Closest(sel)
			_, checks["QueryScoped"] = el.QueryScoped(sel, nil)
			for name, err := range checks {
				if !errors.Is(err, vdom.ErrSyntax) {
					t.Errorf("%s(%q) error = %v, want one matching ErrSyntax", name, sel, err)
				}
			}
			if err := mustQueryPanic(el, sel); !errors.Is(err, vdom.ErrSyntax) {
				t.Errorf("MustQuerySelector(%q) panicked with %v, want an error matching ErrSyntax", sel, err)
			}
		})
	}
}

// mustQueryPanic calls MustQuerySelector and returns the error it panicked
// with (nil when it did not panic; a non-error panic value fails).
func mustQueryPanic(el *vdom.Node, sel string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if err, ok = r.(error); !ok {
				err = fmt.Errorf("panic value %#v is not an error", r)
			}
		}
	}()
	el.MustQuerySelector(sel)
	return nil
}

func TestMustQuerySelectorNoMatch(t *testing.T) {
	doc := treeDoc(t, queryPage)
	el := treeEl(t, doc, "outer")
	err := mustQueryPanic(el, "table.none")
	if !errors.Is(err, vdom.ErrNotFound) {
		t.Fatalf("MustQuerySelector with no match panicked with %v, want an error matching ErrNotFound", err)
	}
	if errors.Is(err, vdom.ErrSyntax) {
		t.Errorf("no match also matches ErrSyntax: %v", err)
	}
	for _, want := range []string{`"table.none"`, "div#outer"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q does not name %s", err, want)
		}
	}
	if got := el.MustQuerySelector("section"); got == nil || got.TagName() != "SECTION" {
		t.Errorf("MustQuerySelector(section) = %v", got)
	}
}

func TestQueryScoped(t *testing.T) {
	doc := treeDoc(t, queryPage)
	outer := treeEl(t, doc, "outer")
	tests := []struct {
		name     string
		root     string
		sel      string
		boundary func(*vdom.Node) bool
		want     []string
	}{
		{"ancestors outside do not take part", "sec", "div span", nil, []string{}},
		{"inside ancestors do", "outer", "section span", nil, []string{"span#s1", "span#s2"}},
		{":scope selector as is", "list", ":scope > li", nil, []string{"li#l1", "li#l3"}},
		{"boundary keeps the host, drops inside", "outer", "li, ul", func(n *vdom.Node) bool { return n.ID() == "sub" }, []string{"ul#list", "li#l1", "ul#sub", "li#l3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := outer
			if tt.root != "" {
				root = treeEl(t, doc, tt.root)
			}
			got, err := root.QueryScoped(tt.sel, tt.boundary)
			treeNoErr(t, "QueryScoped", err)
			treeDiff(t, "QueryScoped("+tt.sel+")", tt.want, treeNames(got))
		})
	}
}
