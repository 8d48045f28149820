package vdom

// StyleCollections is how many times d collected its style sheets.
func StyleCollections(d *Document) int {
	if d.styles == nil {
		return 0
	}
	return d.styles.collections
}
