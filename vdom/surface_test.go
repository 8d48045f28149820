package vdom_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// The sentinels are constants: a program cannot reassign them. (This
// declaration does not compile if one of them is a variable.)
const (
	_ = vdom.ErrHierarchyRequest
	_ = vdom.ErrNotFound
	_ = vdom.ErrInvalidState
	_ = vdom.ErrInvalidCharacter
	_ = vdom.ErrSyntax
	_ = vdom.ErrNotSupported
	_ = vdom.ErrType
	_ = vdom.ErrAbort
	_ = vdom.ErrNestingLimit
	_ = vdom.ErrRejected
	_ = vdom.ErrTreeTooLarge
)

func TestSentinels(t *testing.T) {
	for _, s := range []error{
		vdom.ErrHierarchyRequest, vdom.ErrNotFound, vdom.ErrInvalidState, vdom.ErrInvalidCharacter,
		vdom.ErrSyntax, vdom.ErrNotSupported, vdom.ErrType, vdom.ErrAbort, vdom.ErrNestingLimit,
		vdom.ErrRejected, vdom.ErrTreeTooLarge,
	} {
		if !strings.HasPrefix(s.Error(), "vdom: ") {
			t.Errorf("sentinel %q does not start with the package name", s)
		}
	}
	// A DOMError matches the constant of its kind, also wrapped, and no
	// other kind.
	err := fmt.Errorf("context: %w", &vdom.DOMError{Name: vdom.ErrNotFound, Message: "x"})
	if !errors.Is(err, vdom.ErrNotFound) || errors.Is(err, vdom.ErrSyntax) {
		t.Errorf("errors.Is on a wrapped NotFoundError is wrong")
	}
	if _, err := vdom.ParseString(`<p>`).Body().QuerySelector("p["); !errors.Is(err, vdom.ErrSyntax) {
		t.Errorf("a bad selector: %v, want ErrSyntax", err)
	}
}

// Plumbing for the module's other packages is not part of vdom's API: it
// lives in internal/domext or in tests.
func TestPlumbingNotExported(t *testing.T) {
	if _, ok := reflect.TypeFor[*vdom.Event]().MethodByName("RunPassive"); ok {
		t.Errorf("*vdom.Event exports RunPassive")
	}
	// The Document's Value and SetValue are the form control's, promoted
	// from Node, not the per-document key-value store.
	doc := reflect.TypeFor[*vdom.Document]()
	for name, want := range map[string]reflect.Type{
		"Value":    reflect.TypeFor[func(*vdom.Document) string](),
		"SetValue": reflect.TypeFor[func(*vdom.Document, string) error](),
	} {
		if m, ok := doc.MethodByName(name); ok && m.Type != want {
			t.Errorf("(*vdom.Document).%s is %v, want the promoted %v", name, m.Type, want)
		}
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pkgs["vdom"].Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && (d.Name.Name == "Dispatch") {
					t.Errorf("vdom exports %s", d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if v, ok := s.(*ast.ValueSpec); ok {
						for _, n := range v.Names {
							if n.Name == "ErrWrongDocument" {
								t.Errorf("vdom declares %s, which nothing returns", n.Name)
							}
							if d.Tok == token.VAR && strings.HasPrefix(n.Name, "Err") && n.IsExported() {
								t.Errorf("sentinel %s is a variable", n.Name)
							}
						}
					}
				}
			}
		}
	}
}
