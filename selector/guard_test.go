package selector_test

import (
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/eventperk/eventperk-go/internal/ratioguard"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/selector"
)

// TestGuardQuery is the regression guard of the query engine: the eight
// selector kinds of the benchmarks, each compiled through the cache and
// run with QueryAll from the body, against cascadia.QueryAll with
// precompiled matchers on the same tree, measured alternately
// (internal/ratioguard). Measured about 0.35-0.45 on the development
// machine; the bound is about twice that. See docs/performance.md,
// "Regression guard".
func TestGuardQuery(t *testing.T) {
	testenv.SkipUnlessTiming(t)
	_, body := benchDoc()
	ms := make([]cascadia.Matcher, len(benchKinds))
	for i, k := range benchKinds {
		ms[i] = cascadia.MustCompile(k.raw)
	}
	ratioguard.Check(t, "selector QueryAll / cascadia.QueryAll", 0.8, ratioguard.Options{},
		func() {
			for _, m := range ms {
				cascadia.QueryAll(body, m)
			}
		},
		func() {
			for _, k := range benchKinds {
				s, err := selector.Compile(k.sel)
				if err != nil {
					t.Fatal(err)
				}
				s.QueryAll(body)
			}
		})
}
