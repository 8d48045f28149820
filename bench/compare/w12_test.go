package compare

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Each htmx version of W12 is a row; one click swaps the 50 rows in, with
// one request, one settle, one end of the request and one event per row
// htmx processed.
func TestHTMXRows(t *testing.T) {
	p, rows := goSide(t)
	const want = "rows=50 first=r0 last=r49 requests=1 processed=50 settled=1 done=1"
	var keys []string
	for _, v := range p.HTMX.Versions {
		keys = append(keys, v.Key)
		r := mustRow(t, rows, v.Key)
		if !r.Go.OK() || r.Go.Check != want {
			t.Errorf("%s: Go %+v, want the check %q", v.Key, r.Go, want)
		}
		if r.Target == nil || r.Target.Faster["jsdom"] != 50 || !strings.Contains(r.JSWhat, "htmx "+v.Release) {
			t.Errorf("%s: target %+v, JS side %q", v.Key, r.Target, r.JSWhat)
		}
	}
	if diff := cmp.Diff([]string{"W12 htmx 2 click", "W12 htmx 4 click"}, keys); diff != "" {
		t.Errorf("W12 rows mismatch (-want +got):\n%s", diff)
	}
}

// A click that does not leave RowCount rows in the table fails the row:
// an answer with half the rows, an answer whose rows go nowhere.
func TestHTMXSwapChecked(t *testing.T) {
	h := NewHTMXTest()
	v := h.Versions[0]
	answer := h.Answer()
	half := answer[:bytes.Index(answer, []byte(`<tr id="r25"`))]
	if _, err := runHTMXClickWith(h, v, half); err == nil || !strings.Contains(err.Error(), "#rows has 25 rows after the click, want 50") {
		t.Errorf("25 rows: error %v", err)
	}
	if _, err := runHTMXClickWith(h, v, nil); err == nil || !strings.Contains(err.Error(), "has 0 rows") {
		t.Errorf("an empty answer: error %v", err)
	}
	if chk, err := runHTMXClickWith(h, v, answer); err != nil || !strings.HasPrefix(chk, "rows=50 ") {
		t.Errorf("the answer: %q, %v", chk, err)
	}
}

// The plan names W12's files, which WriteFiles writes; every version's
// page loads the release that bench/js/package.json installs under the
// version's package name.
func TestHTMXPlanFiles(t *testing.T) {
	p, err := NewPlan([]int{1_000}, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := p.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	var plan struct {
		HTMX HTMXTest `json:"htmx"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &plan); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(NewHTMXTest(), plan.HTMX); diff != "" {
		t.Errorf("plan.json's htmx mismatch (-want +got):\n%s", diff)
	}
	if got, err := os.ReadFile(filepath.Join(dir, plan.HTMX.Rows)); err != nil || !bytes.Equal(got, plan.HTMX.Answer()) {
		t.Errorf("%s: %v", plan.HTMX.Rows, err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	jsDir, err := FindJSDir(wd)
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if data, err = os.ReadFile(filepath.Join(jsDir, "package.json")); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	for _, v := range plan.HTMX.Versions {
		page, err := os.ReadFile(filepath.Join(dir, v.Page))
		if err != nil {
			t.Fatal(err)
		}
		if want := `<script src="/htmx-` + v.Release + `.min.js">`; !bytes.Contains(page, []byte(want)) {
			t.Errorf("%s does not load %s: %s", v.Page, want, page)
		}
		if got, want := pkg.Dependencies[v.Package], "npm:htmx.org@"+v.Release; got != want {
			t.Errorf("bench/js/package.json installs %s as %q, want %q", v.Package, got, want)
		}
	}
}
