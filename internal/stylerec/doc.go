// Package stylerec is test support: it reads the style recordings of
// vdom/testdata/style (README.md there gives their format), the pages,
// Chromium's answers for them and the sheets they link, as the recorder
// served them, for the replays of css, vdom, a11y and internal/unseen,
// and the framework sheets for benchmarks. It imports nothing of the
// module, so that css's own tests may use it; internal/styledoc makes
// documents of the pages.
//
// Files:
//   - stylerec.go: where the recordings are, their pages and sheets;
//   - recording.go: the recording of one page.
package stylerec
