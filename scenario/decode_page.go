package scenario

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// The parts of the format about pages served over HTTP: a "page" that is a
// URL, the steps that navigate ("open", "back", "forward", "reload"), and
// the checks of the current page ("url", "status", "title", "cookies").

// serverSteps are the steps that load a page from the server, which a page
// read from a file does not have.
var serverSteps = []string{"open", "back", "forward", "reload"}

// pageLocation says where a "page" value is: an http or https URL to fetch
// (abs is it, absolute), or a file (abs is ""). A value is a URL when it
// starts with http:// or https://, or, when base is given (--base-url),
// when it starts with "/": a path on that server. Any other scheme is an
// error, since nothing else can be fetched; a one-letter "scheme" is a
// Windows drive ("C:\pages\a.html"), a file.
func pageLocation(page string, base *url.URL) (abs string, err error) {
	if base != nil && strings.HasPrefix(page, "/") && !strings.HasPrefix(page, "//") {
		u, err := base.Parse(page)
		if err != nil {
			return "", fmt.Errorf("%s is not a URL path: %v", quoteJSON(page), urlErrorText(err))
		}
		return u.String(), nil
	}
	scheme, _, ok := strings.Cut(page, ":")
	if !ok || len(scheme) < 2 || !isScheme(scheme) {
		return "", nil
	}
	switch strings.ToLower(scheme) {
	case "http", "https":
	default:
		return "", fmt.Errorf("%s: URLs cannot be fetched; give an http or https URL, or a file path", strings.ToLower(scheme))
	}
	u, err := url.Parse(page)
	if err != nil {
		return "", fmt.Errorf("%s is not a URL: %v", quoteShort(page), urlErrorText(err))
	}
	if u.Host == "" {
		return "", fmt.Errorf("%s has no host", quoteShort(page))
	}
	return u.String(), nil
}

// isScheme reports whether s is a URL scheme: a letter, then letters,
// digits, "+", "-" and ".".
func isScheme(s string) bool {
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// urlErrorText is a net/url error without the operation and the URL,
// which the message names already.
func urlErrorText(err error) string {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err.Error()
	}
	return err.Error()
}

// parseBaseURL checks a --base-url or Options.BaseURL value: an absolute
// http or https URL.
func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("want an http or https URL such as http://localhost:8080/, got %q: %v", raw, urlErrorText(err))
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return nil, fmt.Errorf("want an http or https URL such as http://localhost:8080/, got %q", raw)
	}
	return u, nil
}

// url decodes the value of "open": a URL, absolute or relative to the
// current page's.
func (d *decoder) url(v *jsonValue, path string) (string, bool) {
	s, ok := d.name(v, path, "URL")
	if !ok {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil {
		d.failf(v, path, "%s is not a URL: %s", quoteShort(s), urlErrorText(err))
		return "", false
	}
	if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		d.failf(v, path, "%s: URLs cannot be opened; give an http or https URL, or a path such as \"/items\"", u.Scheme)
		return "", false
	}
	return s, true
}

// pageChecks decodes the checks of the current page in an expectation.
func (d *decoder) pageChecks(e *expectation, f map[string]*jsonValue, path string) {
	if v := f["url"]; v != nil {
		if s, ok := d.url(v, pathKey(path, "url")); ok {
			e.url = &s
		}
	}
	if v := f["status"]; v != nil {
		e.statusPos = v.Start
		if n, ok := d.integer(v, pathKey(path, "status")); ok {
			if n < 100 || n > 599 {
				d.failf(v, pathKey(path, "status"), "want an HTTP status from 100 to 599, got %d", n)
			} else {
				e.status = &n
			}
		}
	}
	if v := f["title"]; v != nil {
		if s, ok := d.str(v, pathKey(path, "title")); ok {
			e.title = &s
		}
	}
	if c := f["cookies"]; c != nil {
		e.cookiesPos = c.Start
		e.cookies = d.valueChecks(c, pathKey(path, "cookies"), checkedNames{
			what: "cookie", example: `{"session": true}`, absent: "an absent cookie", anyValue: true,
		})
	}
}

// checkServerSteps refuses the steps that load pages from the server, and
// the checks only a served page can answer, when the page is a file or
// inline HTML: they could only fail when run.
func (d *decoder) checkServerSteps(s *Scenario) {
	if s.PageURL != "" {
		return
	}
	what := "a file"
	if s.PageFile == "" {
		what = "not fetched from a server"
	}
	hint := "give \"page\" as an http or https URL, or as a path starting with / with --base-url"
	for _, o := range s.steps {
		switch {
		case slices.Contains(serverSteps, o.kind):
			d.fail(o.argPos, o.path, fmt.Sprintf("%s needs a page served over HTTP, and this scenario's page is %s", quoteJSON(o.kind), what), hint)
		case o.kind == "expect" && o.expect != nil && o.expect.status != nil:
			d.fail(o.expect.statusPos, pathKey(pathKey(o.path, "expect"), "status"), "a page that is "+what+" has no HTTP status", hint)
		case o.kind == "expect" && o.expect != nil && len(o.expect.cookies) > 0:
			d.fail(o.expect.cookiesPos, pathKey(pathKey(o.path, "expect"), "cookies"), "a page that is "+what+" has no cookies", hint)
		}
	}
}
