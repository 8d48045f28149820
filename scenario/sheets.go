package scenario

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/vdom"
)

// Style sheets. A page read from a file has the URL http://example.com/
// and its file name (fileURL), and its directory stands for the site's
// root: a sheet at http://example.com/css/app.css is the file css/app.css
// of that directory, whether the link says "css/app.css", "/css/app.css"
// or "../css/app.css" (the URL parser stops ".." at the root). Nothing
// outside the directory is read: a path with ".." left after decoding is
// refused, and the files are opened through an os.Root, which refuses a
// symbolic link that leads out. A sheet on another host is not fetched:
// a page read from a file sends no request. A page from a server loads its
// sheets through its browse.Session.
//
// A sheet that does not load is a warning of the run (Result.Warnings),
// which the command prints; the run goes on without it.

// errSheetNotLocal is the reason a file page's sheet on another host, or
// a page without a directory, gets nothing.
var errSheetNotLocal = errors.New("a page read from a file sends no request: its sheets come from its directory, " + fileBase)

// sheetSource is where the sheets of a page read from a file come from:
// dir in fsys, or, when fsys is nil, the directory dir of the operating
// system's.
type sheetSource struct {
	fsys fs.FS
	dir  string
	set  bool
}

// setSheetDir sets where the sheets of the scenario's page come from: the
// page file's directory, or, for an inline page, the scenario file's.
// dirOf is filepath.Dir or path.Dir, as names are in fsys (nil: the
// operating system's files). A page from standard input, or from a server,
// has none.
func (s *Scenario) setSheetDir(fsys fs.FS, dirOf func(string) string) {
	var from string
	switch {
	case s.PageURL != "":
		return
	case s.PageFile != "":
		from = s.PageFile
	default:
		from = s.File
	}
	if from == "" || from == stdinArg || from == stdinName {
		return
	}
	s.sheets = sheetSource{fsys: fsys, dir: dirOf(from), set: true}
}

// fileSheets is the css.Loader of a page read from a file.
type fileSheets struct {
	src sheetSource
}

// Load reads the sheet at rawURL from the page's directory.
func (l fileSheets) Load(ctx context.Context, rawURL string, maxBytes int64) (css.Resource, error) {
	if err := ctx.Err(); err != nil {
		return css.Resource{}, err
	}
	if !l.src.set {
		return css.Resource{}, errors.New("a page from standard input has no directory to load sheets from")
	}
	u, err := url.Parse(rawURL)
	base, _ := url.Parse(fileBase)
	if err != nil || u.Scheme != base.Scheme || u.Host != base.Host {
		return css.Resource{}, errSheetNotLocal
	}
	// The URL parser took the dot segments out; a ".." that is there now
	// was written percent-encoded ("..%2f"), and would leave the
	// directory.
	rel := strings.TrimPrefix(u.Path, "/")
	if rel == "" || strings.Contains(rel, "\\") || !fs.ValidPath(rel) {
		return css.Resource{}, fmt.Errorf("%q is no file name within the page's directory", u.Path)
	}
	fsys := l.src.fsys
	if fsys == nil {
		root, err := os.OpenRoot(l.src.dir)
		if err != nil {
			return css.Resource{}, fmt.Errorf("the page's directory: %s", describeFileError(err))
		}
		defer root.Close()
		fsys = root.FS()
	} else if l.src.dir != "." {
		if fsys, err = fs.Sub(fsys, l.src.dir); err != nil {
			return css.Resource{}, err
		}
	}
	body, err := readSheet(fsys, rel, maxBytes)
	if err != nil {
		return css.Resource{}, err
	}
	return css.Resource{Body: body}, nil
}

// readSheet reads name in fsys: a regular file (a named pipe would block),
// at most maxBytes+1 bytes of it.
func readSheet(fsys fs.FS, name string, maxBytes int64) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file in the page's directory", name)
	case err != nil:
		return nil, errors.New(describeFileError(err))
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s: %w", name, errNotRegular)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, errors.New(describeFileError(err))
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxBytes+1))
}

// sheetLoader is the loader of the scenario's page when it is read from a
// file or given inline.
func (s *Scenario) sheetLoader() css.Loader { return fileSheets{src: s.sheets} }

// noteFileSheets records, as warnings of the run, the sheets of doc, a
// page read from a file, that did not load.
func (r *runner) noteFileSheets(doc *vdom.Document) {
	for _, e := range doc.StyleSheetLoadErrors() {
		r.sheetWarning(r.s.pageName(), e.URL, e.Import != nil, 0, e.Err)
	}
}

// notePageSheets records the sheets of p, a page from a server, that did
// not load.
func (r *runner) notePageSheets(p *browse.Page) {
	if r.origin == "" {
		// The first page: the run's origin is its first request's.
		r.origin = runOrigin(r.sess)
	}
	for _, e := range p.StyleSheetErrors() {
		var se *browse.StatusError
		err := e.Err
		if errors.As(err, &se) && se == err {
			err = nil // the status says it
		}
		r.sheetWarning(r.shortURL(p.URL().String()), e.URL, e.Import != nil, e.Status, err)
	}
}

// sheetWarning adds the warning of a sheet that did not load:
// "page index.html: style sheet http://example.com/app.css not loaded:
// app.css: no such file in the page's directory".
func (r *runner) sheetWarning(page, sheetURL string, imported bool, status int, err error) {
	what := "style sheet"
	if imported {
		what = "imported style sheet"
	}
	var why []string
	if status != 0 {
		why = append(why, fmt.Sprintf("status %d %s", status, http.StatusText(status)))
	}
	if err != nil {
		why = append(why, strings.TrimPrefix(err.Error(), "browse: GET "+sheetURL+": "))
	}
	if !strings.HasPrefix(page, "the ") {
		page = "page " + page
	}
	r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("%s: %s %s not loaded: %s", page, what, r.shortURL(sheetURL), strings.Join(why, ", ")))
}
