package a11y_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

var updateWPT = flag.Bool("update", false, "rewrite testdata/wpt/RESULTS.md")

// The web platform tests' declarative accessibility pages (testdata/wpt,
// README.md there says where they come from): each element the page's
// checks select (AriaUtils.verifyLabelsBySelector, verifyRolesBySelector,
// verifyGenericRolesBySelector) is a case, its data-expectedlabel run
// against Name, its data-expectedrole against Role (a generic role check
// takes generic or none). A page whose cases need its scripts to run (a shadow root
// attached, a page built by a test helper) or its style sheet (generated
// content, a class that hides) is counted apart: without a script engine
// or a cascade its cases are not expected to pass.

// wptDirs are the directories run, in the order RESULTS.md lists them.
var wptDirs = []string{"accname/name", "html-aam", "wai-aria/role"}

// wptCase is one expectation of a page.
type wptCase struct {
	page, key, kind, testname string
	want, got                 string
	// chromium is what Chromium 148 gives, from the page's recording
	// (testdata/wpt/recorded), "" when the page has none.
	chromium string
	recorded bool
}

func (c wptCase) id() string { return c.page + " " + c.key + " " + c.kind }

func (c wptCase) pass() bool { return c.want == c.got }

// wptTally counts the cases of one directory: those of pages the tree
// alone decides, and those of pages that need script or CSS.
type wptTally struct {
	pages, pagesApart       int
	pass, total             int
	passApart, totalApart   int
	ambiguous               int
	chromiumPass, chromiumN int
}

func TestWPT(t *testing.T) {
	tallies := map[string]*wptTally{}
	var failing []wptCase
	seenKnown := map[int]bool{}
	seenChromium := map[int]bool{}
	for _, dir := range wptDirs {
		tally := &wptTally{}
		tallies[dir] = tally
		root := filepath.Join("testdata", "wpt", dir)
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			page := strings.TrimPrefix(filepath.ToSlash(path), "testdata/wpt/")
			needs := wptNeeds(string(src))
			cases := wptCases(t, page, string(src))
			if len(cases) == 0 && needs == "" {
				return nil
			}
			if needs == "" {
				tally.pages++
			} else {
				tally.pagesApart++
			}
			for _, c := range cases {
				if c.want == wptAmbiguous {
					tally.ambiguous++
					continue
				}
				if c.recorded {
					tally.chromiumN++
					if c.chromium == c.want {
						tally.chromiumPass++
					}
				}
				if c.recorded && c.chromium != c.got && !strings.Contains(needs, "script") {
					// Chromium is the truth: a page the tree and its
					// style sheets decide gives what Chromium gives,
					// but for the differences listed.
					if g := wptGroup(wptChromiumDifferences, c); g < 0 {
						t.Errorf("%s (%s): Chromium 148 gives %q, a11y %q", c.id(), c.testname, c.chromium, c.got)
					} else {
						seenChromium[g] = true
					}
				}
				if needs != "" {
					tally.totalApart++
					if c.pass() {
						tally.passApart++
					}
					continue
				}
				tally.total++
				if c.pass() {
					tally.pass++
					continue
				}
				group := wptGroup(wptKnownFailures, c)
				if group < 0 {
					failing = append(failing, c)
					continue
				}
				seenKnown[group] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range failing {
		chromium := "no recording"
		if c.recorded {
			chromium = fmt.Sprintf("Chromium 148 %q", c.chromium)
		}
		t.Errorf("%s (%s): mismatch (-want +got), %s:\n%s", c.id(), c.testname, chromium, cmp.Diff(c.want, c.got))
	}
	for _, list := range []struct {
		name   string
		groups []wptKnownGroup
		seen   map[int]bool
	}{{"wptKnownFailures", wptKnownFailures, seenKnown}, {"wptChromiumDifferences", wptChromiumDifferences, seenChromium}} {
		for i, k := range list.groups {
			if !list.seen[i] {
				t.Errorf("%s: %s %q: no case differs so any more: remove it", list.name, k.page, k.testname)
			}
			if strings.TrimSpace(k.reason) == "" {
				t.Errorf("%s: %s %q: no reason", list.name, k.page, k.testname)
			}
		}
	}
	checkWPTResults(t, tallies)
}

// wptAmbiguous is the expectation of a case the specifications leave
// open: it is not counted.
const wptAmbiguous = "SPEC_AMBIGUOUS_LOG_VALUE"

// checkRE finds the page's checks: which expectation, of the elements
// which selector.
var checkRE = regexp.MustCompile(`AriaUtils\.verify(Labels|Roles|GenericRoles|RolesAndLabels)BySelector\(([^)]*)\)`)

// wptCases computes the cases of a page.
func wptCases(t *testing.T, page, src string) []wptCase {
	t.Helper()
	rec := wptRecording(t, page)
	doc := vdom.ParseString(src)
	checks := map[string]map[*vdom.Node]bool{}
	for _, m := range checkRE.FindAllStringSubmatch(src, -1) {
		kinds := map[string][]string{"Labels": {"label"}, "Roles": {"role"}, "GenericRoles": {"generic"},
			"RolesAndLabels": {"role", "label"}}[m[1]]
		args := strings.Split(m[2], ",")
		sel := strings.Trim(strings.TrimSpace(args[len(args)-1]), `"'`)
		els, err := doc.QuerySelectorAll(sel)
		if err != nil {
			t.Fatalf("%s: selector %q: %v", page, sel, err)
		}
		for _, kind := range kinds {
			if checks[kind] == nil {
				checks[kind] = map[*vdom.Node]bool{}
			}
			for _, el := range els {
				checks[kind][el] = true
			}
		}
	}
	var cases []wptCase
	for _, el := range wptElements(doc) {
		testname, _ := el.node.GetAttribute("data-testname")
		for _, kind := range []string{"label", "role", "generic"} {
			if !checks[kind][el.node] {
				continue
			}
			attr := kind
			if kind == "generic" {
				attr = "role"
			}
			want, ok := el.node.GetAttribute("data-expected" + attr)
			if !ok && kind == "label" {
				// html-aam/names.html writes its labels as
				// data-expectedname.
				want, ok = el.node.GetAttribute("data-expectedname")
			}
			if kind == "generic" {
				want, ok = "generic", true
			}
			if !ok {
				continue
			}
			c := wptCase{page: page, key: el.key, kind: kind, testname: testname}
			hidden := a11y.IsHidden(el.node)
			switch kind {
			case "label":
				// A test reads the name of a node in the tree: a hidden
				// element has none there.
				c.want = asciiSpaceNormalized(want)
				if !hidden {
					c.got = a11y.Name(el.node)
				}
			case "role":
				c.want = wptRole(want)
				if !hidden {
					c.got = wptRole(a11y.Role(el.node))
				}
			case "generic":
				// A generic role check takes generic, none or no role.
				c.kind, c.want = "role", "generic"
				if !hidden {
					c.got = wptGeneric(wptRole(a11y.Role(el.node)))
				}
			}
			if want == wptAmbiguous {
				c.want = wptAmbiguous
			}
			if r, ok := rec[el.key]; ok && !(kind != "label" && uninteresting(r)) {
				// Chromium leaves a node it finds uninteresting out
				// of the tree before it computes a role (see
				// chromiumFacts): its role is not recorded.
				c.recorded = true
				if !r.Hidden {
					switch kind {
					case "label":
						c.chromium = asciiSpaceNormalized(r.Name)
					case "role":
						c.chromium = wptRole(r.Role)
					case "generic":
						c.chromium = wptGeneric(wptRole(r.Role))
					}
				}
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// wptRole is a role as the tests write it: the name Role reports for it
// ("image" is "img"), and "none" for no role or a generic, which the
// tests and Chromium's computedRole write as "generic" or "none".
func wptRole(role string) string {
	role = strings.TrimSpace(role)
	if r, ok := a11y.CanonicalRole(strings.ToLower(role)); ok {
		return r
	}
	return role
}

// wptGeneric folds the roles a generic role check takes into "generic".
func wptGeneric(role string) string {
	if role == "none" || role == "" {
		return "generic"
	}
	return role
}

type wptElement struct {
	node *vdom.Node
	key  string
}

// wptElements lists, in tree order, the elements carrying a test's
// expectations, keyed as the recorder keys them (see findByKey).
func wptElements(doc *vdom.Document) []wptElement {
	var out []wptElement
	keys := map[*vdom.Node]string{}
	for n := range doc.Descendants() {
		if !n.IsElement() {
			continue
		}
		key := ""
		switch {
		case n.ID() != "":
			key = "#" + n.ID()
		case n.LocalName() == "html" || n.LocalName() == "head" || n.LocalName() == "body":
			key = n.LocalName()
		default:
			p := n.ParentElement()
			k := 0
			for _, c := range p.Children() {
				if c.LocalName() == n.LocalName() {
					k++
				}
				if c == n {
					break
				}
			}
			key = fmt.Sprintf("%s > %s:nth-of-type(%d)", keys[p], n.LocalName(), k)
		}
		keys[n] = key
		if n.HasAttribute("data-expectedlabel") || n.HasAttribute("data-expectedrole") || n.HasAttribute("data-expectedname") ||
			n.HasAttribute("data-testname") {
			out = append(out, wptElement{n, key})
		}
	}
	return out
}

// wptRecording reads the recording of a page, keyed by element, if any.
func wptRecording(t *testing.T, page string) map[string]recordedNode {
	t.Helper()
	name := strings.ReplaceAll(strings.TrimSuffix(page, ".html"), "/", "__")
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", "recorded", name+".json"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var rec recording
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out := map[string]recordedNode{}
	for _, r := range rec.Elements {
		out[r.Key] = r
	}
	return out
}

var (
	scriptRE  = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
	styleRE   = regexp.MustCompile(`(?is)<style\b[^>]*>(.*?)</style>`)
	commentRE = regexp.MustCompile(`(?s)/\*.*?\*/`)
	harnessRE = regexp.MustCompile(`(?s)^\s*(AriaUtils\.verify(Labels|Roles|GenericRoles|RolesAndLabels)BySelector\([^)]*\);?\s*)*$`)
	// cssRE finds what in a style sheet can change a name, a role or
	// hiddenness: generated content, display and visibility, a text
	// transform, a control's appearance. A sheet with none of them (a
	// flex layout) does not count.
	cssRE      = regexp.MustCompile(`(?i)\bcontent\s*:|::?(before|after|marker)\b|display\s*:\s*none|visibility\s*:|text-transform|appearance\s*:`)
	harnessSrc = regexp.MustCompile(`src="/(resources/[a-z-]+\.js|wai-aria/scripts/aria-utils\.js)"`)
)

// wptNeeds says what a page needs beyond its tree for its cases: "script"
// when it runs code other than the test harness's checks (attaching a
// shadow root, building the page), "CSS" when it has a style sheet with
// rules that can change a name, role or hiddenness (see cssRE); "" when
// the tree decides.
func wptNeeds(src string) string {
	var needs []string
	for _, m := range scriptRE.FindAllStringSubmatch(src, -1) {
		attrs, body := m[1], m[2]
		if strings.Contains(attrs, "src=") && !harnessSrc.MatchString(attrs) || !harnessRE.MatchString(body) {
			needs = append(needs, "script")
			break
		}
	}
	for _, m := range styleRE.FindAllStringSubmatch(src, -1) {
		if cssRE.MatchString(commentRE.ReplaceAllString(m[1], "")) {
			needs = append(needs, "CSS")
			break
		}
	}
	return strings.Join(needs, " and ")
}

// checkWPTResults compares the counts with testdata/wpt/RESULTS.md, which
// -update rewrites.
func checkWPTResults(t *testing.T, tallies map[string]*wptTally) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# Web platform tests run by a11y (go test ./a11y -run TestWPT -update rewrites this)\n\n")
	b.WriteString("| directory | pages the tree decides | cases passed | pages that need script or CSS | their cases passed | cases left open by the specifications | Chromium 148 agrees with the tests |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, dir := range wptDirs {
		c := tallies[dir]
		agrees := "not recorded"
		if c.chromiumN > 0 {
			agrees = fmt.Sprintf("%d of %d", c.chromiumPass, c.chromiumN)
		}
		fmt.Fprintf(&b, "| %s | %d | %d of %d | %d | %d of %d | %d | %s |\n", dir, c.pages, c.pass, c.total,
			c.pagesApart, c.passApart, c.totalApart, c.ambiguous, agrees)
	}
	got := b.String()
	t.Log("\n" + got)
	checkWPTDocs(t, tallies)
	path := filepath.Join("testdata", "wpt", "RESULTS.md")
	if *updateWPT {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("testdata/wpt/RESULTS.md is not what the pages give (run with -update): mismatch (-want +got):\n%s", diff)
	}
}

// wptKnownFailures lists the cases of pages the tree decides where a11y
// does not give what the test expects, by page and a pattern of their
// test names, each group with its reason. In every one Chromium 148 gives
// what a11y gives (the recordings say so, and the test checks it): the
// tests expect what the specifications say or propose, Chromium is the
// truth here. The test fails when a group no longer fails, so the list
// can only shrink.
var wptKnownFailures = []wptKnownGroup{
	{"accname/name/comp_host_language_label.html", `^(hidden )?html: label.*(display: none|visibility: (hidden|collapse)|aria-hidden=true|hidden attribute)`,
		"a hidden label (display: none, visibility, aria-hidden, the hidden attribute) names its control in the test; Chromium 148 gives its text to no control"},
	{"accname/name/comp_host_language_label.tentative.html", `^svg: svg wrapping title\[role none\]$`,
		"the title is the circle's, not the svg's: Chromium 148 gives the svg no name"},
	{"accname/name/comp_labelledby.html", `^button's hidden referenced name \(visibility:hidden\) with hidden aria-labeledby traversal falls back to aria-label$`,
		`the page has two elements with id "span4"; the reference finds the first, a hidden span with the text "label", which names the button in Chromium 148`},
	{"accname/name/comp_name_from_content.tentative.html", `^heading with link referencing image`,
		"tentative (accname issue 209): Chromium 148 passes over the link's text, referenced by the image inside the same heading, and gives \"image\""},
	{"accname/name/comp_name_from_heading.tentative.html", `name from (IDDFS )?heading$`,
		"tentative: a dialog or article named by its first heading is a proposal Chromium 148 does not implement"},
	{"accname/name/comp_text_node.html", `^heading with text/comment/text nodes$`,
		"Chromium 148 joins two text nodes a comment separates without a space"},
	{"html-aam/area-role-tentative.html", `^el-area-no-href\[onclick\]$`,
		"tentative: an area without href is a generic, with an onclick listener too (no script runs here); Chromium 148 exposes no area without a loaded image"},
	{"html-aam/figure-name-no-figcaption.tentative.html", `^img without alt within a figure with figcaption$`,
		"tentative: Chromium 148 names no img from the figcaption of its figure"},
	{"html-aam/roles-contextual.html", `^el-(footer|header)$`,
		"a named footer or header in a nav is a sectionfooter or sectionheader (ARIA 1.3) in Chromium 148; the test expects the older generic"},
	{"html-aam/roles.html", `^el-(footer|header)$`,
		"as roles-contextual.html: sectionfooter and sectionheader in Chromium 148"},
	{"html-aam/roles-contextual.html", `^el-summary-not-first-summary-child-of-details$`,
		"the summary is in a closed details and not its first summary: not rendered, so out of the tree in Chromium 148, where the test reads a role"},
	{"html-aam/summary.html", `^descendant summary of details`,
		"as roles-contextual.html: a summary in a closed details other than its first summary child is not rendered"},
	{"html-aam/roles-contextual.tentative.html", `^el-form-(no-name|aria-label-empty|aria-label-whitespace|aria-labelledby-non-existing|aria-labelledby-empty|aria-labelledby-whitespace|title-empty)$`,
		"a form's name: Chromium 148 names a form by an aria-labelledby that points at an element, even an empty one, and by a title, even an empty one; a11y makes every form a form, as Chromium 156 (see wptChromiumDifferences)"},
	{"html-aam/roles-generic.tentative.html", `^el-li-orphaned$`,
		"Chromium 148 keeps an li outside a list a listitem"},
	{"html-aam/roles.html", `^el-li-orphaned$`,
		"as roles-generic.tentative.html: a listitem in Chromium 148"},
	{"html-aam/roles-minimum.tentative.html", `^el-(div-autofocus-attr-role-(generic|none)|div-draggable-attr-role-(generic|none)|div-draggable-attr-invalid-role|section-draggable-attr|cite-draggable-attr|div-popover-attr)$`,
		"tentative minimum roles: Chromium 148 makes a group only of a generic without a role attribute (not of role=generic, none or an invalid role, nor of a section or cite), and a popover not shown is not rendered"},
	{"html-aam/roles.html", `^el-b$`,
		"Chromium 148 makes b a generic (an uninteresting one it leaves out of the tree); the test expects strong"},
	{"html-aam/roles.tentative.html", `^el-input-checkbox-switch$`,
		"tentative: Chromium 148 does not know the switch attribute of a checkbox"},
	{"html-aam/table-roles.html", `^el-(thead|tbody|tfoot)$`,
		"Chromium 148 gives a table's row groups the rowgroup role; the test expects none"},
	{"wai-aria/role/contextual-roles.html", `^(orphan (p|span|button|div) with (caption|cell|rowgroup|columnheader|rowheader|row|gridcell|menuitemcheckbox|menuitemradio|tab|listitem|option|treeitem) role|contentinfo region scoped to (main|body) element|footer scoped to main element)$`,
		"Chromium 148 keeps a role outside its required context (the test expects the element's own role), keeps an explicit contentinfo inside main, and makes a footer inside main a sectionfooter"},
	{"wai-aria/role/menu-roles.html", `^orphaned menuitem outside the context of menu/menubar$`,
		"Chromium 148 keeps a menu item role outside a menu; the test expects the nav's own navigation"},
	{"accname/name/comp_tooltip.html", `^(link with text|img with tooltip label with empty alt|button|kbd|summary)`,
		"the title comes last: a link, button or summary with content is named by it, an img with alt=\"\" is named \"\" (its title describes it), and a kbd is a generic, whose title describes it (Chromium 148)"},
}

// wptKnownGroup is a group of cases of one page, by a pattern of their
// test names, with the reason they differ.
type wptKnownGroup struct{ page, testname, reason string }

// wptGroup returns the index of the group of list the case c belongs to,
// -1 for none.
func wptGroup(list []wptKnownGroup, c wptCase) int {
	for i, k := range list {
		if k.page == c.page && regexp.MustCompile(k.testname).MatchString(c.testname) {
			return i
		}
	}
	return -1
}

// wptChromiumDifferences lists the cases of pages the tree and its style
// sheets decide (not those that need their scripts) where
// a11y does not give what Chromium 148 gives, with the reason: the
// recordings of testdata/chromium were made with Chromium 156, which a11y
// follows where the two versions differ (docs/a11y.md), and an image map
// needs its image loaded.
var wptChromiumDifferences = []wptKnownGroup{
	{"html-aam/area-role-tentative.html", `^el-area-no-href\[onclick\]$`,
		"Chromium exposes an image map's areas only when the image loaded; the recorder serves none (as roles-elements #area-nohref)"},
	{"html-aam/roles.html", `^el-form$`,
		"Chromium 156 makes a form without a name a form, Chromium 148 a generic; a11y follows 156 (roles-elements #form-unnamed)"},
	{"html-aam/roles-contextual.tentative.html", `^el-form-(no-name|aria-label-empty|aria-label-whitespace|aria-labelledby-non-existing)$`,
		"as html-aam/roles.html el-form: a form without a name is a form in Chromium 156, a generic in 148"},
	{"wai-aria/role/contextual-roles.html", `^orphan (div|p|span|button) with (listitem|option|treeitem) role$`,
		"Chromium 156 makes a listitem, option or treeitem outside its required context a generic, Chromium 148 keeps the role; a11y follows 156 (name-aria-label #label-role-listitem)"},
}

// checkWPTDocs compares the table of docs/a11y.md between its
// wpt-results markers with the counts (-update rewrites it).
func checkWPTDocs(t *testing.T, tallies map[string]*wptTally) {
	t.Helper()
	var b strings.Builder
	b.WriteString("| directory | pages the tree decides | cases passed | pages that need script or CSS | their cases passed |\n")
	b.WriteString("|---|---|---|---|---|\n")
	for _, dir := range wptDirs {
		c := tallies[dir]
		fmt.Fprintf(&b, "| %s | %d | %d of %d | %d | %d of %d |\n", dir, c.pages, c.pass, c.total, c.pagesApart, c.passApart, c.totalApart)
	}
	path := filepath.Join("..", "docs", "a11y.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- wpt-results: begin -->\n", "<!-- wpt-results: end -->"
	i, j := strings.Index(string(doc), begin), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("%s: no wpt-results markers", path)
	}
	i += len(begin)
	if *updateWPT {
		if err := os.WriteFile(path, []byte(string(doc[:i])+b.String()+string(doc[j:])), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(string(doc[i:j]), b.String()); diff != "" {
		t.Errorf("docs/a11y.md's table of the web platform tests is not what the pages give (run with -update): mismatch (-want +got):\n%s", diff)
	}
}
