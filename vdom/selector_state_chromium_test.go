package vdom_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// chromiumStatePage and chromiumStateWant are a page and what Chromium
// 156 (headless) returned for document.querySelectorAll of each
// pseudo-class on it, written as the ids (or local names) of the matches
// (the page with a script that printed them, run with chromium --headless
// --dump-dom).
// They pin the cases where Chromium departs from the letter of HTML
// §4.16.3 (see docs/html.md).
const chromiumStatePage = `<!DOCTYPE html><html><body>
<form id="f">
<input id="t1" placeholder="">
<input id="t2" placeholder=" ">
<input id="cb" type="checkbox" readonly>
<button id="b">b</button>
<input id="img" type="image">
<input id="r0" type="radio">
<input id="d1" type="date" min="2020-01-01" value="bogus">
<input id="n1" type="number" min="5" value="1" readonly>
<input id="h" type="hidden" required>
<select id="s"><option id="o1">a</option></select>
<fieldset id="fs"><legend id="lg">x</legend></fieldset>
<output id="out"></output>
<textarea id="ta" readonly></textarea>
<input id="rq-range" type="range" required>
<input id="rq-cb" type="checkbox" required>
<input id="rq-file" type="file" required>
<input id="rq-submit" type="submit" required>
<input id="ph-date" type="date" placeholder="x">
<input id="ph-num" type="number" placeholder="x">
<textarea id="ph-ta" placeholder="">x</textarea>
<input id="em" type="email" value="nope">
<input id="n2" type="number" max="3" value="5">
</form>
<form id="empty"></form>
<link id="lnk" href="/x" rel="help">
<a id="a1" href="">a</a>
<svg id="svg"><a id="sa" href="/z"><text id="tx">t</text></a></svg>
<math id="m"><mi id="mi">x</mi></math>
<div id="ce" contenteditable><p id="cep">p</p><input id="cei"></div>
<progress id="pr"></progress>
</body></html>`

var chromiumStateWant = map[string]string{
	":checked":           "o1",
	":indeterminate":     "r0,pr",
	":disabled":          "",
	":enabled":           "t1,t2,cb,b,img,r0,d1,n1,h,s,o1,fs,ta,rq-range,rq-cb,rq-file,rq-submit,ph-date,ph-num,ph-ta,em,n2,cei",
	":required":          "rq-cb,rq-file",
	":optional":          "t1,t2,cb,b,img,r0,d1,n1,h,s,ta,rq-range,rq-submit,ph-date,ph-num,ph-ta,em,n2,cei",
	":valid":             "t1,t2,b,r0,d1,s,fs,rq-range,rq-submit,ph-date,ph-num,ph-ta,empty,cei",
	":invalid":           "f,rq-cb,rq-file,em,n2",
	":in-range":          "d1,rq-range,ph-date,ph-num",
	":out-of-range":      "n2",
	":read-only":         "html,head,body,f,cb,b,img,r0,n1,h,s,o1,fs,lg,out,ta,rq-range,rq-cb,rq-file,rq-submit,empty,lnk,a1,pr",
	":read-write":        "t1,t2,d1,ph-date,ph-num,ph-ta,em,n2,ce,cep,cei",
	":placeholder-shown": "t1,t2,ph-num",
	":default":           "b",
	":any-link":          "a1,sa",
	":link":              "a1,sa",
}

func TestSelectorStateAsChromium(t *testing.T) {
	d := vdom.ParseString(chromiumStatePage)
	assertStateQueries(t, d, chromiumStateWant)
}

// chromiumChangesPage, chromiumChange and chromiumChangesWant are a page,
// the changes a script made to it, and what Chromium 156 returned for
// each pseudo-class afterwards; vdom makes the same changes through its
// API.
const chromiumChangesPage = `<!DOCTYPE html><html><body>
<form id="f"><input id="a" type="checkbox" checked><input id="b" type="checkbox"><input id="r1" type="radio" name="g" checked><input id="r2" type="radio" name="g">
<select id="s"><option id="o1" selected>x</option><option id="o2">y</option></select>
<input id="t" required value="v" placeholder="p"><input id="n" type="number" min="0" max="5">
<fieldset id="fs"><input id="in"></fieldset><input id="c"></form>
</body></html>`

// chromiumChange is, in Chromium: a.checked = false; b.checked = true;
// b.indeterminate = true; r2.checked = true; s.selectedIndex = 1;
// t.value = ”; n.value = '9'; fs.disabled = true;
// c.setCustomValidity('x').
func chromiumChange(t *testing.T, d *vdom.Document) {
	t.Helper()
	get := func(id string) *vdom.Node { return stateByID(t, d, id) }
	get("a").SetChecked(false)
	get("b").SetChecked(true)
	get("b").SetIndeterminate(true)
	get("r2").SetChecked(true)
	get("s").SetSelectedIndex(1)
	if err := get("t").SetValue(""); err != nil {
		t.Fatal(err)
	}
	if err := get("n").SetValue("9"); err != nil {
		t.Fatal(err)
	}
	get("fs").SetDisabled(true)
	get("c").SetCustomValidity("x")
}

var chromiumChangesWant = map[string]string{
	":checked":           "r2,o2",
	":default":           "a,r1,o1",
	":indeterminate":     "b",
	":invalid":           "f,t,n,c",
	":valid":             "a,b,r1,r2,s,fs",
	":in-range":          "",
	":out-of-range":      "n",
	":placeholder-shown": "t",
	":disabled":          "fs,in",
	":enabled":           "a,b,r1,r2,s,o1,o2,t,n,c",
	":read-write":        "t,n,c",
}

func TestSelectorStateAsChromiumAfterChanges(t *testing.T) {
	d := vdom.ParseString(chromiumChangesPage)
	chromiumChange(t, d)
	assertStateQueries(t, d, chromiumChangesWant)
}

// chromiumDisabledPage and chromiumDisabledWant: disabled selects,
// fieldsets and their legends, default buttons, editing hosts and
// datalists, with Chromium 156's answers.
const chromiumDisabledPage = `<!DOCTYPE html><html><body>
<select id="s" disabled><option id="o">x</option></select>
<fieldset id="fs1" disabled><legend id="lg"><fieldset id="fs2"><input id="i1"></fieldset></legend><fieldset id="fs3"><input id="i2"></fieldset></fieldset>
<form id="f"><button id="bd" disabled>x</button><input id="s2" type="submit"></form>
<div contenteditable><input id="ro" readonly><span id="sp" contenteditable="false"><b id="bb">x</b></span><i id="ii" contenteditable="bogus">y</i></div>
<datalist id="dl"><input id="indl" required></datalist>
</body></html>`

var chromiumDisabledWant = map[string]string{
	":disabled":   "s,o,fs1,fs3,i2,bd",
	":enabled":    "fs2,i1,s2,ro,indl",
	":default":    "bd",
	":read-write": "i1,div,ii,indl",
	":valid":      "fs1,fs2,i1,fs3,f,s2",
	":invalid":    "",
}

func TestSelectorStateAsChromiumDisabled(t *testing.T) {
	d := vdom.ParseString(chromiumDisabledPage)
	assertStateQueries(t, d, chromiumDisabledWant)
}

// assertStateQueries runs each pseudo-class of want on d and compares the
// elements found, named by id (by tag name without one), with Chromium's.
func assertStateQueries(t *testing.T, d *vdom.Document, want map[string]string) {
	t.Helper()
	for pc, want := range want {
		t.Run(pc, func(t *testing.T) {
			got, err := d.QuerySelectorAll(pc)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, n := range got {
				name := n.ID()
				if name == "" {
					name = n.LocalName()
				}
				names = append(names, name)
			}
			if diff := cmp.Diff(want, strings.Join(names, ",")); diff != "" {
				t.Errorf("QuerySelectorAll(%q) mismatch (-Chromium +vdom):\n%s", pc, diff)
			}
		})
	}
}
