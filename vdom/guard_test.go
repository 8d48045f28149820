package vdom_test

import (
	"bytes"
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/ratioguard"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// The regression guards of vdom's hot paths: each measures the ratio of a
// vdom operation to the baseline it is compared with in
// docs/performance.md, alternating the two (internal/ratioguard), and
// fails when the ratio stays above a bound set at about twice what it
// measures on the development machine. They are timing tests: they run
// with EVENTPERK_TIMING=1 (internal/testenv). See docs/performance.md,
// "Regression guard".

// TestGuardParse: parsing a page with vdom.Parse against html.Parse
// (measured about 0.9-1.2: one parse per batch, so a garbage collection
// falls in one half of a round; the median of 31 rounds sees past it).
func TestGuardParse(t *testing.T) {
	testenv.SkipUnlessTiming(t)
	page := pagegen.Page(2_000)
	ratioguard.Check(t, "vdom.Parse / html.Parse, 2k page", 1.8, ratioguard.Options{Rounds: 31},
		func() {
			if _, err := html.Parse(bytes.NewReader(page)); err != nil {
				t.Fatal(err)
			}
		},
		func() {
			if _, err := vdom.Parse(bytes.NewReader(page)); err != nil {
				t.Fatal(err)
			}
		})
}

// guardQueryPage is the page and roots of the query workload, with the
// cascadia matchers of its selectors (":scope > *" left out: cascadia has
// no :scope).
func guardQueryPage(t *testing.T) ([]*vdom.Node, []string, []cascadia.Matcher) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	roots := queryRoots(t, doc)
	var sels []string
	var ms []cascadia.Matcher
	for _, s := range querySelectors {
		if s != ":scope > *" {
			sels, ms = append(sels, s), append(ms, cascadia.MustCompile(s))
		}
	}
	return roots[:50], sels, ms
}

// TestGuardQuery: QuerySelectorAll, with the query cache left out, of the
// query workload's selectors from 50 roots, against cascadia.QueryAll on
// the same nodes (measured about 0.7-0.8).
func TestGuardQuery(t *testing.T) {
	guardQueries(t, "QuerySelectorAll without the cache / cascadia.QueryAll", 1.3, (*vdom.Node).QuerySelectorAllUncached)
}

// TestGuardQueryCached: the same queries repeated on an unchanged page,
// served by the query cache, against cascadia.QueryAll (measured about
// 0.12-0.14: a lookup and a copy against a walk of the subtree; without
// the cache it would be the ratio above).
func TestGuardQueryCached(t *testing.T) {
	guardQueries(t, "QuerySelectorAll from the cache / cascadia.QueryAll", 0.24, (*vdom.Node).QuerySelectorAll)
}

// guardQueries checks query, run for every selector from every root of
// the guard's page, against cascadia.QueryAll of the same selectors.
func guardQueries(t *testing.T, what string, bound float64, query func(*vdom.Node, string) ([]*vdom.Node, error)) {
	testenv.SkipUnlessTiming(t)
	roots, sels, ms := guardQueryPage(t)
	ratioguard.Check(t, what, bound, ratioguard.Options{},
		func() {
			for _, r := range roots {
				for _, m := range ms {
					cascadia.QueryAll(r.HTML(), m)
				}
			}
		},
		func() {
			for _, r := range roots {
				for _, s := range sels {
					if _, err := query(r, s); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
}
