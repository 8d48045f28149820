package vdom

import (
	"strings"
	"testing"
)

// TestNoTemplateNoTable: a page without templates never makes the side
// table of template contents, whatever is done to it, so the parser,
// serialization, cloning and adoption take their plain paths; the first
// template makes it.
func TestNoTemplateNoTable(t *testing.T) {
	d := ParseString(`<!DOCTYPE html><ul id=l><li>a<svg><template><g/></template></svg></li></ul>`)
	other := NewDocument()
	l := d.GetElementByID("l")
	steps := []struct {
		name string
		run  func() error
	}{
		{"SetInnerHTML", func() error { return l.SetInnerHTML(`<li id=b>b</li>`) }},
		{"InsertAdjacentHTML", func() error { return l.InsertAdjacentHTML(BeforeEnd, `<li>c</li>`) }},
		{"ParseFragment", func() error { _, err := d.ParseFragmentString(`<p>p</p>`, nil); return err }},
		{"OuterHTML", func() error { _ = d.OuterHTML(); return nil }},
		{"CloneNode", func() error { _ = l.CloneNode(true); return nil }},
		{"CloneDocument", func() error { _ = d.CloneDocument(true); return nil }},
		{"ImportNode", func() error { _, err := other.ImportNode(l, true); return err }},
		{"CreateElement(template)", func() error { _, err := d.CreateElement("template"); return err }},
	}
	for _, s := range steps {
		if err := s.run(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if d.tmpl != nil || other.tmpl != nil {
			t.Fatalf("after %s the document has a template table", s.name)
		}
	}
	if err := l.SetInnerHTML(`<li><template>t</template></li>`); err != nil {
		t.Fatal(err)
	}
	if d.tmpl == nil || !strings.Contains(d.OuterHTML(), "<template>t</template>") {
		t.Errorf("the first template made no table, or lost its contents: %s", d.OuterHTML())
	}
}
