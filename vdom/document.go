package vdom

import (
	"fmt"
	"io"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmlparse"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Document is an HTML document: the tree, an index of ids, the handles of its
// nodes, an optional Window at the top of event paths, and a task queue
// through which other goroutines hand work to the goroutine that owns it.
//
// Document embeds the Node of the document itself, so the tree and
// EventTarget methods are available on it directly.
//
// A Document is not safe for concurrent use: one goroutine owns it and every
// listener runs on that goroutine. Other goroutines talk to it only through
// Post.
type Document struct {
	Node
	// nodes finds the handle of a node by the node's address: strongly
	// for nodes in the tree, weakly for the others, whose handles nobody
	// holds are collected (handles.go); dead says which entries died, and
	// deleted counts the entries dropped since the map was last rebuilt.
	nodes   map[nodeKey]handleRef
	dead    *deadQueue
	deleted int
	// spareHandles is handlesDetached's buffer, kept between calls.
	spareHandles []*Node
	// islandDeaths is the value of dead.islandDeaths when this document
	// last swept listening for the entries of collected islands.
	islandDeaths uint64
	// listening holds the nodes that have listeners: dispatch looks the
	// ancestors of a target up here, a map far smaller than nodes. It
	// holds them strongly in the document's tree, weakly elsewhere
	// (handles.go). listenGen counts the nodes that started listening, so
	// a dispatch can tell cheaply whether a node on its path may have
	// gained listeners.
	listening map[*html.Node]handleRef
	listenGen uint64
	// spare is the document's own dispatch state, made by the first
	// dispatch; spareBusy tells that a dispatch is using it (dispatch.go).
	spare     *dispatchState
	spareBusy bool
	// treeVer counts the moves and removals of existing nodes: the changes
	// that alter some node's ancestors. lastPath remembers the event path
	// of the last node target and is valid while treeVer and listenGen
	// stay as they were.
	treeVer  uint64
	lastPath pathCache
	// domVer counts every change of the tree, an attribute or character
	// data, liveVer every change of the state queries ask the
	// selector.State about; queries holds the results they keep valid
	// (query_cache.go).
	domVer, liveVer uint64
	queries         *queryCache
	// shapeVer counts the insertions and removals of nodes, every change
	// of the tree's shape: what depends on the tree but not on attributes
	// or text, such as a select's list of options, is valid while it
	// stays the same.
	shapeVer uint64
	// labels indexes the ids and labels of trees (form_owner.go).
	labels *labelIndex
	// options holds the selects' lists of options (form_select.go).
	options *optionLists
	// work counts the walks of the form indexes.
	work   formWork
	ids    map[string]*html.Node
	dupIDs map[string]int
	window *Window
	tasks  taskQueue
	timers timerTable
	values map[any]any
	// formState holds the form controls' state; nil until a page uses it.
	formState *formTable
	// nesting counts the dispatches in progress at targets of this
	// document, for MaxDispatchNesting.
	nesting int
	// focus is the focused element and how it got there (focus.go).
	focus focusState
	// pointer is the element under the pointer and the one being
	// activated, for :hover and :active (pointer_state.go).
	pointer pointerState
	// charset is the name of the encoding the document was decoded from;
	// "" is UTF-8 (encoding.go).
	charset string
	// tmpl holds the template contents of this document, of its inert
	// template contents owner document and of the documents they exchanged
	// nodes with (template.go); nil until a template exists. inert is the
	// template contents owner document, made on first use (itself for an
	// inert document).
	tmpl  *templateTable
	inert *Document
	// mo holds the MutationObserver registrations on the document's nodes
	// and the observers to notify; nil until a node is observed
	// (mutation_queue.go).
	mo *mutationState
	// conn is the connection hook and what the operations in progress
	// connected and disconnected; nil without a hook (connection.go).
	conn *connState
	// inTask counts the posted tasks running now, for the microtask
	// checkpoints (microtask.go).
	inTask int
	// controls keeps the controls of the form asked for last
	// (form_owner.go).
	controls controlsCache
	// noop remembers the listening ancestors of the last node
	// dispatchIsNoOp was asked about (dispatch_noop.go).
	noop noopAncestors
	// addGen counts the listeners added to the document, its nodes and
	// its window, so that a dispatch can tell that the ancestors which
	// had no listeners have none still (pathCache.reach).
	addGen uint64
	// sheetOwners holds the connected elements that own or change a
	// style sheet (<style>, <link>, <base>), kept by the id index's
	// walks; sheetVer counts the changes that can change a sheet
	// (style_sheets.go). styleCfg is the loader and medium; styles the
	// sheets and the cascade, nil until the first question about styles
	// (style.go).
	sheetOwners map[*html.Node]struct{}
	sheetVer    uint64
	// styleVer counts the changes of the tree, attributes and texts that
	// can change a computed style (style.go): domVer's, less the texts
	// whose change no selector sees; replacingText is set while
	// endTextReplace is to record them (style.go).
	styleVer      uint64
	replacingText int
	styleCfg      styleConfig
	styles        *styleState
}

// ParseOption configures Parse.
type ParseOption func(*parseConfig)

type parseConfig struct {
	noWindow bool
	url      string
	hasURL   bool
	clock    Clock
	// contentType is WithContentType's value (encoding.go).
	contentType    string
	hasContentType bool
	// style is WithStyleSheetLoader's and WithMedium's (style.go).
	style styleConfig
}

// WithoutWindow parses into a document with no browsing context: events stop
// at the Document and no Window exists.
func WithoutWindow() ParseOption { return func(c *parseConfig) { c.noWindow = true } }

// ErrTreeTooLarge is the error (matched with errors.Is) of Parse,
// ParseFragment, SetInnerHTML and SetOuterHTML for markup whose misnested
// formatting tags would make the parser re-open formatting elements more
// than MaxClonedElements times, or copy more than MaxClonedAttributes
// attributes into the elements it re-opens. The HTML algorithm re-opens every
// formatting element left open at every new block, so a few hundred
// kilobytes of such markup can ask for a tree of a hundred million
// elements; the error names the line and column where the limit was
// passed. The tree is unchanged when SetInnerHTML or SetOuterHTML fail.
const ErrTreeTooLarge = htmlparse.ErrTooManyClones

// MaxClonedElements is the number of elements one parse may create by
// re-opening formatting elements; ordinary pages create a handful.
const MaxClonedElements = htmlparse.MaxClonedElements

// MaxClonedAttributes is the number of attributes one parse may copy into
// the elements it re-opens.
const MaxClonedAttributes = htmlparse.MaxClonedAttributes

// Parse reads a whole HTML document from bytes, such as a file's or an
// HTTP response's, and decodes them as HTML's encoding sniffing algorithm
// says: a byte order mark, else the charset of WithContentType, else a
// <meta charset> or http-equiv Content-Type in the first 1024 bytes (or
// anywhere in the head), else, for bytes given without WithContentType,
// UTF-8 when they are all valid UTF-8 (as Chromium decides for a file),
// else windows-1252. Bytes the encoding cannot decode become U+FFFD.
// CharacterSet says which encoding was used.
//
// Malformed HTML is repaired as browsers repair it, so the only errors are
// the reader's and ErrTreeTooLarge for markup that would grow far beyond
// its size. Elements may nest to any depth: the tree is built by the HTML
// tree construction algorithm without the 512-element limit of
// x/net/html's parser (and of browsers, which flatten deeper markup). The
// document has a Window unless WithoutWindow is given.
func Parse(r io.Reader, opts ...ParseOption) (*Document, error) {
	var cfg parseConfig
	for _, o := range opts {
		o(&cfg)
	}
	root, templates, charset, err := parseBytes(r, &cfg)
	if err != nil {
		return nil, fmt.Errorf("vdom: parse: %w", err)
	}
	return finishParse(root, templates, charset, &cfg)
}

// finishParse makes the document of a parsed tree, whose template
// elements are templates.
func finishParse(root *html.Node, templates []*html.Node, charset string, cfg *parseConfig) (*Document, error) {
	d := newDocument(root, !cfg.noWindow)
	d.charset = charset
	d.timers.clock = cfg.clock
	d.styleCfg = cfg.style
	// Before the ids are indexed: those inside template contents are not
	// in the document's tree.
	d.takeContents(templates)
	openDetails := d.indexIDs()
	if cfg.hasURL {
		if err := d.setDocumentURL(cfg.url); err != nil {
			return nil, fmt.Errorf("vdom: parse: %w", err)
		}
	}
	d.detailsParsed(openDetails)
	return d, nil
}

// ParseString parses a whole HTML document from a string, for markup under
// the program's control. A string is text, not bytes: it is read as UTF-8
// whatever a <meta charset> in it says (as DOMParser does), WithContentType
// is ignored, and the document's CharacterSet is "UTF-8". The parser
// repairs any malformed HTML, and the one error left, ErrTreeTooLarge,
// makes ParseString panic. Use Parse for input from outside.
func ParseString(s string, opts ...ParseOption) *Document {
	var cfg parseConfig
	for _, o := range opts {
		o(&cfg)
	}
	root, templates, err := htmlparse.ParseTemplates(strings.NewReader(s))
	if err == nil {
		var d *Document
		if d, err = finishParse(root, templates, "", &cfg); err == nil {
			return d
		}
	} else {
		err = fmt.Errorf("vdom: parse: %w", err)
	}
	panic(err)
}

// NewDocument returns an empty document (no doctype, no elements) without a
// Window, the Go form of `new Document()`.
func NewDocument() *Document {
	return newDocument(&html.Node{Type: html.DocumentNode}, false)
}

// CreateHTMLDocument returns a minimal HTML document with the given title and
// no Window, as DOMImplementation.createHTMLDocument does.
func CreateHTMLDocument(title string) *Document {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>")
	b.WriteString(html.EscapeString(title))
	b.WriteString("</title></head><body></body></html>")
	return ParseString(b.String(), WithoutWindow())
}

func newDocument(root *html.Node, withWindow bool) *Document {
	d := &Document{
		nodes:     make(map[nodeKey]handleRef),
		dead:      &deadQueue{},
		listening: make(map[*html.Node]handleRef),
		ids:       make(map[string]*html.Node),
	}
	d.Node = Node{h: root, doc: d}
	d.Node.store.node = &d.Node
	if withWindow {
		d.window = &Window{doc: d}
	}
	return d
}

// wrap returns the one handle of h, making it when it has none (on first
// use, or after the last one was collected: handles.go).
func (d *Document) wrap(h *html.Node) *Node {
	if h == nil {
		return nil
	}
	if r, ok := d.nodes[nodeKeyOf(h)]; ok {
		if n := r.node(); n != nil && n.h == h {
			return n
		}
	}
	if h == d.Node.h {
		return &d.Node
	}
	return d.newHandle(h)
}

// Wrap returns the handle of an x/net/html node of this document's tree, such
// as one a cascadia query returned. It must not be called with nodes of
// another tree. For a node in the document's tree it is always the handle
// the node had before, with its listeners. For a node of a detached tree
// (a removed subtree, a fragment) it is the handle the node had before
// while the program holds a handle of any node of that tree; once it holds
// none, the handles of the tree are collected, and Wrap of one of its nodes
// kept through HTML() returns a new handle without listeners.
func (d *Document) Wrap(h *html.Node) *Node { return d.wrap(h) }

// Window returns the document's window, nil for documents without a browsing
// context.
func (d *Document) Window() *Window { return d.window }

// DispatchEvent implements EventTarget with the Document as target.
func (d *Document) DispatchEvent(e *Event) (bool, error) { return dispatch(d, e) }

// AddEventListener implements EventTarget; touch and wheel listeners on the
// document are passive by default.
func (d *Document) AddEventListener(typ string, l Listener) {
	d.AddEventListenerWith(typ, l, ListenerOptions{})
}

// AddEventListenerWith implements EventTarget, with the default passive
// option of AddEventListener.
func (d *Document) AddEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	d.Node.AddEventListenerWith(typ, l, opts)
}

// DocumentElement returns the root element (<html>), or nil.
func (d *Document) DocumentElement() *Node {
	for c := d.Node.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return d.wrap(c)
		}
	}
	return nil
}

// Head returns the first <head> child of the root element, or nil.
func (d *Document) Head() *Node { return d.rootChild(atom.Head, atom.Head) }

// Body returns the first <body> or <frameset> child of the root element, or
// nil, as the DOM's document.body does.
func (d *Document) Body() *Node { return d.rootChild(atom.Body, atom.Frameset) }

func (d *Document) rootChild(a, or atom.Atom) *Node {
	root := d.DocumentElement()
	if root == nil || root.h.DataAtom != atom.Html || root.h.Namespace != "" {
		return nil
	}
	for c := root.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.DataAtom == a || c.DataAtom == or) && c.Namespace == "" {
			return d.wrap(c)
		}
	}
	return nil
}

// Title returns the text of the first HTML <title> element (an SVG <title>
// does not count) with ASCII white space stripped and collapsed, as the
// DOM's document.title does.
func (d *Document) Title() string {
	for h := range descendants(d.Node.h) {
		if h.Type == html.ElementNode && h.DataAtom == atom.Title && h.Namespace == "" {
			return strings.Join(strings.FieldsFunc(d.wrap(h).TextContent(), isASCIISpace), " ")
		}
	}
	return ""
}

// isASCIISpace reports the DOM's ASCII white space: tab, LF, FF, CR, space.
func isASCIISpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// CreateElement returns a new detached HTML element. The name is lower-cased;
// an invalid name is an ErrInvalidCharacter error.
func (d *Document) CreateElement(tag string) (*Node, error) {
	if !validName(tag) {
		return nil, domErrorf(ErrInvalidCharacter, "%q is not a valid element name", tag)
	}
	tag = strings.ToLower(tag)
	h := &html.Node{Type: html.ElementNode, Data: tag, DataAtom: atom.Lookup([]byte(tag))}
	return d.wrap(h), nil
}

// CreateTextNode returns a new detached text node.
func (d *Document) CreateTextNode(data string) *Node {
	return d.wrap(&html.Node{Type: html.TextNode, Data: data})
}

// CreateComment returns a new detached comment node.
func (d *Document) CreateComment(data string) *Node {
	return d.wrap(&html.Node{Type: html.CommentNode, Data: data})
}

// CreateDocumentFragment returns a new empty DocumentFragment. Inserting a
// fragment inserts its children instead, as in the DOM.
func (d *Document) CreateDocumentFragment() *Node {
	return d.wrap(&html.Node{Type: html.DocumentNode})
}

// CreateEvent returns an uninitialized event of the named interface, as the
// DOM's createEvent() table maps names to interfaces (compared ASCII
// case-insensitively): "Event", "Events", "HTMLEvents" and "SVGEvents" give
// an Event; "CustomEvent" a CustomEvent; "UIEvent" and "UIEvents" a
// UIEvent; "MouseEvent" and "MouseEvents" a MouseEvent; "KeyboardEvent" (and
// "KeyboardEvents", as in Chromium), "FocusEvent" and "HashChangeEvent"
// those interfaces, every member zero. The event must be
// initialized with InitEvent (or InitCustomEvent, InitUIEvent,
// InitMouseEvent, InitKeyboardEvent) before it can be dispatched. Other
// names, PointerEvent, InputEvent and SubmitEvent among them (they are not
// in the table), are ErrNotSupported, as are the table's interfaces vdom
// does not implement (CompositionEvent, DragEvent, TouchEvent, ...).
func (d *Document) CreateEvent(iface string) (*Event, error) {
	e, known, implemented := createEvent(htmltree.LowerASCII(iface))
	if implemented {
		return e, nil
	}
	if known {
		return nil, domErrorf(ErrNotSupported, "CreateEvent(%q): vdom does not implement this interface", iface)
	}
	return nil, domErrorf(ErrNotSupported, "CreateEvent(%q): not an interface name of createEvent's table", iface)
}

// validName is a practical subset of the XML Name production that the DOM
// uses for element and attribute names: non-empty, no white space, no
// characters that would break serialization.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r <= ' ', r == '"', r == '\'', r == '>', r == '/', r == '=', r == '<', r == 0x7f:
			return false
		case i == 0 && (r == '-' || r == '.' || (r >= '0' && r <= '9')):
			return false
		}
	}
	return true
}

// String returns "document".
func (d *Document) String() string { return "document" }

// String returns "window".
func (w *Window) String() string { return "window" }

// treeChanged records h inserted into, moved within or removed from
// parent (h nil: nodes of any kind).
func (d *Document) treeChanged(h, parent *html.Node) {
	d.treeVer++
	d.shapeChanged(h, parent)
}

// shapeChanged records h inserted into or removed from parent where no
// existing node changes its ancestors: the new nodes of a fragment put in
// place (h nil: nodes of any kind).
func (d *Document) shapeChanged(h, parent *html.Node) {
	d.shapeVer++
	d.domChanged()
	d.childChanged(h, parent)
}
