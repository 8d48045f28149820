package selector_test

import "github.com/eventperk/eventperk-go/selector"

// ErrSyntax is a constant: this does not compile if it is a variable.
const _ = selector.ErrSyntax
