package a11y_test

// knownMismatches lists the differences from Chromium's accessibility tree
// that are expected, keyed "page element field", each with the reason. The
// Chromium test fails when one of them stops occurring, so the list can only
// shrink.
var knownMismatches = map[string]string{
	// Layout and resources the tree cannot know.
	"roles-elements #area-href hidden":         "Chromium exposes an image map's areas only when the image loaded and has a layout; the recorder serves no images",
	"roles-elements #area-nohref hidden":       "as #area-href: no loaded image, no map",
	"roles-elements #audio name":               `Chromium names a media element by its player's state ("Unable to play media."); there is no media here`,
	"roles-elements #video name":               "as #audio",
	"roles-elements #audio disabled":           "Chromium marks a media element that cannot play as disabled",
	"roles-elements #video disabled":           "as #audio",
	"roles-elements #embed disabled":           "Chromium marks a plugin element without a plugin as disabled",
	"roles-elements #object disabled":          "as #embed",
	"roles-inputs #input-file name":            `Chromium names a file input by its button's localised label ("Choose File"), text drawn by the browser`,
	"roles-elements #br name":                  `Chromium gives a line break the name "\n", its text in the tree; it has no role and no name in ARIA`,
	"roles-elements #ruby description":         "Chromium describes a ruby by its rt annotation, a layout (ruby box) behaviour",
	"roles-elements #rt role":                  "Chromium leaves rt out of the tree as an ignored node (role none) without a reason; HTML-AAM gives it no role",
	"roles-scoped #th-lone role":               "Chromium decides by a layout-table heuristic that a one-cell table is not a data table (internal role LayoutTableCell)",
	"roles-scoped #summary-orphan description": "Chromium describes a summary outside details by its text; ARIA gives a generic no description",
	"roles-scoped #img-alt-space name":         `Chromium keeps an alt of spaces as the name ("  "); accname trims it`,
	"roles-scoped #svg-empty role":             "Chromium leaves an svg with no content out of the tree as uninteresting; by its element it is an image",
}
