// Package query finds elements of a vdom document as a user finds them: by
// role and accessible name, by label text, placeholder, text, display value,
// alt text, title and test id. Each query comes in four forms: Get (exactly
// one, else an error), Query (zero or one), All (one or more) and QueryAll
// (any number), scoped to any element.
//
// A failing Get says what it looked for and shows what is there: the
// candidates' roles and names for role queries, and a readable, truncated
// print of the subtree (Pretty).
package query
