package vdom

// QuerySelectorAllUncached is QuerySelectorAll without the query cache, for
// the tests that compare the two.
func (n *Node) QuerySelectorAllUncached(sel string) ([]*Node, error) {
	s, err := compile(sel)
	if err != nil {
		return nil, err
	}
	return n.wrapAll(s.WithState(n.doc.selectorState()).QueryAll(n.h)), nil
}

// QuerySelectorUncached is QuerySelector without the query cache.
func (n *Node) QuerySelectorUncached(sel string) (*Node, error) {
	s, err := compile(sel)
	if err != nil {
		return nil, err
	}
	return n.doc.wrap(s.WithState(n.doc.selectorState()).QueryFirst(n.h)), nil
}

// QueryCountersForTest returns the document's mutation and live state
// counters.
func QueryCountersForTest(d *Document) (dom, live uint64) { return d.domVer, d.liveVer }

// QueryCacheSizeForTest returns how many results and handles the
// document's query cache holds.
func QueryCacheSizeForTest(d *Document) (entries, handles int) {
	if d.queries == nil {
		return 0, 0
	}
	return d.queries.entries, d.queries.handles
}
