package query_test

import (
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// The role queries on the 10,000-element page of bench/pagegen with
// Bootstrap 5.3.9's whole sheet linked, against the same page without it
// (the user agent sheet only): what reading the cascade costs a query
// whose hidden filter and names read the computed styles.

// styledPages returns the 10k page without a sheet and with Bootstrap
// linked, each parsed and with its sheets loaded.
func styledPages(b *testing.B) (plain, styled *vdom.Document) {
	b.Helper()
	src := string(pagegen.Page(10_000))
	page, loader := styledoc.LinkBootstrap(b, src)
	styled, err := vdom.Parse(strings.NewReader(page), vdom.WithURL("https://bench.test/"), vdom.WithStyleSheetLoader(loader))
	if err != nil {
		b.Fatal(err)
	}
	if errs := styled.StyleSheetLoadErrors(); len(errs) > 0 {
		b.Fatalf("Bootstrap did not load: %v", errs[0])
	}
	return vdom.ParseString(src), styled
}

// styledQueries are the role queries compared with and without the sheet.
var styledQueries = []struct {
	name string
	q    query.Query
}{
	{"button", query.ByRole("button")},
	{"link-name", query.ByRole("link", query.Name("Weekly"))},
}

// BenchmarkRoleWithSheet10k runs each role query on the page without a
// sheet ("plain") and with Bootstrap ("bootstrap"), on an unchanged page
// (the document keeps its computed styles from one query to the next,
// as between two queries of a test that changes nothing), and after a
// class change on the body before each query ("changed": every style the
// query reads is computed again). The ratio sub-benchmarks time the two
// pages in the same loop, so that both see the same machine load, and
// report bootstrap/plain, of the wall time and of the process's CPU time
// (which moves less with the load of a shared machine).
func BenchmarkRoleWithSheet10k(b *testing.B) {
	plain, styled := styledPages(b)
	for _, tc := range styledQueries {
		p, err := tc.q.QueryAll(&plain.Node)
		if err != nil {
			b.Fatal(err)
		}
		s, err := tc.q.QueryAll(&styled.Node)
		if err != nil {
			b.Fatal(err)
		}
		if len(p) == 0 || len(s) == 0 {
			b.Fatalf("%s: found %d elements without the sheet, %d with it; want some", tc.name, len(p), len(s))
		}
		for _, changed := range []bool{false, true} {
			name := tc.name
			if changed {
				name += "/changed"
			}
			run := func(doc *vdom.Document) {
				if changed {
					_, _ = doc.Body().ClassList().Toggle("flip")
				}
				if _, err := tc.q.QueryAll(&doc.Node); err != nil {
					b.Fatal(err)
				}
			}
			for _, page := range []struct {
				name string
				doc  *vdom.Document
			}{{"plain", plain}, {"bootstrap", styled}} {
				b.Run(name+"/"+page.name, func(b *testing.B) {
					b.ReportAllocs()
					c0 := benchop.CPU()
					for b.Loop() {
						run(page.doc)
					}
					b.ReportMetric(float64(benchop.CPU()-c0)/float64(b.N), benchop.CPUMetric)
				})
			}
			b.Run(name+"/ratio", func(b *testing.B) {
				var plainTime, styledTime, plainCPU, styledCPU time.Duration
				for b.Loop() {
					c0, t0 := benchop.CPU(), time.Now()
					run(plain)
					c1, t1 := benchop.CPU(), time.Now()
					run(styled)
					plainTime += t1.Sub(t0)
					styledTime += time.Since(t1)
					plainCPU += c1 - c0
					styledCPU += benchop.CPU() - c1
				}
				b.ReportMetric(float64(styledTime)/float64(plainTime), "bootstrap/plain")
				if plainCPU > 0 {
					b.ReportMetric(float64(styledCPU)/float64(plainCPU), "bootstrap/plain-cpu")
				}
			})
		}
	}
}
