package notes

import (
	"bytes"
	"html/template"
	"log"
	"net/http"
)

// layout is the frame of every page: the header with the way home and,
// for a signed-in user, the sign-out button; a one-time message; the page.
const layout = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{{.Title}} · Notes</title></head>
<body>
<header>
  <nav aria-label="Site"><a href="/">All notes</a></nav>
  {{- with .User}}
  <form method="post" action="/logout"><span>Signed in as {{.}}</span> <button>Sign out</button></form>
  {{- end}}
</header>
<main>
{{- with .Flash}}
  <p role="status">{{.}}</p>
{{- end}}
{{template "content" .Data}}
</main>
</body>
</html>
`

// field is the note's text field, with the character counter around it.
// The markup says what the browser can check (required, maxlength); the
// server checks again and says what went wrong next to the field.
const field = `{{define "field"}}
  <char-count>
    <input id="text" name="text" required maxlength="{{.Max}}" value="{{.Text}}"
      aria-describedby="text-count{{if .Error}} text-error{{end}}"{{if .Error}} aria-invalid="true" autofocus{{end}}>
    <small id="text-count" data-count></small>
  </char-count>
  {{- with .Error}}
  <p id="text-error" role="alert">{{.}}</p>
  {{- end}}
{{- end}}`

var pages = map[string]string{
	"login": `{{define "content"}}<h1>Sign in</h1>
{{- with .Error}}
<p role="alert">{{.}}</p>
{{- end}}
<form method="post" action="/login">
  <input type="hidden" name="next" value="{{.Next}}">
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="username" required value="{{.Name}}">
  <label for="password">Password</label>
  <input id="password" type="password" name="password" autocomplete="current-password" required>
  <button>Sign in</button>
</form>{{end}}`,

	"list": `{{define "content"}}<h1>Notes</h1>
<form role="search" method="get" action="/">
  <label for="q">Search</label>
  <input type="search" id="q" name="q" value="{{.Query}}">
  <button>Search</button>
</form>
<form method="post" action="/items">
  <label for="text">New note</label>
  {{- template "field" .Field}}
  <button>Add</button>
</form>
{{- if .Notes}}
<ul aria-label="Notes">
  {{- range .Notes}}
  <li>
    <a href="/items/{{.ID}}/edit">{{.Text}}</a>
    <confirm-submit data-confirm="Really remove {{.Text}}?">
      <form method="post" action="/items/{{.ID}}/delete"><button aria-label="Remove {{.Text}}">Remove</button></form>
    </confirm-submit>
  </li>
  {{- end}}
</ul>
<p><a href="/notes.txt" download>Download the notes</a></p>
{{- else if .Query}}
<p>No note has &#34;{{.Query}}&#34; in it. <a href="/">Show all notes</a></p>
{{- else}}
<p>No notes yet.</p>
{{- end}}{{end}}`,

	"edit": `{{define "content"}}<h1>Edit note</h1>
<form method="post" action="/items/{{.ID}}">
  <label for="text">Text</label>
  {{- template "field" .Field}}
  <button>Save</button>
  <a href="/">Cancel</a>
</form>{{end}}`,

	"notfound": `{{define "content"}}<h1>Not found</h1>
<p>{{.}}</p>
<p><a href="/">Back to the notes</a></p>{{end}}`,
}

// templates are the pages, each the layout with its own content.
var templates = func() map[string]*template.Template {
	base := template.Must(template.New("layout").Parse(layout + field))
	out := make(map[string]*template.Template, len(pages))
	for name, content := range pages {
		out[name] = template.Must(template.Must(base.Clone()).Parse(content))
	}
	return out
}()

// view is what the layout shows around a page's own data.
type view struct {
	Title string
	User  string
	Flash string
	Data  any
}

// fieldView is the data of the text field.
type fieldView struct {
	Text  string
	Error string
	Max   int
}

// render writes page with status. The page is executed into a buffer
// first, so that a template error becomes a 500 and not half a page.
func render(w http.ResponseWriter, status int, page string, v view) {
	var buf bytes.Buffer
	if err := templates[page].Execute(&buf, v); err != nil {
		log.Printf("notes: page %s: %v", page, err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}
