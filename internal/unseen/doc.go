// Package unseen says, for an error message, why a user does not see an
// element or cannot reach it with the pointer: which element causes it
// (the element itself or an ancestor) and which rule, with the
// declaration, its selector, sheet and line as css.Source names them
// ("its ancestor #menu has display: none from `.d-none` in <style> #1,
// line 4"). userevent's refusals and vdomtest's visibility assertions
// word their messages with it, so both explain a hidden element the same
// way.
//
// Each of NotRendered, Invisible, NoPointerEvents, Transparent and Hidden
// answers one question and returns "" when it does not apply (HitInstead
// finds the element a pointer reaches instead of one it passes over); the reasons are clauses whose subject is "it" (the element) or
// "its ancestor <name>", named by internal/elname. They read the computed
// styles of the element's document (vdom.Document.GetComputedStyle), so
// they see the page's style sheets and every change made so far.
//
// Files: unseen.go (the questions), rule.go (the wording of a rule and of
// the element that declares it).
package unseen
