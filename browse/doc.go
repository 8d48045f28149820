// Package browse loads pages over HTTP into vdom documents as a browser
// window does, for tests of server-rendered applications: a Session opens
// a URL, follows redirects, keeps cookies and history, makes units of
// every page (Options.Definitions), and follows the navigations a page
// asks for (links, form submissions) while the test clicks and submits.
// It is what Capybara's rack-test driver and Python's WebTest give Ruby
// and Python: no browser, no JavaScript, the application's own handler.
//
//	sess, err := browse.New(browse.Options{Handler: app})
//	if err != nil {
//		t.Fatal(err)
//	}
//	page, err := sess.Open(ctx, "/login")
//	if err != nil {
//		t.Fatal(err)
//	}
//	user := userevent.New(page.Document())
//	input, _ := page.Document().QuerySelector("input[name=name]")
//	button, _ := page.Document().QuerySelector("button")
//	if err := user.Type(input, "Ada"); err != nil {
//		t.Fatal(err)
//	}
//	// The click submits the form: POST, 303, GET; the new page is
//	// current when Click returns, and the load's error is Click's.
//	if err := user.Click(button); err != nil {
//		t.Fatal(err)
//	}
//	t.Log(sess.Page().URL(), sess.Document().Title())
//
// vdomtest.Follow(t, sess.Document) gives a Screen that follows the
// session from page to page.
//
// # Two modes, one path
//
// With Options.Handler the session serves every request in process: no
// listener, no network, whatever the URL's host (relative URLs resolve
// against Options.BaseURL, by default DefaultBaseURL). Without it the
// requests go to their URLs through the Transport of Options.Client
// (http.DefaultTransport when nil), within the Client's Timeout; relative
// URLs given to Open resolve against Options.BaseURL, which is then
// optional. Either way the session sends each request with an
// http.RoundTripper and does the rest itself: redirects, cookies (the
// Client's own redirect following and Jar are bypassed), history.
//
// The handler sees the request a net/http server would give it: RequestURI
// and a URL of path and query only, Host, RemoteAddr "192.0.2.1:1234"
// (TEST-NET-1, as httptest.NewRequest), HTTP/1.1, Content-Length, a non-nil
// TLS for https URLs, and the headers below. It runs on the goroutine that
// asked for the page, as a test that calls ServeHTTP runs it (or on a
// goroutine of its own, with Options.IsolateHandler), with the request's
// context; the response's header is frozen when
// the status is written and reaches the session as a client reads it from
// net/http's server (fields with invalid names dropped, CR and LF in
// values turned into spaces, values trimmed, names canonical; a value
// with another control character but tab fails the load with a
// *RequestError, as Go's client refuses such a response), a body written
// without a Content-Type gets the sniffed one, 204 and 304 take no body (Write returns
// http.ErrBodyNotAllowed), an invalid status code is a panic, as in
// net/http's server, and 1xx statuses are skipped. A Write past
// Options.MaxBodyBytes returns an error, as a closed connection would.
//
// A handler that runs past the load's context (Options.Timeout, or the
// caller's context) fails the load with a *RequestError wrapping the
// context's error, and no page; a handler that watches r.Context() returns
// at once. One that ignores its context holds the load until it returns,
// as it would hold a test that calls ServeHTTP, unless the session isolates
// it: then the load returns at once, the request's context is cancelled,
// and the handler's goroutine lives on until the handler returns. A
// handler that panics gives a 500 page
// naming the panic and a *PanicError (value and stack); one that panics
// with http.ErrAbortHandler gives no page and a *RequestError wrapping
// http.ErrAbortHandler, as a client sees an aborted connection; so does
// an isolated handler that ends its goroutine (runtime.Goexit, as
// t.FailNow does), with a *RequestError that says so (without isolation
// Goexit ends the caller's goroutine, as in a test calling ServeHTTP). (Over
// HTTP a panic is the server's: net/http's closes the connection, and the
// load fails with a *RequestError.)
//
// # Requests
//
// Every request carries Options.Header (User-Agent DefaultUserAgent
// unless it has one), Accept as Chromium 156 sends it for a navigation
// (unless Options.Header has one), the jar's cookies, and, for
// navigations a page starts, Referer under the request's referrer
// policy: a link's rel=noreferrer makes it no-referrer, else a valid
// referrerpolicy attribute of the link, else the page's policy (the last
// valid <meta name=referrer>, else its Referrer-Policy header), else
// Chromium's default, strict-origin-when-cross-origin (the page's URL
// without fragment and credentials to its own origin, its origin to
// another, nothing from https to http). A redirect's Referrer-Policy
// header replaces the policy for the hops after it. As in Chromium 148,
// a form's rel=noreferrer is not read. A POST carries Content-Type and
// Origin: the page's origin, or "null" for a request no page started,
// under no-referrer, from https to http under the default and strict
// policies, and to another origin under same-origin. Credentials in a URL
// are sent as Basic authorization, as http.Client does. Requests()
// records every request, redirect hops included, with its status (0 for
// none). Nothing a page, a server or a caller supplies can add a header
// line: Options.Header and a NavigationRequest's Content-Type with CR,
// LF or another control character but tab are refused (ErrBadOptions,
// ErrBadRequest), vdom empties a File type outside U+0020 to U+007E as
// the File API does and escapes names in multipart bodies, URLs are
// serialized percent-encoded, and cookies pass through net/http's
// Set-Cookie parser and Cookie writer.
//
// # Redirects
//
// 301, 302, 303, 307 and 308 with a Location are followed, by the session
// in both modes (Fetch's HTTP-redirect fetch): 301 and 302 turn a POST
// into a GET, 303 turns anything but HEAD into a GET (the body and its
// Content-Type dropped), 307 and 308 keep the method and body. Location
// is parsed against the request's URL with the URL standard's parser,
// the one vdom resolves a link's href with, so a redirect goes where
// Chromium goes: "/\evil.example/x", "///evil.example" and
// "https:evil.example" name the host evil.example, "http:x" is relative,
// hosts are IDNA-encoded and IPv4 numbers normalized, tabs and newlines
// are removed (testdata/chromium/redirects.json has the cases, recorded
// in Chromium). A Location without a fragment keeps the request's.
// Another 3xx, or one without Location or with an empty one, is the page.
// The Set-Cookie headers of every hop go to the jar, less those
// Chromium refuses (RFC 6265bis §5.7): a Secure cookie from an http page
// (but http://localhost, its subdomains and loopback addresses count as
// secure), a "__Secure-" name (any case) without Secure, a "__Host-" name
// without Secure, with Domain or with a Path other than "/". A Location that does
// not parse or is not http or https, and two Location headers that
// differ, are an ErrBadRequest error; an error quotes at most 200 bytes of
// a Location or URL, and says how long it was. More than
// Options.MaxRedirects hops (Chromium's 20 by default) is a
// *RedirectError whose Chain lists every URL requested, so a loop shows.
// Referer and Origin stay those of the page that started the load.
// Redirects, links and forms to other hosts are followed, as a browser
// follows them; Options.StayOnHost refuses every request to a host
// other than BaseURL's with an ErrOtherHost error, sending nothing.
//
// # Pages and errors
//
// A load ends with a Page, which becomes current, and possibly an error:
//   - a status of 400 or more: a *StatusError (ErrStatus);
//   - a response that is not HTML: a *NotHTMLError (ErrNotHTML). Text
//     (text/*, JavaScript) and JSON (application/json, text/json, +json)
//     show in the documents Chromium 156 makes of them: the body's text
//     in a <pre>, with the empty container of the JSON viewer after it
//     for JSON, decoded with the charset parameter (else UTF-8 when
//     valid, else windows-1252). Other types give an empty document.
//     Body has the bytes either way. A response without Content-Type is
//     sniffed (http.DetectContentType); XHTML is parsed as HTML. (Chromium
//     downloads some text types, such as text/csv, instead; a session
//     shows them.);
//   - a handler's panic: a *PanicError (ErrHandlerPanic) with the 500 page;
//   - the units' errors (errors.As finds each *unit.UpgradeError).
//
// These are joined. Page.Err returns the same error. Other failures leave
// no page and the current page unchanged: a body longer than
// Options.MaxBodyBytes (*TooLargeError), too many redirects
// (*RedirectError), a URL or navigation the session cannot send
// (ErrBadRequest), the transport's error, a timeout or a cancelled
// context (*RequestError), and a page vdom refuses to parse
// (vdom.ErrTreeTooLarge).
//
// Every URL the session gives is a *url.URL, as net/http gives a
// request's, and a copy the caller may change: Page.URL and Redirects,
// RequestRecord.URL, HistoryEntry.URL, Download.URL, the errors' URL and
// RedirectError.Chain. All but Page's show a password as "xxxxx". What
// takes a URL takes a string, resolved against Options.BaseURL.
//
// HTML is parsed with Options.ParseOptions, then vdom.WithURL (the final
// URL, with the fragment) and vdom.WithContentType (the response's, so
// its charset decodes the bytes). Relative links and forms resolve
// against the document's base URL, which a <base href> may move
// elsewhere. After parsing, the page becomes current and then
// unit.Attach(ctx, doc, Options.Definitions) makes its units, so that a
// unit that navigates while it starts leaves its own page current; then
// Options.PageHooks run on it, in order (package htmx attaches itself so),
// their errors joined to the load's.
//
// # Style sheets
//
// Every page's document gets a loader for its <link rel=stylesheet> and
// @import sheets (vdom.WithStyleSheetLoader, before Options.ParseOptions,
// whose own loader replaces it), and the session loads them when it shows
// the page, before the units start, with the load's context: each sheet
// is a GET sent as the page's other requests are (Options.Header, the
// jar's cookies, Referer under the page's policy, redirects,
// Options.StayOnHost, the Handler or the Client; Accept is
// "text/css,*/*;q=0.1"), recorded in Requests with StyleSheet set, each
// within Options.Timeout. A response whose status is not 2xx gives no
// sheet (a *StatusError); vdom refuses a Content-Type other than text/css
// (css.ErrNotCSS), a sheet larger than css.DefaultMaxSheetBytes or
// Options.MaxBodyBytes (css.ErrSheetTooLarge), and limits imports (a
// cycle applies once; 16 levels deep); a page fetches at most
// MaxPageStyleSheets sheets. A sheet that does not load leaves the page
// as it is without it, and is no error of the load: Page.StyleSheetErrors
// lists each with its URL, status and reason. A sheet whose request a
// context ended is not asked for again by that page. Sheets linked later
// (a link a test adds) load when vdom needs them, with Options.Context.
//
// The session keeps the sheets that loaded, by URL, as a browser's memory
// cache does for the pages of a tab: a sheet that every page links is
// fetched once per session, and later pages send nothing for it (the
// cache keeps 32 MiB of sheets). A response with Cache-Control no-store
// or no-cache is not kept, nor is a failure; expiry times are not read. A
// new session starts with an empty cache.
//
// # Requests a page's script sends
//
// Page.Fetch sends a request as fetch or XMLHttpRequest would: any
// method, the request's own header fields and body, through the session
// (cookies, Options.Header, Referer under the page's policy, Origin for
// methods other than GET and HEAD, redirects as Fetch follows them,
// Options.StayOnHost), recorded in Requests with Fetch set, without a
// page or a history entry. Page.Navigate and Page.Reload do what a script
// does with location.href and location.reload. A page the session has
// left can do none of them (ErrInactivePage).
//
// # Navigations a page starts
//
// The session sets the navigation handler of each page's Window
// (vdom.Window.SetNavigationHandler): a followed link or a submitted form
// loads at once, on the caller's goroutine, with Options.Context, and the
// load's error is returned by the call that caused it (userevent's Click,
// Node.Click, RequestSubmit, Submit). Every target (_blank, a name, _top)
// navigates the session's one window. Only the current page navigates: a
// request from the document of a page the session has left is refused
// with ErrInactivePage (HTML lets only the active document navigate).
// A link with a download attribute is fetched into
// Downloads instead, without navigating. A link to a fragment of the page
// itself sends nothing (vdom does not call the handler; see History); a
// link to another page with a fragment keeps it in the new page's URL, and
// the element the fragment indicates is revealed and focused once the page
// is loaded and its units have started (vdom.Window.ScrollToFragment), as
// Chromium focuses it. Loads that
// start while another loads (a unit that navigates when it starts) nest
// at most 32 deep; the next is an ErrBadRequest error. A page parsed with
// vdom.WithoutWindow has no window and cannot navigate.
//
// # History
//
// The session history follows HTML's and Chromium 148's
// (testdata/chromium/history.json has the cases, recorded in Chromium).
// Each load that gives a page adds a history entry after the current one,
// dropping the entries forward of it; a load of the URL the page has
// (fragment included) by a link, Navigate or Open replaces the current
// entry instead, keeping those forward of it, but a form submission adds
// one. A redirected load's entry is its final request.
//
// A navigation within the page, a link to a fragment of the page's own
// URL (or Open of such a URL), sends nothing and adds an entry of the same
// document (a link to the URL the page has already replaces its entry):
// vdom gives the document the new URL, fires popstate, moves the focus
// and queues hashchange, and the session records the entry
// (vdom.Window.SetSessionHistory); Page.URL follows the document's URL.
// A page's history.pushState and replaceState (vdom.Window.PushState,
// ReplaceState: what a layer such as package htmx does for the page's
// script) add or replace an entry of the same document with a URL of its
// origin and a state, sending nothing and firing nothing; loaded again,
// such an entry's URL is fetched with GET, and the new document's
// history.state is the entry's (vdom.Traversal.NewDocument).
//
// Back and Forward between entries of one document send nothing either:
// the document takes the entry's URL (Document.URL, Page.URL, :target),
// popstate fires with the entry's state, and a hashchange is queued when
// the fragment changes (vdom.Window.Traverse). The focus moves as Chromium moves it, which
// depends on its scroll restoration: at the first Back or Forward within
// a page a navigation loaded, Chromium has no scroll position to restore
// and scrolls to the entry's fragment instead, so the focus goes where the
// link sent it (a focusable target gets it, another target takes it from
// the focused element); at later ones, and in a page that Back, Forward
// or Reload loaded, it restores a position and the focus stays.
//
// The session has no back-forward cache: Back and Forward to an entry of
// a document the session has left, and Reload, load it again by sending
// the entry's request, a POST with its body, as a browser without one
// whose user confirms the resubmission; the new page keeps the entry's
// fragment in its URL, its target is not focused (Chromium restores the
// scroll position instead), and it is the document of all the entries the
// old one had, so that Back and Forward among them then send nothing. A
// traversal that fails without a page leaves the current entry where it
// was. A meta refresh is not followed.
//
// # Concurrency
//
// A Session, like the documents it loads, belongs to one goroutine at a
// time. Pages are records that do not change, but for the URL, which
// follows navigations within the page; their documents are live.
//
// Files: options.go (Options, New's checks, defaults, PageHook), session.go
// (Session, New, Open, loading a page), navigate.go (Navigate, the
// navigations pages start, downloads), script.go (Page.Fetch,
// Page.Navigate, Page.Reload: what a page's script asks for), history.go
// (entries, Back, Forward, Reload, traversal within a page, the pages'
// session history), storage.go (sessionStorage: Storage,
// Page.SessionStorage), fetch.go (requests, redirects), referrer.go (referrer
// policies, Referer and Origin), cookies.go (which cookies of a response
// are stored),
// transport.go (the in-process RoundTripper over a Handler), page.go
// (Page, how a response becomes a document), stylesheets.go (the pages'
// style sheets, the session's cache of them), errors.go (sentinels and
// error types).
package browse
