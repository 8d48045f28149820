// Command eventperk loads an HTML page, starts the units on it, fires
// events, and prints which handlers ran, in what order, with what
// arguments, and what the page looks like afterwards. It is how a page's
// event wiring is explored from the shell, documented, and checked in CI
// without a browser.
//
//	eventperk run SCENARIO...    run scenarios: trace, expectations, summary
//	eventperk fire PAGE          one unit from flags, one event, the trace
//	eventperk check SCENARIO...  validate scenarios without running them
//	eventperk version
//
// Install it with
//
//	go install github.com/eventperk/eventperk-go/cmd/eventperk@latest
//
// or run it from a checkout:
//
//	go run ./cmd/eventperk run fixtures/todo/scenario.json
//
// A page may be on a server: a scenario's "page" (or fire's PAGE) that is
// an http or https URL, or a path starting with / with --base-url, is
// fetched, and the links and forms of its pages are followed:
//
//	eventperk run --base-url http://localhost:8080 checkout.json
//
// Exit codes: 0 all good; 1 an expectation or a handler failed; 2 bad
// input. Every subcommand takes --help. The scenario format, the trace and
// the JSON output are described in docs/cli.md; the work is done by package
// scenario, of which this is a thin main.
package main
