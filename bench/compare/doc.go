// Package compare measures eventperk-go's DOM and EventPerk against the DOMs
// JavaScript component tests use today (jsdom, happy-dom and linkedom) on the
// same pages and the same workloads, and checks that every side did the same
// work.
//
// The command is go run ./bench/cmd/compare (see docs/performance.md). It
//
//  1. writes the pages of bench/pagegen into a temporary directory, with a
//     plan.json that names the elements each workload uses, so that both
//     sides act on the same ids;
//  2. runs the Go workloads in-process with testing.Benchmark (median of
//     several runs, with allocations), next to their bounds: html.Parse
//     alone for parsing and memory, raw cascadia for queries, and for W3
//     and W7 their floors, the same event dispatched to one listener that
//     calls as many plain functions (the bound and the workload take
//     turns, run after run, so that both see the same machine);
//  3. runs bench/js/workloads.mjs with Node (installing the pinned packages
//     with npm ci first when bench/js/node_modules is missing);
//  4. compares the "check" value every side reports for every workload
//     (match counts, listener call orders) and lists disagreements;
//  5. prints a Markdown table of medians, ratios and targets.
//
// The workloads (W1 to W12), described in docs/performance-compare.md:
//
//	W1 parse a page into a document
//	W2 querySelectorAll of 8 selectors from 200 elements with ids
//	W3 a bubbling click on the deepest of 32 nested elements, a capture and a
//	   bubble listener on each element of the path (64 calls per dispatch)
//	W4 a non-bubbling CustomEvent with a detail to 10 listeners: a struct
//	   (JavaScript: an object), and beside it a map (JavaScript: a Map)
//	W5 add then remove 1,000 distinct listeners on one element
//	W6 live heap per element after parsing the largest page
//	W7 EventPerk trigger and triggerSync of an event with 10 handlers; in
//	   JavaScript a re-implementation of BitsmistJS v1's trigger path
//	W8 starting a unit with 100 element entries
//	W9 a whole page test: parse a 300-element page with a form, start its
//	   two units, five role queries, type 20 characters, click a checkbox,
//	   choose an option, submit, read the submitted entries; in JavaScript
//	   with @testing-library/dom and @testing-library/user-event; and, in
//	   Go only, a role query on the work page beside the CSS query that
//	   finds the same elements
//	W10 memory under churn: a million cycles of inserting a ten-element
//	   subtree by innerHTML into an element of the 10k page, reading every
//	   element of it (so that vdom makes their handles) and removing it;
//	   the live heap after a full collection every 100,000 cycles, and the
//	   time per cycle
//	W11 computed styles: every element's display and visibility through
//	   getComputedStyle on the 10k page with Bootstrap's whole sheet in a
//	   <style> element, the first time after load, again with the styles
//	   kept, and after a class change that hides a container; every side
//	   must find the sheet applied (a .card is a flex box, a .d-none
//	   container none)
//	W12 an htmx interaction, once with htmx 2 and once with htmx 4: a click
//	   on an hx-get button, the request answered in process (Go: an
//	   http.Handler through browse and package htmx; JavaScript: the real
//	   htmx from npm with an XMLHttpRequest or fetch stand-in), the swap of
//	   50 table rows into the table's body and the settle; every side must
//	   find the 50 rows after a click
//
// Node is needed only for the JavaScript side; go test runs the Go side on
// small pages and skips the JavaScript side when Node or bench/js/node_modules
// is missing.
//
// Files: plan.go (pages, the plan shared with JavaScript), formpage.go (the
// page and scenario of W9), workloads.go (the Go workloads W1 to W8 and
// their checks), w9.go (W9), w10.go (W10), w11.go (W11: its page, its
// elements and its rows), w12.go (W12, whose JavaScript side is
// bench/js/w12.mjs), rungo.go (the rows and the Go side), measure.go
// (testing.Benchmark, medians, heap, CPU time), cputime_unix.go and
// cputime_other.go (the process's CPU time), js.go (running Node),
// report.go (targets, disagreements, the table), compare.go (Run, which
// ties them together).
package compare
