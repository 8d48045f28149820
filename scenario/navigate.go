package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// Pages and navigation. A scenario whose page is a URL runs in a
// browse.Session: the navigations its pages ask for (a followed link, a
// submitted form) load the next page, the steps open, back, forward and
// reload load pages themselves, and the steps after act on the page that
// is current. The units of the scenario are made on every page the run
// loads, each on the elements its selector matches there, and those that
// start by themselves start; a unit whose selector matches nothing on a
// page is not made on it, and one that matches nothing on any page fails
// the run at its end. A page read from a file has no server: the
// navigations it asks for are recorded in the trace and not followed.

// fileBase is the URL a page read from a file, or given inline, is given,
// so that its links and form actions resolve to URLs the trace can show:
// the host httptest and package browse use for pages that come from no
// network. A page file's URL ends in its file name.
const fileBase = browse.DefaultBaseURL

// fileURL is the URL of the scenario's page when it is not fetched.
func (s *Scenario) fileURL() string {
	if s.PageFile == "" || s.PageFile == stdinArg || s.PageFile == stdinName {
		return fileBase
	}
	return fileBase + url.PathEscape(path.Base(strings.ReplaceAll(s.PageFile, "\\", "/")))
}

// openSession makes the run's session and loads the scenario's page; it
// returns an input error, at "page" in the file, when the page cannot be
// loaded.
func (r *runner) openSession(opts Options) error {
	if sess := r.s.preopened; sess != nil {
		r.s.preopened = nil
		r.sess = sess
		r.origin = runOrigin(sess)
		nav := &Navigation{Cause: "load", Followed: true}
		r.cur.Items = append(r.cur.Items, Item{Kind: ItemNavigation, Navigation: nav})
		for _, rec := range sess.Requests() {
			if !rec.StyleSheet {
				nav.Requests = append(nav.Requests, Request{Method: rec.Method, URL: rec.URL.String(), Status: rec.Status})
			}
		}
		if len(nav.Requests) > 0 {
			nav.Method, nav.URL = nav.Requests[0].Method, nav.Requests[0].URL
		}
		nav.Status = sess.Page().Status()
		r.lastNav = nav
		r.notePageSheets(sess.Page())
		return nil
	}
	base := opts.BaseURL
	if base == "" && opts.Handler == nil {
		// A session over a Client needs a base URL; the page's is the
		// natural one.
		if u, err := url.Parse(r.s.PageURL); err != nil || !u.IsAbs() {
			return r.pageError(fmt.Errorf("the URL %s is relative: give Options.BaseURL, or Options.Handler to serve it in process", quoteJSON(r.s.PageURL)))
		}
		base = r.s.PageURL
	}
	// Each load gets the run's whole time; the run's context bounds them
	// all together.
	bopts := browse.Options{
		Handler: opts.Handler, Client: opts.Client, BaseURL: base,
		MaxBodyBytes: opts.MaxPageBytes, Timeout: r.timeout, Context: r.ctx,
		StayOnHost: opts.StayOnHost, Header: opts.Header,
	}
	if err := r.attachHTMX(&bopts, opts.HTMX); err != nil {
		return r.pageError(err)
	}
	sess, err := browse.New(bopts)
	if err != nil {
		return r.pageError(err)
	}
	if len(opts.Cookies) > 0 {
		first, err := firstPageURL(r.s.PageURL, base, opts.Handler != nil)
		if err == nil {
			err = seedCookies(sess, first, opts.Cookies)
		}
		if err != nil {
			return r.pageError(err)
		}
	}
	r.sess = sess
	// Method and URL come from the request sent, which is absolute.
	nav := &Navigation{Cause: "load", Followed: true}
	err = r.load(nav, func() (*browse.Page, error) { return sess.Open(r.ctx, r.s.PageURL) })
	if err != nil {
		return r.pageError(err)
	}
	r.origin = runOrigin(sess)
	return nil
}

// firstPageURL is the absolute URL of the scenario's page: pageURL,
// resolved against base (with a Handler and no base,
// browse.DefaultBaseURL).
func firstPageURL(pageURL, base string, handler bool) (string, error) {
	if base == "" && handler {
		base = browse.DefaultBaseURL
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u, err := b.Parse(pageURL)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// pageError is the input error of a page that could not be loaded: at
// "page" in the scenario file, naming the URL and what went wrong.
func (r *runner) pageError(err error) error {
	e := &InputError{File: r.s.File, Path: "page", Msg: "cannot load the page: " + loadErrorText(err), offset: r.s.pagePos, err: err}
	if r.s.pagePos < 0 {
		e.Path = ""
	}
	switch {
	case errors.Is(err, browse.ErrTooLarge):
		e.Hint = "raise the limit with --max-page-bytes (Options.MaxPageBytes)"
	case errors.Is(err, context.DeadlineExceeded):
		e.Hint = "no answer within the run's time (\"timeout\", --timeout)"
	case errors.Is(err, browse.ErrOtherHost):
		e.Hint = "--same-host keeps the run on the first page's host"
	}
	InputErrors{e}.locate(r.s.src)
	return e
}

// origin is scheme://host of u, against which the trace shortens URLs.
func origin(u *url.URL) string { return u.Scheme + "://" + u.Host }

// runOrigin is the origin the trace shortens URLs against: that of the
// run's first request, the server it was pointed at, so that a redirect
// to another host shows in full.
func runOrigin(sess *browse.Session) string {
	if rs := sess.Requests(); len(rs) > 0 {
		return origin(rs[0].URL)
	}
	return origin(sess.Page().URL())
}

// load runs a load of the session and records it in nav, which goes into
// the current step's trace; the requests it sent, redirects included, are
// the session's new ones.
func (r *runner) load(nav *Navigation, do func() (*browse.Page, error)) error {
	before, prev := len(r.sess.Requests()), r.sess.Page()
	r.cur.Items = append(r.cur.Items, Item{Kind: ItemNavigation, Navigation: nav})
	at := len(r.cur.Items) - 1
	p, err := do()
	if p != nil && p == prev && len(r.sess.Requests()) == before {
		// Back, Forward or Open within the page (another fragment of
		// its URL): the document stays and nothing was sent.
		nav.WithinPage, nav.Method, nav.URL = true, "", p.URL().Redacted()
		nav.Status, nav.Err = p.Status(), err
		return err
	}
	if p == nil && err != nil && len(r.sess.Requests()) == before {
		// Nothing was sent (no history entry, a URL that cannot be
		// loaded): the step's error says so, and there is no load.
		r.cur.Items = slices.Delete(r.cur.Items, at, at+1)
		return err
	}
	for _, rec := range r.sess.Requests()[before:] {
		if !rec.StyleSheet {
			// A page's sheets are no part of its load in the trace; those
			// that fail are warnings.
			nav.Requests = append(nav.Requests, Request{Method: rec.Method, URL: rec.URL.String(), Status: rec.Status})
		}
	}
	if nav.Method == "" && len(nav.Requests) > 0 {
		nav.Method, nav.URL = nav.Requests[0].Method, nav.Requests[0].URL
	}
	if n := len(nav.Requests); n > 0 {
		nav.Status = nav.Requests[n-1].Status
	}
	if p != nil {
		nav.Status = p.Status()
		r.lastNav = nav
		r.notePageSheets(p)
	}
	nav.Err = err
	return err
}

// navigationHandler is what the run's pages do with the navigations they
// ask for: follow them in the session, or, for a page that is not
// fetched, record them.
func (r *runner) navigationHandler(req vdom.NavigationRequest) error {
	nav := &Navigation{Method: req.Method, URL: req.URL.String(), Download: req.Download, Target: req.Target}
	nav.Cause = "link"
	if req.Source != nil {
		nav.Source = describe(req.Source)
		if req.Source.LocalName() == "form" {
			nav.Cause = "form"
		}
	}
	if r.sess == nil {
		r.cur.Items = append(r.cur.Items, Item{Kind: ItemNavigation, Navigation: nav})
		return nil
	}
	nav.Followed = true
	return r.load(nav, func() (*browse.Page, error) { return r.sess.Navigate(r.ctx, req) })
}

// serverStep runs open, back, forward and reload.
func (r *runner) serverStep(o *op) error {
	if r.sess == nil {
		// Refused when the scenario is loaded; a scenario built in Go
		// could still get here.
		return fmt.Errorf("%s needs a page served over HTTP, and this scenario's page is not", quoteJSON(o.kind))
	}
	nav := &Navigation{Cause: o.kind, Followed: true}
	switch o.kind {
	case "open":
		base, err := url.Parse(r.currentURL())
		if err != nil {
			return err
		}
		u, err := base.Parse(o.arg)
		if err != nil {
			return fmt.Errorf("open %s: %v", quoteShort(o.arg), urlErrorText(err))
		}
		// The page keeps the fragment; the request, as the trace shows
		// it, carries none.
		req := *u
		req.Fragment, req.RawFragment = "", ""
		nav.Method, nav.URL = http.MethodGet, req.String()
		return r.load(nav, func() (*browse.Page, error) { return r.sess.Open(r.ctx, u.String()) })
	case "back":
		return r.load(nav, func() (*browse.Page, error) { return r.sess.Back(r.ctx) })
	case "forward":
		return r.load(nav, func() (*browse.Page, error) { return r.sess.Forward(r.ctx) })
	}
	return r.load(nav, func() (*browse.Page, error) { return r.sess.Reload(r.ctx) })
}

// submit is the submit step: RequestSubmit on a form, or on a submit
// button's form with the button as the submitter, as a script's
// form.requestSubmit(button) does: validation, the submit event, then
// the navigation.
func (r *runner) submit(o *op) error {
	el, err := r.single(o.target)
	if err != nil {
		return err
	}
	if el.LocalName() == "form" {
		return el.RequestSubmit(nil)
	}
	form := el.Form()
	if form == nil {
		return fmt.Errorf("submit: %s is neither a form nor a submit button of one", describe(el))
	}
	// vdom refuses a submitter that is not a submit button.
	return form.RequestSubmit(el)
}

// attach makes doc the run's page: the tracer, the user, the navigation
// handler, and the units whose selectors match on it. Units of an earlier
// page stay out of reach of the steps.
func (r *runner) attach(doc *vdom.Document) error {
	r.doc = doc
	r.user = userevent.New(doc)
	unit.SetTracer(doc, unit.TracerFunc(r.trace))
	if w := doc.Window(); w != nil {
		w.SetNavigationHandler(r.navigationHandler)
	}
	r.units = nil
	clear(r.byName)
	var errs []error
	for _, spec := range r.s.units {
		els, err := doc.QuerySelectorAll(spec.element)
		if err != nil {
			return err
		}
		switch {
		case len(els) == 0 && r.sess == nil:
			return fmt.Errorf("%s: %s matches no element", pathKey(spec.path, "element"), quoteJSON(spec.element))
		case len(els) == 0:
			continue // not on this page
		case len(els) > 1 && !spec.each && r.sess != nil:
			errs = append(errs, fmt.Errorf("%s: %s matches %d elements on %s; add \"each\": true for one unit per element, or make the selector match one",
				pathKey(spec.path, "element"), quoteJSON(spec.element), len(els), r.shortURL(doc.URL())))
			continue
		case !spec.each:
			els = els[:1]
		}
		r.matched[spec] = true
		for i, el := range els {
			lu := &liveUnit{name: spec.unitName(i), spec: spec}
			opts := unit.Options{Name: lu.name, Methods: r.methods(lu), HTML: spec.html}
			if spec.settingsRaw != nil {
				opts.Settings = unit.Settings{perk.EventSection: json.RawMessage(spec.settingsRaw)}
			}
			u, err := unit.New(doc, el, opts)
			if err != nil {
				return fmt.Errorf("%s: %w", spec.path, err)
			}
			lu.u = u
			r.units = append(r.units, lu)
			r.byName[lu.name] = lu
			r.byUnit[u] = lu
		}
	}
	if r.lastNav != nil {
		for _, lu := range r.units {
			r.lastNav.Units = append(r.lastNav.Units, lu.name)
		}
	}
	return errors.Join(errs...)
}

// maxPagesPerStep bounds the pages one step may go through when the units
// of each new page navigate again as they start: a page that does so on
// every load would otherwise never let the step end.
const maxPagesPerStep = 20

// followPage switches the run to the session's current page when a step
// loaded another one, and starts the units that start by themselves on
// it; their errors are the step's. A unit that navigates as it starts
// leads to the next page, in the same step.
func (r *runner) followPage() error {
	var errs []error
	for n := 0; r.sess != nil && r.sess.Document() != nil && r.sess.Document() != r.doc; n++ {
		if n == maxPagesPerStep {
			errs = append(errs, fmt.Errorf("the units of every page loaded another one as they started: stopped after %d pages, at %s", n, r.shortURL(r.currentURL())))
			break
		}
		r.leavePage()
		if err := r.attach(r.sess.Document()); err != nil {
			errs = append(errs, err)
		}
		r.lastNav = nil
		doc := r.doc
		for _, lu := range r.units {
			if r.sess.Document() != doc {
				break // a unit navigated: the others belong to a page left
			}
			if lu.spec.start {
				if err := lu.u.Start(r.ctx); err != nil {
					errs = append(errs, fmt.Errorf("start %s: %w", lu.name, err))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// leavePage drops what the page being left still had going: its delays
// and the work waiting for signals, as a browser drops a page's scripts.
// Calls that had not finished are marked abandoned.
func (r *runner) leavePage() {
	// The calls first: ending their work below must not count as their
	// failure.
	for _, c := range r.res.Calls {
		if !c.Ended && c.el != nil && c.el.OwnerDocument() == r.doc {
			c.Abandoned = true
			r.ignore[c] = true
		}
	}
	for _, w := range r.waiters {
		if w.call != nil {
			r.ignore[w.call] = true
		}
	}
	unit.SetTracer(r.doc, nil)
	for t := range r.timers {
		r.doc.ClearTimeout(t.id)
		t.work.Reject(errPageLeft)
	}
	clear(r.timers)
	r.later = nil
	for _, w := range r.waiters {
		w.work.Reject(errPageLeft)
	}
	r.waiters = nil
}

// errPageLeft ends the work of a page the run left.
var errPageLeft = errors.New("the page was left before the work finished")

// shortURL writes a URL of the run's origin as its path and query, as a
// person reads a site's links; other URLs in full.
func (r *runner) shortURL(raw string) string {
	return shortenURL(raw, r.origin)
}

func shortenURL(raw, origin string) string {
	u, err := url.Parse(raw)
	if err != nil || origin == "" || u.Scheme+"://"+u.Host != origin {
		return raw
	}
	s := u.RequestURI()
	if u.Fragment != "" {
		s += "#" + u.EscapedFragment()
	}
	return s
}

// currentURL is the current page's URL, its fragment included.
func (r *runner) currentURL() string {
	if r.sess != nil && r.sess.Page() != nil {
		return r.sess.Page().URL().String()
	}
	return r.doc.URL()
}

// expectPage checks the current page: its URL, status, title and cookies.
func (r *runner) expectPage(e *expectation, add func(string, bool, string)) {
	if e.url != nil {
		got := r.currentURL()
		want := *e.url
		if base, err := url.Parse(got); err == nil {
			if u, err := base.Parse(want); err == nil {
				want = u.String()
			}
		}
		add("the page's URL is "+quoteJSON(*e.url), got == want, "got "+quoteJSON(r.shortURL(got)))
	}
	if e.status != nil {
		what := fmt.Sprintf("the page's status is %d", *e.status)
		if r.sess == nil || r.sess.Page() == nil {
			add(what, false, "the page was not fetched from a server")
		} else {
			got := r.sess.Page().Status()
			add(what, got == *e.status, fmt.Sprintf("got %d %s", got, http.StatusText(got)))
		}
	}
	if e.title != nil {
		got, want := normalizeSpace(r.doc.Title()), normalizeSpace(*e.title)
		add("the page's title is "+quoteJSON(want), got == want, "got "+quoteJSON(got))
	}
	if len(e.cookies) == 0 {
		return
	}
	var jar []*http.Cookie
	var err error
	if r.sess != nil {
		jar, err = r.sess.Cookies(r.currentURL())
	}
	have := map[string]string{}
	var names []string
	for _, c := range jar {
		if _, dup := have[c.Name]; !dup {
			have[c.Name] = c.Value
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	sent := "the page's URL gets no cookies"
	if len(names) > 0 {
		sent = "cookies sent to the page: " + strings.Join(names, ", ")
	}
	for _, c := range e.cookies {
		got, has := have[c.name]
		switch {
		case err != nil:
			add("cookie "+c.name, false, err.Error())
		case c.present:
			add(fmt.Sprintf("cookie %s is set", c.name), has, sent)
		case c.value == nil:
			add(fmt.Sprintf("cookie %s is not set", c.name), !has, fmt.Sprintf("it is %s", quoteJSON(got)))
		case !has:
			add(fmt.Sprintf("cookie %s is %s", c.name, quoteJSON(*c.value)), false, "it is not set; "+sent)
		default:
			add(fmt.Sprintf("cookie %s is %s", c.name, quoteJSON(*c.value)), got == *c.value, "got "+quoteJSON(got))
		}
	}
}

// unmatchedUnits names the units entries whose selectors matched no
// element on any page the run loaded, which is a mistake, not a choice.
func (r *runner) unmatchedUnits() []string {
	if r.sess == nil {
		return nil
	}
	var out []string
	for _, spec := range r.s.units {
		if !r.matched[spec] {
			out = append(out, fmt.Sprintf("%s: %s matched no element on any page the run loaded", pathKey(spec.path, "element"), quoteJSON(spec.element)))
		}
	}
	return out
}

// loadErrorText is a load error on one line, without the package name of
// each part: "GET http://localhost/x: status 404 Not Found; GET
// http://localhost/x: response is "text/plain", not HTML".
func loadErrorText(err error) string {
	return strings.ReplaceAll(strings.TrimPrefix(err.Error(), "browse: "), "\nbrowse: ", "; ")
}
