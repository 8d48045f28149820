package contacts

import (
	"bytes"
	"html/template"
	"log"
	"net/http"
)

// The templates. Every hx- attribute is on the element that uses it, so
// that the page means the same to htmx 2, which inherits hx-target and
// hx-swap from ancestors, and to htmx 4, which does not.
const templates = `
{{define "page"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Contacts</title>
<script src="https://unpkg.com/htmx.org@{{.HTMX}}/dist/htmx.min.js"></script>
</head>
<body>
<h1>Contacts</h1>
<label for="search">Search</label>
<input id="search" type="search" name="q" value="{{.Query}}" placeholder="Name or email"
  hx-get="/contacts" hx-trigger="input changed delay:300ms, search" hx-target="#rows"
  hx-push-url="true" hx-indicator="#searching">
<span id="searching" class="htmx-indicator">Searching…</span>
<form id="bulk">
<table>
<thead><tr><th>Select</th><th>Name</th><th>Email</th><th>Status</th><th>Actions</th></tr></thead>
<tbody id="rows">{{template "rows" .}}</tbody>
</table>
<button type="button" hx-put="/contacts/activate" hx-target="#status">Activate</button>
<button type="button" hx-put="/contacts/deactivate" hx-target="#status">Deactivate</button>
</form>
<p id="status" role="status"></p>
</body>
</html>
{{end}}

{{define "rows"}}{{range .Rows}}{{template "row" .}}{{end}}
{{- if .Next}}
<tr id="more"><td colspan="5"><button type="button" hx-get="/contacts?page={{.Next}}&amp;q={{.Query}}" hx-target="#more" hx-swap="outerHTML">Load more</button></td></tr>
{{- end}}{{end}}

{{define "row"}}
<tr id="contact-{{.ID}}"{{if .Changed}} class="changed" hx-swap-oob="true"{{end}}>
<td><input type="checkbox" name="ids" value="{{.ID}}" aria-label="Select {{.Name}}"></td>
<td>{{.Name}}</td>
<td>{{.Email}}</td>
<td>{{if .Active}}Active{{else}}Inactive{{end}}</td>
<td><button type="button" aria-label="Edit {{.Name}}" hx-get="/contacts/{{.ID}}/edit" hx-target="closest tr" hx-swap="outerHTML">Edit</button>
<button type="button" aria-label="Delete {{.Name}}" hx-delete="/contacts/{{.ID}}" hx-confirm="Delete {{.Name}}?" hx-target="closest tr" hx-swap="outerHTML swap:200ms">Delete</button></td>
</tr>{{end}}

{{define "edit"}}
<tr id="contact-{{.ID}}" class="editing">
<td></td>
<td><input name="name" value="{{.Name}}" aria-label="Name"></td>
<td><input name="email" type="email" value="{{.Email}}" aria-label="Email"{{if .Error}} aria-invalid="true" aria-describedby="error-{{.ID}}"{{end}}>
{{- with .Error}} <span id="error-{{$.ID}}" role="alert">{{.}}</span>{{end}}</td>
<td>{{if .Active}}Active{{else}}Inactive{{end}}</td>
<td><button type="button" hx-put="/contacts/{{.ID}}" hx-include="closest tr" hx-target="closest tr" hx-swap="outerHTML">Save</button>
<button type="button" hx-get="/contacts/{{.ID}}" hx-target="closest tr" hx-swap="outerHTML">Cancel</button></td>
</tr>{{end}}

{{define "bulk"}}{{.Status}}{{range .Rows}}{{template "row" .}}{{end}}{{end}}
`

var tmpl = template.Must(template.New("contacts").Parse(templates))

// listView is what the page and the rows show.
type listView struct {
	HTMX  string
	Query string
	Rows  []Contact
	// Next is the number of the next page, 0 when there is none.
	Next int
}

// editView is a row of fields and what is wrong with them.
type editView struct {
	Contact
	Error string
}

// bulkView is the answer of a bulk update.
type bulkView struct {
	Status string
	Rows   []Contact
}

// render writes the template name with data; the page is rendered whole
// before anything is written, so that a failing template gives a 500.
func (a *App) render(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := tmpl.ExecuteTemplate(&b, name, data); err != nil {
		log.Printf("contacts: template %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = b.WriteTo(w)
}
