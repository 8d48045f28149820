package vdom

// ImplicitSubmissionForTest runs implicit submission from the field n, for
// the tests of package vdom_test.
func ImplicitSubmissionForTest(n *Node) error { return n.implicitSubmission() }

// DispatchForTest dispatches e with t as its target, for the tests of types
// that embed Target and need their own value as the target.
func DispatchForTest(t EventTarget, e *Event) (bool, error) { return dispatch(t, e) }
