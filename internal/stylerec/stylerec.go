package stylerec

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Origin is where the recorder served the pages: page <name> is Origin +
// name, and its sheets are under Origin + "sheets/".
const Origin = "http://" + originHost + "/"

const originHost = "eventperk.test"

// styleDir is the recordings' directory in the module.
const styleDir = "vdom/testdata/style"

// moduleRoot finds the module's directory from the test's working
// directory (the directory of the package under test), so that the
// recordings are found from a test of any package.
var moduleRoot = sync.OnceValues(func() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("stylerec: no go.mod above the working directory")
		}
		dir = up
	}
})

// Dir returns the directory of the recordings, vdom/testdata/style.
func Dir(t testing.TB) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, filepath.FromSlash(styleDir))
}

// Names lists the recorded pages; it fails the test when there
// are none.
func Names(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(t), "recorded", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no recordings in %s", Dir(t))
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(filepath.Base(f), ".json")
	}
	return names
}

// Load reads the recording of page name.
func Load(t testing.TB, name string) *Recording {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(t), "recorded", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec := &Recording{}
	if err := json.Unmarshal(b, rec); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rec
}

// Page returns the document of page name as the recorder loaded it: the
// file when it is a whole document (it starts with <!doctype or <html,
// after white space), else the file as the body of the recorder's
// document.
func Page(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(t), "pages", name+".html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if head := strings.ToLower(strings.TrimSpace(page)); !strings.HasPrefix(head, "<!doctype") && !strings.HasPrefix(head, "<html") {
		page = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>style</title></head><body>` + page + `</body></html>`
	}
	return page
}

// SheetFile reads the file of sheets/, such as bootstrap.min.css.
func SheetFile(t testing.TB, file string) []byte {
	t.Helper()
	b, err := ReadSheet(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ReadSheet reads the file of sheets/ named file, a name without a
// directory, for loaders, which have no test to fail.
func ReadSheet(file string) ([]byte, error) {
	if file == "" || strings.ContainsAny(file, `/\`) {
		return nil, fmt.Errorf("stylerec: %q is not a file of sheets/", file)
	}
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(root, filepath.FromSlash(styleDir), "sheets", file))
}

// Sheet answers a request for u as the recorder's server did: a file of
// sheets/ at Origin's host, /sheets/<file>, as text/css when its name
// ends in .css and as text/plain otherwise; any other URL, or a missing
// file, is an error (the server's 404).
func Sheet(u string) (body []byte, contentType string, err error) {
	notFound := fmt.Errorf("%s: 404 not found", u)
	pu, err := url.Parse(u)
	if err != nil || pu.Host != originHost || !strings.HasPrefix(pu.Path, "/sheets/") {
		return nil, "", notFound
	}
	file := strings.TrimPrefix(pu.Path, "/sheets/")
	body, err = ReadSheet(file)
	if err != nil {
		return nil, "", notFound
	}
	contentType = "text/plain"
	if strings.HasSuffix(file, ".css") {
		contentType = "text/css"
	}
	return body, contentType, nil
}
