package scenario

import (
	"fmt"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/vdom"
)

// describe names an element for people; see elname.Of.
func describe(n *vdom.Node) string { return elname.Of(n) }

// describeValue names a handler argument for a trace: elements as above,
// units by name, other values as they print.
func describeValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case *vdom.Node:
		return describe(v)
	case *vdom.Document:
		return "document"
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}
