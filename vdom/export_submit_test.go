package vdom

// ImplicitSubmissionForTest runs implicit submission from the field n, for
// the tests of package vdom_test.
func ImplicitSubmissionForTest(n *Node) error { return n.implicitSubmission() }
