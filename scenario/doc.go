// Package scenario runs event scenarios on HTML pages without a browser: it
// loads a page, makes units on it with EventPerk settings and methods built
// from a few actions, fires events, and reports which handlers ran, in what
// order, with what arguments, whether the expectations held, and what the
// page looks like afterwards. It is the engine of the eventperk command
// (cmd/eventperk), and Go tests can use it directly:
//
//	s, err := scenario.Load("fixtures/form/scenario.json")
//	if err != nil {
//		return err // InputErrors: every problem, with file:line:col and JSON path
//	}
//	res := s.Run(ctx, scenario.Options{})
//	if err := res.WriteText(os.Stdout, scenario.Format{Durations: true}); err != nil {
//		return err
//	}
//	if !res.OK() {
//		return errScenarioFailed
//	}
//
// From go test, package scenariotest runs a file and fails the test with
// its trace; LoadPage takes the page from Go (HTML, a document or a URL),
// Options.Methods adds Go methods to the scenario's units, and DiffHTML is
// the structural HTML comparison of the "html" check.
//
// The scenario format, the trace and the JSON output are described in
// docs/cli.md; docs/scenario.schema.json lets editors check scenario files.
//
// # Input is checked before anything runs
//
// Scenario files are decoded strictly: unknown keys (with a suggestion when
// one is close), wrong types, invalid selectors, unit selectors that match
// the wrong number of elements, references to units or signals that do not
// exist. A unit's "event" settings go through EventPerk's own decoder
// (perk.DecodeEventSettingsAt), whose paths and positions are moved into the
// scenario file's, so that every error of a file comes at once as
// "file:line:col: units[1].settings.event.events.save.handlers.click: ...".
//
// # Steps act as a user does
//
// Besides firing events, steps can click, type, select, tab, paste and
// upload as a person does (package userevent: every event a browser fires,
// and vdom's default actions after them), and a step's target can name
// its element as a person finds it, by role and accessible name, label,
// placeholder, text, display value, alt text, title or test id (package
// query), instead of by a selector. A query that finds no element or
// several, and an action a person could not do (a disabled button), fail
// the step with those packages' errors, which say what the page holds.
//
// # Pages from a server
//
// A scenario's page may be an http or https URL (Page.URL from Go, or,
// with the command's --base-url, a "page" path starting with "/"). Each
// run fetches it in a browse.Session, over Options.Handler in process or
// Options.Client (with Options.Header on every request and
// Options.Cookies in its jar, for a page behind a sign-in), and then
// behaves as a browser: a followed link or a submitted form loads the
// next page (redirects and cookies followed),
// the steps "open", "back", "forward" and "reload" load pages themselves,
// and the steps after act on the page that is current. The scenario's
// units are made on every page their selector matches, and start there;
// one that matches on no page the run loaded fails the run. Expectations
// check the current page's "url", "status", "title" and "cookies", and
// the trace shows each load with its requests, redirects and statuses. A
// page that cannot be loaded is an input error at "page"
// (Result.LoadError). A page read from a file is given the URL
// http://example.com/ and its file name, so that its links and forms ask
// for navigations that the trace records; nothing follows them.
//
// # Style sheets
//
// A page's <link rel=stylesheet> and @import sheets load before its units
// are made: a page from a server loads them through its session (package
// browse), a page read from a file from its own directory, which stands
// for http://example.com/ (the directory of an inline page, or of one
// given from Go with LoadPage, is the scenario file's; LoadFS reads them
// from its file system). Nothing
// outside that directory is read, and a sheet on another host is not
// fetched. A sheet that does not load does not stop the run: the page
// goes on without it, and Result.Warnings says which and why, which the
// command prints as warnings.
//
// # Runs are deterministic
//
// Each run parses a fresh document and owns it on one goroutine, as vdom
// requires. Work that handlers finish later comes back through the
// document's task queue; the steps that wait for it (trigger, resolve,
// settle) wait until it has gone on, so two runs print the same trace
// (durations aside). Every step ends by running the tasks it queued on the
// page (a details' toggle, a dialog's close), as a browser's event loop
// and vdomtest's actions do; a method's delay that falls due meanwhile
// waits for the next step that waits. Every wait is bounded by the scenario's timeout. A
// page from a server is fetched anew by each run: its trace stays the same
// as long as the server answers the same.
//
// # Files
//
//   - model.go, result.go: the decoded scenario, the result of a run
//   - jsontree.go: a JSON parser that keeps positions
//   - input.go: reading input files: regular files only, a size cap, "-"
//     for standard input, a deadline
//   - decode.go, decode_ops.go, decode_check.go, load.go: decoding, checks
//     across the file, reading the page
//   - decode_query.go: targets that are queries ({"role": "button", ...})
//   - decode_user.go: the arguments of a user's actions (key sequences,
//     options, files)
//   - run.go, steps.go, actions.go, expect.go, htmlcmp.go: running
//   - tasks.go: running the tasks a step queued on the page
//   - user.go: a user's actions as steps, through package userevent
//   - decode_page.go, navigate.go: pages from a server, navigation steps,
//     the checks of the current page
//   - sheets.go: the style sheets of a page read from a file, from its
//     directory; the warnings of sheets that did not load
//   - names.go: naming elements for people
//   - report_text.go, report_json.go: output
//   - command.go, fire.go, explore.go, help.go: the command line, reached
//     through internal/cli so that it is no part of this package's API
//   - request_flags.go: --header and --cookie, checked as they are given
//   - htmx.go: pages that load htmx (package htmx on the run's session),
//     their requests and swaps in the trace, --htmx
//   - errors.go: input errors and exit codes
package scenario
