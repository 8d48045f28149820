package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/eventperk/eventperk-go/internal/suggest"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Load reads the scenario file at name, decodes it, reads its page and
// checks the scenario against the page: that every unit's selector matches
// the elements it should. Nothing runs. On failure the error is an
// InputErrors holding every problem found, each naming the file, the line
// and column, and the JSON path.
//
// Load reads regular files only, of at most DefaultMaxInput bytes each.
func Load(name string) (*Scenario, error) {
	return loadFiles(&inputReader{}, name)
}

// loadFiles is Load with the command's limits, timeout and standard input.
func loadFiles(in *inputReader, name string) (*Scenario, error) {
	shown := name
	if name == stdinArg && in.stdin != nil {
		shown = stdinName
	}
	data, err := in.read(name)
	if err != nil {
		return nil, InputErrors{{File: shown, Msg: "cannot read the scenario: " + describeFileError(err), offset: -1}}
	}
	s, err := parseWith(shown, data, nil, in.baseURL, in.read, func(scenario, page string) string {
		if filepath.IsAbs(page) || page == stdinArg {
			return page
		}
		return filepath.Join(filepath.Dir(scenario), filepath.FromSlash(page))
	})
	if s != nil {
		s.setSheetDir(nil, filepath.Dir)
	}
	return s, err
}

// Page is a page given from Go instead of the scenario's "page" or "html",
// which the file may then leave out: its HTML, a document, or the URL of a
// page on a server. A document is written out as HTML once, and each run
// parses a fresh copy of it, so the document itself is never changed by a
// run. A URL is fetched by each run, through Options.Handler or
// Options.Client; a relative one resolves against Options.BaseURL.
type Page struct {
	HTML     []byte
	Document *vdom.Document
	URL      string
}

// LoadPage is Load with the page given from Go; the units' selectors are
// checked against it.
func LoadPage(name string, p Page) (*Scenario, error) {
	var html string
	text := false
	given := 0
	for _, set := range []bool{p.Document != nil, p.HTML != nil, p.URL != ""} {
		if set {
			given++
		}
	}
	switch {
	case given > 1:
		return nil, InputErrors{{File: name, Msg: "scenario.Page: give one of HTML, Document and URL", offset: -1}}
	case p.URL != "":
		if u, err := url.Parse(p.URL); err != nil || u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
			return nil, InputErrors{{File: name, Msg: fmt.Sprintf("scenario.Page: URL %q: want an http or https URL, or a path such as \"/\" resolved against Options.BaseURL", p.URL), offset: -1}}
		}
	case p.Document != nil:
		var b bytes.Buffer
		if err := p.Document.Render(&b); err != nil {
			return nil, InputErrors{{File: name, Msg: "cannot write the page: " + err.Error(), offset: -1}}
		}
		html, text = b.String(), true
	default:
		html = string(p.HTML)
	}
	in := &inputReader{}
	data, err := in.read(name)
	if err != nil {
		return nil, InputErrors{{File: name, Msg: "cannot read the scenario: " + describeFileError(err), offset: -1}}
	}
	s, err := parseWith(name, data, &goPage{html: html, text: text, url: p.URL}, nil, in.read, func(scenario, page string) string {
		return filepath.Join(filepath.Dir(scenario), filepath.FromSlash(page))
	})
	if s != nil {
		s.setSheetDir(nil, filepath.Dir)
	}
	return s, err
}

// stdinName names standard input in messages.
const stdinName = "<standard input>"

// LoadFS is Load for a scenario in a file system, such as the embedded
// fixtures; the page path is resolved in the same file system.
func LoadFS(fsys fs.FS, name string) (*Scenario, error) {
	s, err := load(name, func(n string) ([]byte, error) { return fs.ReadFile(fsys, n) }, func(scenario, page string) string {
		return path.Join(path.Dir(scenario), page)
	})
	if s != nil {
		s.setSheetDir(fsys, path.Dir)
	}
	return s, err
}

// Parse is Load for a scenario already in memory; file names it in
// messages and locates a "page" given as a path.
func Parse(file string, data []byte) (*Scenario, error) {
	s, err := parse(file, data, (&inputReader{}).read, func(scenario, page string) string {
		return filepath.Join(filepath.Dir(scenario), filepath.FromSlash(page))
	})
	if s != nil {
		s.setSheetDir(nil, filepath.Dir)
	}
	return s, err
}

type readFunc func(name string) ([]byte, error)

func load(name string, read readFunc, resolve func(scenario, page string) string) (*Scenario, error) {
	data, err := read(name)
	if err != nil {
		return nil, InputErrors{{File: name, Msg: "cannot read the scenario: " + describeFileError(err), offset: -1}}
	}
	return parse(name, data, read, resolve)
}

func parse(file string, data []byte, read readFunc, resolve func(scenario, page string) string) (*Scenario, error) {
	return parseWith(file, data, nil, nil, read, resolve)
}

// goPage is a page given from Go: the bytes of its HTML, or, when text is
// true, the text a document was written out as, or a URL to fetch.
type goPage struct {
	html string
	text bool
	url  string
}

// parseWith is parse with, when page is not nil, the page given from Go,
// and, when base is not nil, the server that a "page" path starting with
// "/" is fetched from.
func parseWith(file string, data []byte, page *goPage, base *url.URL, read readFunc, resolve func(scenario, page string) string) (*Scenario, error) {
	d := &decoder{file: file, src: data, goPage: page != nil}
	s := d.decodeScenario()
	if s != nil && page != nil {
		s.PageFile, s.Page, s.pageText, s.PageURL, s.pageWritten = "", page.html, page.text, page.url, page.url
	}
	if s != nil && s.PageFile != "" {
		abs, err := pageLocation(s.PageFile, base)
		switch {
		case err != nil:
			d.fail(d.pagePos, "page", err.Error(), "")
			s.PageFile = ""
		case abs != "":
			s.PageFile, s.PageURL, s.pageWritten = "", abs, s.PageFile
		}
	}
	if s != nil {
		s.pagePos = d.pagePos
		if page != nil {
			s.pagePos = -1 // the page is not in the file
		}
		d.checkServerSteps(s)
		if s.PageFile != "" {
			s.PageFile = resolve(file, s.PageFile)
			page, err := read(s.PageFile)
			if err != nil {
				d.fail(d.pagePos, "page", "cannot read the page: "+describeFileError(err), "")
			} else {
				s.Page = string(page)
			}
		}
		// A page on a server is not fetched before it runs: a server's
		// pages may change, and checking a file should not send requests.
		// Its units are checked on each page the run loads.
		if s.PageURL == "" && (s.PageFile == "" || s.Page != "") {
			d.checkPage(s)
		}
	}
	d.errs.locate(data)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	slices.Sort(s.warnings)
	s.src = data
	return s, nil
}

// describeFileError says why a file could not be read without repeating
// the Go operation name.
func describeFileError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return pe.Path + ": no such file"
		case errors.Is(err, fs.ErrPermission):
			return pe.Path + ": permission denied"
		}
		return pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

// pageName is how messages name the page.
func (s *Scenario) pageName() string {
	switch {
	case s.pageWritten != "":
		return s.pageWritten
	case s.PageURL != "":
		return s.PageURL
	case s.PageFile != "":
		return s.PageFile
	}
	return "the inline page"
}

// checkPage parses the page and checks that each unit's selector matches
// the elements it should, and that references to the units of an "each"
// entry are in range.
func (d *decoder) checkPage(s *Scenario) {
	doc, err := s.checkedPage()
	if err != nil {
		at := d.pagePos
		d.fail(at, "page", "cannot parse the page: "+err.Error(), "")
		return
	}
	owner := map[*vdom.Node]*unitSpec{}
	for _, u := range s.units {
		if u.element == "" {
			continue
		}
		els, err := doc.QuerySelectorAll(u.element)
		if err != nil {
			continue // reported when decoded
		}
		ep := pathKey(u.path, "element")
		switch {
		case len(els) == 0:
			d.fail(u.elementPos, ep, quoteJSON(u.element)+" matches no element in "+s.pageName(), suggestSelector(doc, u.element))
		case len(els) > 1 && !u.each:
			d.fail(u.elementPos, ep, fmt.Sprintf("%s matches %d elements in %s", quoteJSON(u.element), len(els), s.pageName()),
				"add \"each\": true for one unit per element, or make the selector match one")
		}
		u.count = len(els)
		for _, el := range els {
			if prev := owner[el]; prev != nil {
				d.fail(u.elementPos, ep, "element "+describe(el)+" already has a unit ("+prev.path+")", "an element holds one unit")
				break
			}
			owner[el] = u
		}
	}
	for _, r := range d.refs {
		for _, u := range s.units {
			if u.name == r.base && u.each && u.count > 0 && r.index >= u.count {
				d.fail(r.pos, r.path, fmt.Sprintf("no unit %s[%d]: %s matches %d elements, so %s[0] to %s[%d]",
					r.base, r.index, quoteJSON(u.element), u.count, r.base, r.base, u.count-1), "")
			}
		}
	}
}

// suggestSelector is the hint for a selector that matched nothing in
// doc: the selector with its misspelt id, class or element name put right
// (package suggest), or "".
func suggestSelector(doc *vdom.Document, sel string) string {
	if s := suggest.Selector(doc, sel); s != "" {
		return "did you mean " + quoteJSON(s) + "?"
	}
	return ""
}

// parsePage parses the scenario's page for a run. A page file's bytes
// are decoded as HTML's encoding sniffing algorithm says, as a browser
// opening the file decodes them; an inline page, or one written out from
// a document, is text.
func (s *Scenario) parsePage() (*vdom.Document, error) {
	opts := []vdom.ParseOption{vdom.WithURL(s.fileURL()), vdom.WithStyleSheetLoader(s.sheetLoader())}
	if s.pageText {
		opts = append(opts, vdom.WithContentType("text/html; charset=utf-8"))
	}
	return vdom.Parse(strings.NewReader(s.Page), opts...)
}

// checkedPage is the page the units of a fire command are checked
// against: the page its session loaded, or the page file parsed.
func (s *Scenario) checkedPage() (*vdom.Document, error) {
	if s.preopened != nil {
		return s.preopened.Document(), nil
	}
	return s.parsePage()
}
