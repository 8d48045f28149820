package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestImportNode(t *testing.T) {
	src := treeDoc(t, `<!DOCTYPE html><body><div id="x" class="c"><p id="y">t</p><input id="i"></div>`)
	x := treeEl(t, src, "x")
	treeNoErr(t, "SetValue", treeEl(t, src, "i").SetValue("typed"))
	tests := []struct {
		name    string
		node    *vdom.Node
		deep    bool
		wantErr error
		want    string
	}{
		{name: "deep", node: x, deep: true, want: `<div id="x" class="c"><p id="y">t</p><input id="i"></div>`},
		{name: "shallow", node: x, want: `<div id="x" class="c"></div>`},
		{name: "text", node: treeEl(t, src, "y").FirstChild(), want: `t`},
		{name: "document is NotSupported", node: &src.Node, wantErr: vdom.ErrNotSupported},
		{name: "nil is Type", node: nil, wantErr: vdom.ErrType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := treeDoc(t, `<!DOCTYPE html><body>`)
			got, err := dst.ImportNode(tt.node, tt.deep)
			if tt.wantErr != nil {
				treeWantErr(t, err, tt.wantErr)
				return
			}
			treeNoErr(t, "ImportNode", err)
			if got.OwnerDocument() != dst || got.ParentNode() != nil {
				t.Errorf("the copy belongs to %v with parent %v, want the importing document and none", got.OwnerDocument(), got.ParentNode())
			}
			treeNoErr(t, "Append", dst.Body().Append(got))
			checkTree(t, dst)
			treeDiff(t, "body", tt.want, dst.Body().InnerHTML())
			treeDiff(t, "source unchanged", `<div id="x" class="c"><p id="y">t</p><input id="i"></div>`, src.Body().InnerHTML())
		})
	}
	t.Run("form state is copied", func(t *testing.T) {
		dst := treeDoc(t, `<!DOCTYPE html><body>`)
		got, err := dst.ImportNode(x, true)
		treeNoErr(t, "ImportNode", err)
		treeNoErr(t, "Append", dst.Body().Append(got))
		treeDiff(t, "value", "typed", dst.GetElementByID("i").Value())
	})
}

func TestAdoptNode(t *testing.T) {
	tests := []struct {
		name    string
		node    func(src *vdom.Document) *vdom.Node
		wantErr error
		srcBody string
	}{
		{name: "connected element", node: func(src *vdom.Document) *vdom.Node { return src.GetElementByID("x") }, srcBody: `<p id="z"></p>`},
		{name: "detached element", node: func(src *vdom.Document) *vdom.Node { n, _ := src.CreateElement("b"); return n }, srcBody: `<div id="x"><p id="y">t</p></div><p id="z"></p>`},
		{name: "document is NotSupported", node: func(src *vdom.Document) *vdom.Node { return &src.Node }, wantErr: vdom.ErrNotSupported, srcBody: `<div id="x"><p id="y">t</p></div><p id="z"></p>`},
		{name: "nil is Type", node: func(*vdom.Document) *vdom.Node { return nil }, wantErr: vdom.ErrType, srcBody: `<div id="x"><p id="y">t</p></div><p id="z"></p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := treeDoc(t, `<!DOCTYPE html><body><div id="x"><p id="y">t</p></div><p id="z">`)
			dst := treeDoc(t, `<!DOCTYPE html><body>`)
			node := tt.node(src)
			got, err := dst.AdoptNode(node)
			checkTree(t, src)
			treeDiff(t, "source body", tt.srcBody, src.Body().InnerHTML())
			if tt.wantErr != nil {
				treeWantErr(t, err, tt.wantErr)
				return
			}
			treeNoErr(t, "AdoptNode", err)
			if got != node || got.OwnerDocument() != dst || got.ParentNode() != nil {
				t.Errorf("AdoptNode returned %v of %v with parent %v, want the node, of dst, detached", got, got.OwnerDocument(), got.ParentNode())
			}
			treeNoErr(t, "Append", dst.Body().Append(got))
			checkTree(t, dst)
		})
	}
	t.Run("listeners move with the node", func(t *testing.T) {
		src := treeDoc(t, `<!DOCTYPE html><body><div id="x"><p id="y">t</p></div>`)
		dst := treeDoc(t, `<!DOCTYPE html><body>`)
		y := treeEl(t, src, "y")
		calls := 0
		y.AddEventListener("ping", vdom.NewListener(func(*vdom.Event) { calls++ }))
		if _, err := dst.AdoptNode(treeEl(t, src, "x")); err != nil {
			t.Fatal(err)
		}
		if _, err := y.DispatchEvent(vdom.NewEvent("ping")); err != nil {
			t.Fatal(err)
		}
		treeDiff(t, "calls", 1, calls)
	})
}
