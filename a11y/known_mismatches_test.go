package a11y_test

// knownMismatches lists the differences from Chromium's accessibility tree
// that are expected, keyed "page element field", each with the reason. The
// Chromium test fails when one of them stops occurring, so the list can only
// shrink.
var knownMismatches = map[string]string{
	// Layout and resources the tree cannot know.
	"roles-elements #area-href hidden":   "Chromium exposes an image map's areas only when the image loaded and has a layout; the recorder serves no images",
	"roles-elements #area-nohref hidden": "as #area-href: no loaded image, no map",
	"roles-elements #audio name":         `Chromium names a media element by its player's state ("Unable to play media."); there is no media here`,
	"roles-elements #video name":         "as #audio",
	"roles-elements #audio disabled":     "Chromium marks a media element that cannot play as disabled",
	"roles-elements #video disabled":     "as #audio",
	"roles-elements #embed disabled":     "Chromium marks a plugin element without a plugin as disabled",
	"roles-elements #object disabled":    "as #embed",
	"roles-elements #ruby description":   "Chromium describes a ruby by its rt annotation, a layout (ruby box) behaviour",

	// Text the browser draws itself.
	"roles-inputs #input-file name":               `Chromium names a file input by its button's localised label ("Choose File"), text drawn by the browser`,
	"name-precedence #p-input-file-5 name":        "as roles-inputs #input-file: Chromium's localised button label comes before the title",
	"name-precedence #p-input-file-5 description": "the title, which Chromium's file input label displaces from the name",

	// Chromium's layout-table heuristic: every table is a data table here.
	"roles-scoped #th-lone role":           "a one-cell table is not a data table to Chromium (internal role LayoutTableCell)",
	"name-content #c-table-row role":       "a table of one row without headers is not a data table to Chromium (internal role LayoutTableRow)",
	"name-host-language #table-title role": "a one-cell table is a layout table to Chromium (internal role LayoutTable)",
	"name-precedence #p-table-4 role":      "a table of two rows of data cells without a caption is a layout table to Chromium (internal role LayoutTable)",

	// Selection in trees.
	"states-more #m-treeitem selected":        "Chromium reports no selected state on the items of this tree of checkable items (aria-checked) but false on those of a tree without them (states #s-treeitem-2); a11y does not tell the two apart and reports false",
	"states-more #m-treeitem-nested selected": "as #m-treeitem: an item of the same tree",

	// The bound of a name (MaxNameBytes).
	"name-bounds #nb-long-name name":  "the DevTools protocol reports the whole name, 12,000 bytes; what Chromium hands to assistive technology is cut at 10,000 bytes (kMaxStringAttributeLength), where a11y cuts it",
	"name-bounds #nb-long-label name": "as #nb-long-name, for an aria-label of 12,000 bytes",
}
