package htmx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
)

// The scenarios of testdata/scenarios and the recordings of
// testdata/recorded (formats in testdata/README.md), read for the replay
// test.

// scenario is one scenario file, its per-version fields still raw.
type scenario struct {
	Name        string                     `json:"-"`
	Description string                     `json:"description"`
	Versions    []string                   `json:"versions"`
	URL         string                     `json:"url"`
	Config      json.RawMessage            `json:"config"`
	Extensions  json.RawMessage            `json:"extensions"`
	HTML        json.RawMessage            `json:"html"`
	Responses   json.RawMessage            `json:"responses"`
	Steps       json.RawMessage            `json:"steps"`
	Extra       map[string]json.RawMessage `json:"-"`
}

// cannedResponse is one answer of a scenario's server.
type cannedResponse struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
	Hold    bool              `json:"hold"`
	Fail    bool              `json:"fail"`
}

// step is one step of a scenario.
type step struct {
	Action  string          `json:"action"`
	On      string          `json:"on"`
	Text    string          `json:"text"`
	Clear   bool            `json:"clear"`
	Key     string          `json:"key"`
	Value   json.RawMessage `json:"value"`
	Files   []stepFile      `json:"files"`
	Event   string          `json:"event"`
	Detail  json.RawMessage `json:"detail"`
	Bubbles *bool           `json:"bubbles"`
	MS      int             `json:"ms"`
	To      string          `json:"to"`
	All     bool            `json:"all"`
	Dialog  *dialogAnswer   `json:"dialog"`
	Dialogs []dialogAnswer  `json:"dialogs"`
	raw     json.RawMessage
}

type stepFile struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

type dialogAnswer struct {
	Accept bool    `json:"accept"`
	Text   *string `json:"text"`
}

// recording is one recorded file.
type recording struct {
	Scenario string           `json:"scenario"`
	HTMX     string           `json:"htmx"`
	States   []map[string]any `json:"states"`
}

// versionKeys are the version keys of scenario files.
var versionKeys = map[string]Version{"2": V2, "4": V4}

// pick resolves a field that may differ per version.
func pick(raw json.RawMessage, v string) json.RawMessage {
	if len(raw) == 0 || raw[0] != '{' {
		return raw
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || len(m) == 0 {
		return raw
	}
	for k := range m {
		if _, ok := versionKeys[k]; !ok {
			return raw
		}
	}
	return m[v]
}

// loadScenarios reads every scenario, sorted by name.
func loadScenarios(t *testing.T) []*scenario {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	sort.Strings(files)
	var out []*scenario
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := &scenario{Name: strings.TrimSuffix(filepath.Base(f), ".json")}
		if err := json.Unmarshal(data, sc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(sc.Versions) == 0 {
			sc.Versions = []string{"2", "4"}
		}
		out = append(out, sc)
	}
	return out
}

// loadRecording reads the recording of sc for version v.
func loadRecording(t *testing.T, name, v string) *recording {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "recorded", name+".v"+v+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec := &recording{}
	if err := json.Unmarshal(data, rec); err != nil {
		t.Fatalf("%s.v%s: %v", name, v, err)
	}
	return rec
}

// steps returns the scenario's steps for v.
func (sc *scenario) steps(t *testing.T, v string) []step {
	t.Helper()
	raw := pick(sc.Steps, v)
	if len(raw) == 0 {
		return nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(raw, &raws); err != nil {
		t.Fatal(err)
	}
	out := make([]step, len(raws))
	for i, r := range raws {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			t.Fatal(err)
		}
		out[i].raw = r
	}
	return out
}

// responses returns the scenario's canned responses for v: each key's
// list of answers.
func (sc *scenario) responses(t *testing.T, v string) map[string][]cannedResponse {
	t.Helper()
	raw := pick(sc.Responses, v)
	out := map[string][]cannedResponse{}
	if len(raw) == 0 {
		return out
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for k, r := range m {
		if len(r) > 0 && r[0] == '[' {
			var list []cannedResponse
			if err := json.Unmarshal(r, &list); err != nil {
				t.Fatal(err)
			}
			out[k] = list
			continue
		}
		var one cannedResponse
		if err := json.Unmarshal(r, &one); err != nil {
			t.Fatal(err)
		}
		out[k] = []cannedResponse{one}
	}
	return out
}

// htmxSrc are the script paths of each version.
var htmxSrc = map[string]string{"2": "/htmx-2.0.11.min.js", "4": "/htmx-4.0.1.min.js"}
var htmxRelease = map[string]string{"2": "2.0.11", "4": "4.0.1"}

// tags is what goes into a scenario's page for v (scenario.mjs htmxTags).
func (sc *scenario) tags(v string) string {
	var b strings.Builder
	if cfg := pick(sc.Config, v); len(cfg) > 0 && string(cfg) != "null" {
		var compact bytes.Buffer
		_ = json.Compact(&compact, cfg)
		s := strings.NewReplacer("&", "&amp;", `"`, "&quot;").Replace(compact.String())
		b.WriteString(`<meta name="htmx-config" content="` + s + `">`)
	}
	b.WriteString(`<script src="` + htmxSrc[v] + `"></script>`)
	if ext := pick(sc.Extensions, v); len(ext) > 0 {
		var names []string
		_ = json.Unmarshal(ext, &names)
		for _, n := range names {
			b.WriteString(`<script src="/htmx-` + htmxRelease[v] + `/ext/` + n + `.js"></script>`)
		}
	}
	return b.String()
}

var wholeDocument = regexp.MustCompile(`(?i)^\s*(<!doctype|<html)`)
var headEnd = regexp.MustCompile(`(?i)</head>`)

// pageDocument is scenario.mjs's pageDocument.
func (sc *scenario) pageDocument(src, v string) string {
	tags := sc.tags(v)
	if strings.Contains(src, "{{htmx}}") {
		return strings.Replace(src, "{{htmx}}", tags, 1)
	}
	if wholeDocument.MatchString(src) {
		loc := headEnd.FindStringIndex(src)
		if loc != nil {
			return src[:loc[0]] + tags + src[loc[0]:]
		}
	}
	return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>scenario</title>` + tags + `</head><body>` + src + `</body></html>`
}

// html returns the scenario's html for v.
func (sc *scenario) html(v string) string {
	var s string
	_ = json.Unmarshal(pick(sc.HTML, v), &s)
	return s
}

// navigationAccept is the Accept browse sends for a navigation.
const navigationAccept = "text/html,application/xhtml+xml"

// wireRequest is what the handler saw of one request, as a recording
// lists it.
type wireRequest struct {
	Method     string         `json:"method"`
	URL        string         `json:"url"`
	Navigation bool           `json:"navigation,omitempty"`
	Headers    map[string]any `json:"headers"`
	Body       any            `json:"body,omitempty"`
	Status     int            `json:"status"`
	Unmatched  bool           `json:"unmatched,omitempty"`
	Failed     string         `json:"failed,omitempty"`
	key        string
}

// browserHeaders are the fields a recording leaves out.
var browserHeaders = map[string]bool{"user-agent": true, "accept-language": true, "accept-encoding": true, "referer": true,
	"origin": true, "connection": true, "host": true, "cookie": true, "upgrade-insecure-requests": true,
	"cache-control": true, "pragma": true, "content-length": true, "priority": true}

// server is a scenario's server: the page, the canned answers, a log.
type server struct {
	sc        *scenario
	v         string
	responses map[string][]cannedResponse
	served    map[string]int
	mu        sync.Mutex
	log       []*wireRequest
}

func newServer(t *testing.T, sc *scenario, v string) *server {
	return &server{sc: sc, v: v, responses: sc.responses(t, v), served: map[string]int{}}
}

// take returns the requests logged since the last take.
func (s *server) take() []*wireRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.log
	s.log = nil
	return out
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	nav := strings.HasPrefix(r.Header.Get("Accept"), navigationAccept)
	rec := &wireRequest{Method: r.Method, URL: "http://htmx.test" + r.URL.RequestURI(), Navigation: nav, Headers: map[string]any{}}
	for k, vs := range r.Header {
		name := strings.ToLower(k)
		if browserHeaders[name] || strings.HasPrefix(name, "sec-") || (name == "accept" && nav) {
			continue
		}
		rec.Headers[name] = strings.Join(vs, ", ")
	}
	if ct := r.Header.Get("Content-Type"); len(body) > 0 || r.Method != http.MethodGet && r.Method != http.MethodHead && !nav {
		if mt, params, err := mime.ParseMediaType(ct); err == nil && mt == "multipart/form-data" {
			rec.Headers["content-type"] = "multipart/form-data; boundary=BOUNDARY"
			rec.Body = map[string]any{"multipart": parseParts(body, params["boundary"])}
		} else if len(body) > 0 {
			rec.Body = string(body)
		}
	}
	s.mu.Lock()
	s.log = append(s.log, rec)
	s.mu.Unlock()
	page := s.sc.URL
	if page == "" {
		page = "/"
	}
	isPage := r.URL.RequestURI() == page
	var found *cannedResponse
	if !(isPage && nav) {
		for _, key := range []string{r.Method + " " + r.URL.RequestURI(), r.Method + " " + r.URL.Path} {
			list, ok := s.responses[key]
			if !ok {
				continue
			}
			s.mu.Lock()
			n := s.served[key]
			s.served[key] = n + 1
			s.mu.Unlock()
			c := list[min(n, len(list)-1)]
			found = &c
			rec.key = key
			break
		}
	}
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	switch {
	case found != nil && found.Fail:
		rec.Failed = "network error"
		panic(http.ErrAbortHandler)
	case found != nil:
		h.Set("Content-Type", "text/html; charset=utf-8")
		for k, v := range found.Headers {
			h.Set(k, v)
		}
		if found.Hold {
			h.Set("X-Replay-Hold", "1")
		}
		h.Set("X-Replay-Key", rec.key)
		status := found.Status
		if status == 0 {
			status = 200
		}
		rec.Status = status
		out := found.Body
		if nav && strings.Contains(h.Get("Content-Type"), "html") {
			out = s.sc.pageDocument(out, s.v)
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, out)
	case isPage && r.Method == http.MethodGet:
		rec.Status = 200
		h.Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, s.sc.pageDocument(s.sc.html(s.v), s.v))
	default:
		rec.Status = 404
		rec.Unmatched = true
		h.Set("Content-Type", "text/plain")
		w.WriteHeader(404)
	}
}

// parseParts lists a multipart body's parts as the recorder does.
func parseParts(body []byte, boundary string) []any {
	var out []any
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		part := map[string]any{}
		if n := p.FormName(); n != "" {
			part["name"] = n
		}
		if _, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition")); err == nil {
			if fn, ok := params["filename"]; ok {
				part["filename"] = fn
			}
		}
		if ct := p.Header.Get("Content-Type"); ct != "" {
			part["contentType"] = ct
		}
		data, _ := io.ReadAll(p)
		part["value"] = string(data)
		if _, isFile := part["filename"]; isFile {
			// The recorder reads parts from DevTools, which leaves file
			// contents out.
			part["value"] = ""
		}
		out = append(out, part)
	}
	return out
}

var _ = fmt.Sprint
