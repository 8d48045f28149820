// Package layers has no code of its own: its test keeps the module's
// packages to the layers that docs/architecture.md draws. That page's
// table lists the packages from the ground floor (its first rows) up, and
// a package may import only packages of the rows above its own. The test
// reads the table and the imports of every package's non-test files, and
// reports every import that goes to the same row or a row below, every
// package the table does not list, and every row that names no package.
// A second test (network_test.go) asks go list for the packages the rows
// above browse's depend on, through any module, and reports each that
// reaches the standard library's net package, with the chain of imports
// that leads there: the network stack (net/http, crypto/tls) is built
// and linked only by programs that load pages over HTTP.
package layers
