package css

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"slices"
)

// This file loads the sheets that @import rules name (CSS Cascade 5
// §2.1), through a Loader the caller gives, within limits.

// A Loader fetches the style sheets that @import rules name.
//
// Load returns the sheet at url, an absolute URL. It gets maxBytes, the
// most bytes a sheet may have: a loader that reads a response should read
// at most maxBytes+1 bytes of it, so that an oversized sheet costs no
// more than that before LoadImports refuses it. It returns a Resource
// rather than bytes alone because decoding needs the Content-Type's
// charset (CSS Syntax §3.2), a type other than text/css makes the load
// fail (as HTML's "fetch a style resource" does), and the URL after
// redirects is the base of the sheet's own imports.
//
// Load is called on the goroutine that called LoadImports, one call at a
// time; it should return when ctx is done.
type Loader interface {
	Load(ctx context.Context, url string, maxBytes int64) (Resource, error)
}

// LoaderFunc adapts a function to a Loader.
type LoaderFunc func(ctx context.Context, url string, maxBytes int64) (Resource, error)

// Load calls f.
func (f LoaderFunc) Load(ctx context.Context, url string, maxBytes int64) (Resource, error) {
	return f(ctx, url, maxBytes)
}

// Resource is what a Loader fetched.
type Resource struct {
	// Body is the sheet's bytes, as they came.
	Body []byte
	// ContentType is the response's Content-Type, "" when it had none
	// (a file, say): then the type is not checked, and the encoding is
	// decided without a protocol encoding.
	ContentType string
	// URL is the sheet's URL after redirects; "" means the URL asked for.
	URL string
}

// The limits LoadImports applies unless LoadOptions says otherwise.
const (
	// DefaultMaxImportDepth is how deep imports may nest: a sheet
	// imported by a sheet imported by ... the document's sheet, 16 deep
	// at most. Browsers have no such limit but cycles; it bounds what a
	// chain of distinct URLs can make a document load.
	DefaultMaxImportDepth = 16
	// DefaultMaxSheetBytes is the size of the largest sheet loaded: 8
	// MiB, some thirty times Bootstrap's.
	DefaultMaxSheetBytes = 8 << 20
	// DefaultMaxTotalBytes is how many bytes of imported sheets one
	// LoadBudget allows in all: 64 MiB.
	DefaultMaxTotalBytes = 64 << 20
	// DefaultMaxImports is how many imported sheets one LoadBudget
	// allows: 1024. Every @import makes a sheet of its own, also of a URL
	// fetched before, so ten sheets that each import the ten (with
	// another query string, which no cycle check sees) make millions of
	// small sheets 16 deep, which the bytes would bound only after
	// minutes of parsing.
	DefaultMaxImports = 1024
)

// LoadOptions are LoadImports' limits. Zero values mean the defaults.
type LoadOptions struct {
	// MaxDepth is how deep imports may nest (DefaultMaxImportDepth).
	MaxDepth int
	// MaxSheetBytes is the most bytes one imported sheet may have
	// (DefaultMaxSheetBytes).
	MaxSheetBytes int64
	// Budget is what may still be loaded, shared by every LoadImports
	// call given it: a document passes one budget for all its sheets.
	// nil means a budget of DefaultMaxTotalBytes for this call alone.
	Budget *LoadBudget
	// MaxImports is how many imported sheets the budget may have loaded
	// in all (DefaultMaxImports).
	MaxImports int
}

// LoadBudget is what a document's imports may still load, in bytes of
// imported sheets; each imported sheet takes its size from it, a sheet
// imported twice twice. Imports counts the sheets loaded against it
// (LoadOptions.MaxImports). It is not safe for concurrent use.
type LoadBudget struct {
	Bytes   int64
	Imports int
}

// NewLoadBudget returns a budget of DefaultMaxTotalBytes.
func NewLoadBudget() *LoadBudget { return &LoadBudget{Bytes: DefaultMaxTotalBytes} }

// The reasons an import is not loaded; an ImportRule's LoadError wraps
// one of them, or the loader's error.
var (
	// ErrImportCycle: the URL is one of the sheets that import it, so
	// loading it would loop; browsers ignore such an import too.
	ErrImportCycle = errors.New("import cycle")
	// ErrImportDepth: the import nests deeper than MaxDepth.
	ErrImportDepth = errors.New("imports nested too deep")
	// ErrSheetTooLarge: the sheet is larger than MaxSheetBytes.
	ErrSheetTooLarge = errors.New("sheet too large")
	// ErrLoadBudget: the sheet is larger than what the budget has left.
	ErrLoadBudget = errors.New("the document's sheets are too large in all")
	// ErrNotCSS: the response's Content-Type is not text/css.
	ErrNotCSS = errors.New("not text/css")
	// ErrNoURL: the import's URL does not resolve.
	ErrNoURL = errors.New("URL does not resolve")
)

// ImportError is why an @import's sheet was not loaded.
type ImportError struct {
	// URL is the import's URL, resolved; its Href when it does not
	// resolve.
	URL string
	Err error
}

func (e *ImportError) Error() string { return fmt.Sprintf("css: @import %s: %v", e.URL, e.Err) }

func (e *ImportError) Unwrap() error { return e.Err }

// LoadImports loads, through loader, the sheets of sheet's @import rules
// and of theirs in turn, depth first in the order of the rules, and sets
// each rule's StyleSheet, or its LoadError when the sheet is not loaded: an
// import cycle, nesting deeper than opts.MaxDepth, a sheet larger than
// opts.MaxSheetBytes or than the budget has left, more imported sheets
// than opts.MaxImports, a Content-Type other
// than text/css, a URL that does not resolve, or the loader's error. No
// failure stops the others. An import whose supports() condition does not
// hold is not loaded, and has no LoadError (CSS Cascade 5 §2.1); one whose
// media query list does not match the medium is loaded, since the medium
// is the cascade's to choose.
//
// Loaded bytes are decoded as CSS Syntax §3.2 says (Decode), with the
// importing sheet's encoding as the environment encoding, and parsed with
// the importing sheet's origin and URL resolver. Within one call a URL is
// fetched once. LoadImports returns ctx.Err() when ctx ends before all are
// loaded (the rules not loaded say so), else nil.
//
// LoadImports sets the rules of sheet and of the sheets it loads; it must
// not run while another goroutine reads them.
func LoadImports(ctx context.Context, sheet *StyleSheet, loader Loader, opts LoadOptions) error {
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultMaxImportDepth
	}
	if opts.MaxSheetBytes <= 0 {
		opts.MaxSheetBytes = DefaultMaxSheetBytes
	}
	if opts.Budget == nil {
		opts.Budget = NewLoadBudget()
	}
	if opts.MaxImports <= 0 {
		opts.MaxImports = DefaultMaxImports
	}
	l := &importLoader{ctx: ctx, loader: loader, opts: opts, fetched: map[string]fetchResult{}}
	// The sheets whose imports are still to load, a stack: depth first,
	// in order.
	type pending struct {
		sheet *StyleSheet
		chain []string // the URLs of the sheets from the top to this one
		depth int      // how many imports deep the sheet is
	}
	var top []string
	if sheet.href != "" {
		top = []string{sheet.href}
	}
	stack := []pending{{sheet, top, 0}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var next []pending
		for _, r := range p.sheet.rules {
			imp, ok := r.(*ImportRule)
			if !ok {
				if _, layer := r.(*LayerStatementRule); layer {
					continue
				}
				break // @import stands only before other rules
			}
			child := l.load(p.sheet, imp, p.chain, p.depth+1)
			if child != nil {
				next = append(next, pending{child, append(slices.Clip(p.chain), imp.url, child.href), p.depth + 1})
			}
		}
		for i := len(next) - 1; i >= 0; i-- {
			stack = append(stack, next[i])
		}
	}
	return ctx.Err()
}

type fetchResult struct {
	res Resource
	err error
}

type importLoader struct {
	ctx     context.Context
	loader  Loader
	opts    LoadOptions
	fetched map[string]fetchResult
}

// load loads one import of parent, whose chain of URLs is chain, as a
// sheet depth imports deep.
func (l *importLoader) load(parent *StyleSheet, r *ImportRule, chain []string, depth int) *StyleSheet {
	r.sheet, r.loadErr = nil, nil
	if r.supports != nil && !r.supports.supported {
		return nil
	}
	fail := func(err error) *StyleSheet {
		u := r.url
		if u == "" {
			u = r.href
		}
		r.loadErr = &ImportError{URL: u, Err: err}
		return nil
	}
	switch {
	case r.url == "":
		return fail(ErrNoURL)
	case slices.Contains(chain, r.url):
		return fail(ErrImportCycle)
	case depth > l.opts.MaxDepth:
		return fail(fmt.Errorf("%w: more than %d", ErrImportDepth, l.opts.MaxDepth))
	case l.opts.Budget.Imports >= l.opts.MaxImports:
		return fail(fmt.Errorf("%w: more than %d imported sheets", ErrLoadBudget, l.opts.MaxImports))
	case l.ctx.Err() != nil:
		return fail(l.ctx.Err())
	}
	f, ok := l.fetched[r.url]
	if !ok {
		f.res, f.err = l.loader.Load(l.ctx, r.url, l.opts.MaxSheetBytes)
		l.fetched[r.url] = f
	}
	if f.err != nil {
		return fail(f.err)
	}
	res := f.res
	if res.ContentType != "" {
		if t, _, err := mime.ParseMediaType(res.ContentType); err != nil || t != "text/css" {
			return fail(fmt.Errorf("%w: %q", ErrNotCSS, res.ContentType))
		}
	}
	size := int64(len(res.Body))
	if size > l.opts.MaxSheetBytes {
		return fail(fmt.Errorf("%w: more than %d bytes", ErrSheetTooLarge, l.opts.MaxSheetBytes))
	}
	if size > l.opts.Budget.Bytes {
		return fail(fmt.Errorf("%w: %d bytes, %d left", ErrLoadBudget, size, l.opts.Budget.Bytes))
	}
	l.opts.Budget.Bytes -= size
	l.opts.Budget.Imports++
	href := res.URL
	if href == "" {
		href = r.url
	}
	if slices.Contains(chain, href) {
		return fail(ErrImportCycle) // a redirect back up the chain
	}
	text, enc := Decode(res.Body, res.ContentType, parent.encoding)
	r.sheet = ParseWithOptions(text, Options{
		Href: href, Origin: parent.origin, ResolveURL: parent.resolve, Encoding: enc,
	})
	return r.sheet
}
