// Package htmx runs the hx- attributes of a page that loads htmx, as htmx
// 2 (2.0.x) or htmx 4 (4.0.x) runs them in a browser, without a
// JavaScript engine: the htmx script is never executed. Its triggers
// listen on the vdom document, its requests go through the page's
// browse.Session to the application's handler, its responses are swapped
// into the document, and its events are dispatched in vdom, so units,
// listeners and tests see what a browser's would.
//
//	opts := browse.Options{Handler: app}
//	if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
//		t.Fatal(err)
//	}
//	sess, _ := browse.New(opts)
//	page, _ := sess.Open(ctx, "/")
//	user := userevent.New(page.Document())
//	button, _ := page.Document().QuerySelector("button[hx-post]")
//	// The click sends the request and swaps the response before it
//	// returns; its error holds what htmx found wrong.
//	if err := user.Click(button); err != nil {
//		t.Fatal(err)
//	}
//
// # Switching it on
//
// Attach adds a page hook to a session's options: every page whose
// document has a <script> whose src names htmx (htmx.min.js,
// htmx-2.0.11.min.js, https://unpkg.com/htmx.org@4.0.1) gets an Engine,
// which reads the page's <meta name="htmx-config"> and processes the body
// as htmx does when the page loads. The version comes from the script's
// URL, else Options.Version (DefaultVersion, htmx 2); Options.Force makes
// Options.Version win, Options.Off turns htmx off. A page without htmx is
// left alone: the hook's only cost is one query for script[src]. Of
// returns a document's Engine.
//
// # When things happen
//
// A user's action (package userevent, and vdomtest's actions on top of
// it) returns when the requests it sent have been answered and their
// responses swapped, as far as they can be at this moment: what waits for
// the document's clock (hx-trigger delays, throttles, polling, htmx 2's
// 20 ms settle, swap: and settle: delays) happens when the clock gets
// there. On a vdom.FakeClock a test moves time itself
// (FakeClock.Advance, vdomtest's AdvanceTime and Settle); nothing sleeps.
// Responses reach the page one at a time, in the order they arrived, each
// taken in before the next, after the timers due at that moment.
// Engine.Settle does the same for work started outside an action (a test
// that dispatches events itself).
//
// Options.Hold keeps chosen responses from the page: a test looks at the
// page while the request is in flight (indicator classes, disabled
// elements, a second click queued or replaced by hx-sync), then
// Engine.Release delivers the response.
//
// # History
//
// hx-push-url, hx-replace-url, the HX-Push-Url, HX-Replace-Url and
// HX-Location headers and boosted links and forms push or replace the
// session's URL as history.pushState and replaceState do
// (vdom.Window.PushState): an entry of the same document, nothing
// loaded. Back and Forward to such an entry restore as each version
// does: htmx 2 swaps back its snapshot of the history element from its
// cache in the session's sessionStorage (browse.Page.SessionStorage), or
// on a miss asks the server with HX-History-Restore-Request; htmx 4 asks
// the server 1 ms later, always. A URL the page cannot take is an
// ErrHistory error.
//
// # Versions
//
// The differences between htmx 2 and htmx 4 are those of their own code
// (docs/htmx.md lists them, and testdata/NOTES.md shows them in the
// recordings): which attributes are inherited (htmx 2: implicitly; htmx
// 4: attr:inherited), which statuses are swapped, which verbs send the
// enclosing form, the encodings, the request headers, the event names
// and their order, when new content is processed and settled. A
// version's switches are data (behaviour in version.go); where the two
// order their steps differently the engine has a file per version.
//
// # What needs JavaScript
//
// hx-on attributes, trigger filters (click[shiftKey]), js: and javascript:
// values of hx-vals, hx-headers and hx-confirm, hx-vars, htmx extensions
// (hx-ext, htmx 4's ext scripts but hx-prompt) and <script> elements in
// responses run JavaScript in a browser. The engine refuses them: each is
// an *Error matching ErrNeedsJavaScript that names the element and the
// attribute; the rest of the page works on.
//
// # Errors
//
// Every problem is an *Error naming the element, the attribute (or the
// response header) and, for a value that does not parse, the byte offset
// in it: ErrSyntax (an hx-trigger, hx-swap, hx-vals or HX-Trigger that
// does not parse), ErrNoTarget (a selector that finds nothing where htmx
// needs an element), ErrNotHTML (a response swapped as HTML that is not),
// ErrRequest (no response), ErrNeedsJavaScript, ErrHistory (a URL of
// another origin to push). htmx itself would log
// most of them to the console and go on; so does the engine, which
// records them: Engine.Errors lists them all, the page's load returns
// those of processing the page (Page.Err), and a user's action, Settle
// and Release return those that arose during them.
//
// # Goroutines
//
// An Engine belongs to the goroutine that owns its document.
//
// Files: doc.go; version.go (Version, the behaviour of each version);
// options.go (Options, Attach, Of); engine.go (Engine, Settle, event
// dispatch); config.go (htmx-config); attr.go (attributes, inheritance);
// target.go (extended selectors); process.go (processing and cleanup);
// trigger_parse.go, trigger.go (hx-trigger); params.go (parameters and
// encodings); request.go (Request, Header, Params); request2.go,
// request4.go (each version's request); send.go (sending, holding,
// delivering); response2.go (htmx 2's response handling, HX- headers);
// swap_parse.go (hx-swap); fragment.go (parsing responses); swap2.go,
// swap4.go (each version's swap and settle); partial2.go (htmx 2's
// <hx-partial>); boost.go (hx-boost); history.go (what a response pushes
// or replaces, the session's URL and entry); history2.go (htmx 2's
// history cache and restore); history4.go (htmx 4's restore);
// events.go (Detail, HistoryItem); values.go (intervals, HCON);
// errors.go (Error, the sentinels).
package htmx
