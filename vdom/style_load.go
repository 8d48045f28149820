package vdom

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net/url"
	"strings"
	"sync"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/errkind"
)

// Loading style sheets: the sheets of <link rel=stylesheet> and of
// @import rules come through the document's css.Loader, synchronously,
// when the list of sheets is collected (style_sheets.go). A document
// fetches a URL once: the result, sheet or failure, is kept for its
// life, except a failure caused by a context that ended, which the next
// collection tries again. Failures never stop the page: the link has no
// sheet, the import applies nothing, and StyleSheetLoadErrors lists them.

// ErrNoStyleSheetLoader is the error of a <link> or @import sheet in a
// document that has no loader (see WithStyleSheetLoader).
const ErrNoStyleSheetLoader = errkind.Kind("vdom: no style sheet loader (WithStyleSheetLoader)")

// StyleSheetLoadError is a style sheet a document did not load: the sheet
// of a <link rel=stylesheet>, or of an @import rule in one of the
// document's sheets. Err is the reason: ErrNoStyleSheetLoader, the
// loader's error, or one of package css's (css.ErrNotCSS for a
// Content-Type other than text/css, css.ErrSheetTooLarge,
// css.ErrLoadBudget, css.ErrImportDepth, css.ErrNoURL).
type StyleSheetLoadError struct {
	// Owner is the <link> element, or the <style> or <link> whose sheet
	// holds the @import (directly or through other imports).
	Owner *Node
	// URL is the sheet's URL, resolved; as written when it does not
	// resolve.
	URL string
	// Import is the @import rule, nil for a <link>'s own sheet.
	Import *css.ImportRule
	Err    error
}

func (e *StyleSheetLoadError) Error() string {
	what := "style sheet"
	if e.Import != nil {
		what = "imported style sheet"
	}
	owner := "?"
	if e.Owner != nil {
		owner = "<" + e.Owner.describe() + ">"
	}
	return fmt.Sprintf("vdom: %s %s of %s not loaded: %v", what, e.URL, owner, e.Err)
}

func (e *StyleSheetLoadError) Unwrap() error { return e.Err }

// StyleSheetLoadErrors returns the style sheets the document did not
// load, in the order of the sheets that name them (a <link>'s failure,
// then those of its imports, depth first): the links of StyleSheets'
// owners that have no sheet, and the @imports whose sheet is not there.
// An import in a cycle (a sheet that imports a sheet importing it) is
// not listed: browsers ignore it too, and the sheet applies once. Asking
// collects the sheets and loads new links, as StyleSheets does; the
// slice is the caller's.
func (d *Document) StyleSheetLoadErrors() []*StyleSheetLoadError {
	st := d.styleState(context.Background())
	out := make([]*StyleSheetLoadError, len(st.loadErrors))
	copy(out, st.loadErrors)
	return out
}

// LoadStyleSheets collects the document's style sheets and loads those
// not loaded yet, with ctx: what the first question about styles would
// do with context.Background(). It returns ctx.Err() when ctx ended
// before all were loaded (the sheets not loaded are tried again at the
// next collection), else nil: the sheets that failed for another reason
// are in StyleSheetLoadErrors.
func (d *Document) LoadStyleSheets(ctx context.Context) error {
	d.styleState(ctx)
	return ctx.Err()
}

// SetStyleSheetLoader sets the loader of the document's <link> and
// @import sheets, as WithStyleSheetLoader does for a parsed document;
// nil leaves the document without one. The links and imports that failed
// are tried again with it at the next question about styles.
func (d *Document) SetStyleSheetLoader(l css.Loader) {
	d.styleCfg.loader = l
	if st := d.styleIfAny(); st != nil {
		// What failed is loaded again; so are the sheets with imports,
		// whose failures are on their rules.
		for u, l := range st.loads {
			if l.err != nil || l.imports {
				delete(st.loads, u)
			}
		}
		st.byOwner = nil
	}
	d.sheetVer++
}

// WithStyleSheetLoader gives the parsed document a loader for the sheets
// of its <link rel=stylesheet> elements and @import rules. Without one a
// document loads no sheet: a link has none, and StyleSheetLoadErrors
// says ErrNoStyleSheetLoader. Package browse loads them through the
// application's handler; css.LoaderFunc turns a function into a Loader.
func WithStyleSheetLoader(l css.Loader) ParseOption {
	return func(c *parseConfig) { c.style.loader = l }
}

// noLoader is the loader of a document without one.
var noLoader = css.LoaderFunc(func(context.Context, string, int64) (css.Resource, error) {
	return css.Resource{}, ErrNoStyleSheetLoader
})

func (d *Document) loader() css.Loader {
	if d.styleCfg.loader != nil {
		return d.styleCfg.loader
	}
	return noLoader
}

// sheetLoad is what loading a URL gave: a sheet, or why not.
type sheetLoad struct {
	sheet *css.StyleSheet
	err   error
	// imports is set when the sheet has @import rules, whose failures
	// a new loader should retry.
	imports bool
}

// loadSheet loads the sheet at u (a <link>'s), with its imports, or
// returns what an earlier load gave. A link's sheet is fetched as HTML's
// "fetch a style resource" says (§4.6.7.11): a Content-Type other than
// text/css refuses it (the document is in no-quirks mode), its bytes are
// decoded as CSS Syntax §3.2 says, with the document's encoding as the
// environment encoding.
func (d *Document) loadSheet(ctx context.Context, st *styleState, u string) sheetLoad {
	if l, ok := st.loads[u]; ok {
		return l
	}
	l := d.fetchSheet(ctx, st, u)
	if ctx.Err() != nil && (l.err != nil || l.imports) {
		st.retry = true
		return l
	}
	if st.loads == nil {
		st.loads = make(map[string]sheetLoad)
	}
	st.loads[u] = l
	return l
}

func (d *Document) fetchSheet(ctx context.Context, st *styleState, u string) sheetLoad {
	if err := ctx.Err(); err != nil {
		return sheetLoad{err: err}
	}
	res, err := d.loader().Load(ctx, u, css.DefaultMaxSheetBytes)
	switch {
	case err != nil:
		return sheetLoad{err: err}
	case int64(len(res.Body)) > css.DefaultMaxSheetBytes:
		return sheetLoad{err: css.ErrSheetTooLarge}
	case int64(len(res.Body)) > st.budget.Bytes:
		return sheetLoad{err: css.ErrLoadBudget}
	case res.ContentType != "" && !isTextCSS(res.ContentType):
		return sheetLoad{err: fmt.Errorf("%w: %s", css.ErrNotCSS, res.ContentType)}
	}
	st.budget.Bytes -= int64(len(res.Body))
	href := u
	if res.URL != "" {
		href = res.URL
	}
	text, enc := css.Decode(res.Body, res.ContentType, d.CharacterSet())
	sheet := parseSheet(text, css.Options{Href: href, Encoding: enc})
	l := sheetLoad{sheet: sheet, imports: hasImports(sheet)}
	if l.imports {
		_ = css.LoadImports(ctx, sheet, d.loader(), css.LoadOptions{Budget: st.budget})
	}
	return l
}

// parseStyleElement parses a <style> element's text, with the document's
// base URL and encoding for its imports, which it loads.
func (d *Document) parseStyleElement(ctx context.Context, text, base string) *css.StyleSheet {
	sheet := parseSheet(text, css.Options{BaseURL: base, Encoding: d.CharacterSet()})
	if hasImports(sheet) {
		st := d.styleIfAny()
		_ = css.LoadImports(ctx, sheet, d.loader(), css.LoadOptions{Budget: st.budget})
		if ctx.Err() != nil {
			st.retry = true
		}
	}
	return sheet
}

// isTextCSS reports a Content-Type whose essence is text/css.
func isTextCSS(contentType string) bool {
	t, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		t, _, _ = strings.Cut(contentType, ";")
		t = strings.ToLower(strings.TrimSpace(t))
	}
	return t == "text/css"
}

// hasImports reports whether a sheet has @import rules, which stand before
// every rule but @layer statements.
func hasImports(sh *css.StyleSheet) bool {
	for _, r := range sh.Rules() {
		switch r.(type) {
		case *css.ImportRule:
			return true
		case *css.LayerStatementRule:
		default:
			return false
		}
	}
	return false
}

// noteImportErrors lists the imports of sh's sheet that did not load,
// depth first, each sheet once.
func (d *Document) noteImportErrors(st *styleState, sh *StyleSheet) {
	if sh == nil || sh.sheet == nil || !hasImports(sh.sheet) {
		return
	}
	seen := map[*css.StyleSheet]bool{}
	stack := []*css.StyleSheet{sh.sheet}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		var next []*css.StyleSheet
		for _, r := range s.Rules() {
			imp, ok := r.(*css.ImportRule)
			if !ok {
				if _, layer := r.(*css.LayerStatementRule); layer {
					continue
				}
				break
			}
			if imp.StyleSheet() != nil {
				next = append(next, imp.StyleSheet())
				continue
			}
			err := imp.LoadError()
			if err == nil || errors.Is(err, css.ErrImportCycle) {
				continue
			}
			u := imp.URL()
			if u == "" {
				u = imp.Href()
			}
			var ie *css.ImportError
			if errors.As(err, &ie) {
				err = ie.Err
			}
			st.loadErrors = append(st.loadErrors, &StyleSheetLoadError{Owner: sh.owner, URL: u, Import: imp, Err: err})
		}
		for i := len(next) - 1; i >= 0; i-- {
			stack = append(stack, next[i])
		}
	}
}

// parseBase parses a base URL kept as a string.
func parseBase(s string) *url.URL {
	u, err := parseURL(s, nil)
	if err != nil {
		return nil
	}
	return u
}

// The parsed sheets shared by every document: a css.StyleSheet never
// changes once parsed, except that LoadImports sets its imports, so a
// sheet without @import rules serves every document whose <style> or
// <link> has the same text (and URL, which its url()s resolve against).
// A framework's sheet, linked by every page of a test suite, is parsed
// once, and package css keeps what it derives from it once too.
var parsedSheets = struct {
	sync.Mutex
	m     map[parsedKey]*css.StyleSheet
	bytes int
}{}

type parsedKey struct {
	text, href, base, encoding string
}

const (
	// maxParsedSheets and maxParsedBytes bound the shared sheets: past
	// either the table starts afresh (documents keep the sheets they
	// hold).
	maxParsedSheets = 512
	maxParsedBytes  = 32 << 20
)

// parseSheet parses a sheet, or returns the shared sheet of the same text
// and options when it has no @import rules.
func parseSheet(text string, opts css.Options) *css.StyleSheet {
	k := parsedKey{text, opts.Href, opts.BaseURL, opts.Encoding}
	parsedSheets.Lock()
	sh, ok := parsedSheets.m[k]
	parsedSheets.Unlock()
	if ok {
		return sh
	}
	sh = css.ParseWithOptions(text, opts)
	if hasImports(sh) || len(text) > maxParsedBytes/4 {
		return sh
	}
	parsedSheets.Lock()
	defer parsedSheets.Unlock()
	if parsedSheets.m == nil || len(parsedSheets.m) >= maxParsedSheets || parsedSheets.bytes+len(text) > maxParsedBytes {
		parsedSheets.m = make(map[parsedKey]*css.StyleSheet)
		parsedSheets.bytes = 0
	}
	parsedSheets.m[k] = sh
	parsedSheets.bytes += len(text)
	return sh
}
