package selector_test

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// testPage is the document most tests query. Every element a test expects
// back has an id, so results compare as lists of ids.
const testPage = `<!DOCTYPE html>
<html><head><title>t</title></head>
<body id="body">
 <div id="outer" class="box">
  <section id="root" class="x">
   <ul id="list">
    <li id="li1" class="item first">one <a id="a1" href="/1">1</a></li>
    <li id="li2" class="item"><span id="s1">two</span>
     <ul id="inner"><li id="li3" class="item nested"><span id="s2">x</span></li></ul>
    </li>
    <!-- a comment between siblings -->
    <li id="li4" data-role="last" title="a,b"><a id="a2" href="/4">4</a></li>
   </ul>
   <span id="s3">direct</span>
   <form id="form">
    <input id="cb1" type="checkbox" checked>
    <input id="t1" type="text">
    <input id="cb2" type="checkbox">
   </form>
  </section>
 </div>
 <p id="after">after <span id="s4">s</span></p>
</body></html>`

func parseHTML(t testing.TB, src string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return doc
}

// byID finds an element by id for test setup, failing the test if absent.
func byID(t testing.TB, doc *html.Node, id string) *html.Node {
	t.Helper()
	if id == "#document" {
		return doc
	}
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && attr(n, "id") == id {
			return n
		}
	}
	t.Fatalf("no element with id %q", id)
	return nil
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// labels names nodes by id, or by tag when they have none.
func labels(nodes []*html.Node) []string {
	out := []string{}
	for _, n := range nodes {
		out = append(out, label(n))
	}
	return out
}

func label(n *html.Node) string {
	if n == nil {
		return "<nil>"
	}
	if n.Type == html.DocumentNode {
		return "#document"
	}
	if id := attr(n, "id"); id != "" {
		return id
	}
	return n.Data
}

// elements returns every element below root in tree order, by brute force.
func elements(root *html.Node) []*html.Node {
	var out []*html.Node
	for n := range root.Descendants() {
		if n.Type == html.ElementNode {
			out = append(out, n)
		}
	}
	return out
}
