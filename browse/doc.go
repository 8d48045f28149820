// Package browse loads pages over HTTP into vdom documents, as a browser
// window does: a Session opens a URL, follows redirects, keeps cookies and
// history, makes units of the page (Options.Definitions), and follows the
// navigations the page asks for (links, form submissions) when a test
// clicks or submits.
//
// A session serves its requests either with an http.Handler in process
// (Options.Handler: no network, no server) or with an http.Client to a
// real server (Options.BaseURL, Options.Client).
//
//	sess, err := browse.New(browse.Options{Handler: mux})
//	page, err := sess.Open(ctx, "/login")
//	...
//	err = userevent.Click(page.Document().QuerySelector("button"))
//	// sess.Page() is now the page the form's submission loaded.
package browse
