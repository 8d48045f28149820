package htmlparse

// Refusing early. The markup the limits refuse would make the parser build
// MaxClonedElements elements (or copy MaxClonedAttributes attributes)
// before passing the limit: a second of work and hundreds of megabytes for
// an input of a few kilobytes. So a parse that re-opens elements much
// faster than it reads its input (mayPassLimits) counts them first: a
// second parser reads the input again from the start (source.go) in
// counting mode and stops where a limit is passed, and the parse ends with
// its error, which names the same line and column; if no limit is passed,
// the parse goes on.
//
// Counting follows every step of the algorithm but makes no clones:
//
//   - A clone is its original, on the stack and in the list of active
//     formatting elements (cloneElement).
//   - In the tree, one new element stands in for the clones that a
//     reconstruction or an adoption agency round puts there (standIn),
//     with the furthest block or the formatting element's clone's children
//     inside it where the parse puts them inside a clone. The algorithm
//     reads the tree in two places only, whether the current pre, listing
//     or textarea element has children and whether a table has a parent,
//     and the answers stay the same: none of these elements is ever a
//     clone, and every node that the parse puts into or takes out of one
//     of them, counting puts there or takes out too.
//   - Nothing compares nodes where a clone could meet its original
//     (closeOpenAnchor asks the adoption agency what it did instead).
//   - A reconstruction does not push the entries it re-opens: they wait in
//     the stack's lazy run, which answers for the current node, the
//     length of the stack and the questions they cannot change (no scope
//     boundary, special element or context element is a formatting
//     element), and are pushed as soon as anything else needs them. When
//     the stack is cut below them (a paragraph's end tag), they go without
//     having been pushed, and their list entries are as they were, so the
//     next reconstruction knows what to re-open without walking the list
//     (reopenSuffix). The markup the limits are for re-opens the same
//     elements at every paragraph: counting it costs a few steps per
//     token.
//
// The tests check, on many inputs, that counting and parsing make the same
// counts (TestCountingMatchesParsing). A counting parser builds the rest
// of the tree as usual and throws it away.

// The parse counts first before it re-opens more than countAfterElements
// elements and one per 32 bytes read, or copies more than
// countAfterAttributes attributes and one per 8 bytes read: more than
// ordinary pages, misnested or not, re-open, and few enough that building
// them costs less than reading the input. (Counting a page that then
// passes no limit costs about one more reading of it.)
const (
	countAfterElements   = 512
	countAfterAttributes = 1 << 13
)

// mayPassLimits tells whether the parse, having re-opened elements and
// copied attributes, and about to re-open more and copy moreAttrs more,
// does so fast enough to count first.
func (p *parser) mayPassLimits(more, moreAttrs int) bool {
	return p.clones+more > countAfterElements+p.pos.offset/32 ||
		p.clonedAttrs+moreAttrs > countAfterAttributes+p.pos.offset/8
}

// countFirst counts, once, the elements the whole input re-opens with a
// counting parser, and takes its limit error if it has one. Without a
// source to read the input again, the parse goes on, and passes the limit,
// if it does, the slow way.
func (p *parser) countFirst() {
	p.counted = true
	if p.src == nil {
		return
	}
	c := p.restart(p.src.from(0))
	c.src = p.src // for new Tokenizers (token.go)
	c.counting, c.counted = true, true
	c.run() // the reader's errors are the parse's to report when it meets them
	p.countSteps, p.countedClones, p.countedAttrs = c.steps, c.clones, c.clonedAttrs
	if c.err != nil {
		p.err = c.err
	}
}

// lazyRun is the stack's run of lazily re-opened entries while counting:
// the list entries from to to, which are the end of the list and hold no
// holes, stand on top of the stack in that order without being pushed.
type lazyRun struct {
	from, to int32
	// tags has bit t set when an entry has formatting tag index t.
	tags uint16
	// top is the entry of the topmost one, for openElements.top.
	top openElement
}

func (r *lazyRun) len() int { return int(r.to - r.from) }

// topmostLazy pushes the lazy run's entries if one of them has the name
// id, for openElements.topmost.
func (s *openElements) topmostLazy(id int32) {
	if id < 0 || int(id) >= len(formattingTagOfID) {
		return
	}
	if t := formattingTagOfID[id]; t >= 0 && s.lazy.tags&(1<<t) != 0 {
		s.pushLazy()
	}
}

// formattingTagOfID maps the name ids of knownHTMLTags to formatting tag
// indexes (-1 for the other tags).
var formattingTagOfID = func() []int8 {
	m := make([]int8, len(knownHTMLTags))
	for i, t := range knownHTMLTags {
		m[i] = formattingTag(t)
	}
	return m
}()

// entryOfFormatting classifies a formatting element for the stack (all
// formatting tags are known tags).
func entryOfFormatting(f *activeFormatting, i int32) openElement {
	n := f.list[i].node
	info, _ := lookupTag(n.DataAtom)
	return openElement{node: n, class: info.class, nameID: info.id, active: i}
}

// materialize pushes the lazy run's entries, if there are any. (It is
// small enough to be inlined into the stack's methods, which call it
// first.)
func (s *openElements) materialize() {
	if s.lazy.to != s.lazy.from {
		s.pushLazy()
	}
}

func (s *openElements) pushLazy() {
	from, to := s.lazy.from, s.lazy.to
	s.lazy = lazyRun{}
	for i := from; i < to; i++ {
		*s.steps++
		s.push(entryOfFormatting(s.formatting, i))
	}
}

// reopenSuffix remembers, for one value of activeFormatting.gen, what a
// reconstruction re-opens: the entries from index from to the end of the
// list, with attrs attributes in all and the formatting tags in tags.
type reopenSuffix struct {
	gen   uint64
	from  int32
	attrs int
	tags  uint16
	set   bool
}

// reconstructCounting is "reconstruct the active formatting elements"
// while counting: it counts the clones, puts a stand-in for them in the
// tree and leaves the entries in the stack's lazy run.
func (p *parser) reconstructCounting() {
	st, f := &p.stack, &p.formatting
	if st.lazy.len() > 0 {
		return // the last entry of the list stands on the stack
	}
	sfx := &f.suffix
	if !sfx.set || sfx.gen != f.gen {
		from := f.reopenStart()
		if from < 0 {
			return
		}
		*sfx = reopenSuffix{from: int32(from), set: true}
		for i := from; i < len(f.list); i++ {
			p.steps++
			sfx.attrs += len(f.list[i].node.Attr)
			sfx.tags |= 1 << f.list[i].tag
		}
		sfx.gen = f.gen
	}
	from, to := sfx.from, int32(len(f.list))
	if to == from {
		return
	}
	p.steps++
	if k := int(to - from); p.clones+k > MaxClonedElements || p.clonedAttrs+sfx.attrs > MaxClonedAttributes {
		// The limit is passed in this reconstruction: count one by one,
		// to say which limit.
		for i := from; i < to && p.err == nil; i++ {
			p.countClone(len(f.list[i].node.Attr))
		}
	} else {
		p.clones += k
		p.clonedAttrs += sfx.attrs
	}
	p.appendToTree(p.standIn())
	top := entryOfFormatting(f, to-1)
	top.prevSameName, top.nextSameName = -1, -1
	top.lastHTML = int32(len(st.entries)) + to - from - 1
	st.lazy = lazyRun{from: from, to: to, tags: sfx.tags, top: top}
}
