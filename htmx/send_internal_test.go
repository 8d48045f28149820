package htmx

import (
	"net/http"
	"testing"
)

// TestResponseText checks how each version reads a response's bytes:
// htmx 2 (XMLHttpRequest) by the Content-Type's charset, a byte order
// mark first; htmx 4 (fetch's text()) always as UTF-8, a UTF-8 byte
// order mark dropped.
func TestResponseText(t *testing.T) {
	latin := http.Header{"Content-Type": {"text/html; charset=iso-8859-1"}}
	for _, c := range []struct {
		v    Version
		h    http.Header
		body []byte
		want string
	}{
		{V2, latin, []byte("caf\xe9"), "café"},
		{V4, latin, []byte("caf\xe9"), "caf\ufffd"},
		{V2, http.Header{}, []byte("\xef\xbb\xbf<p>x</p>"), "<p>x</p>"},
		{V4, http.Header{}, []byte("\xef\xbb\xbf<p>x</p>"), "<p>x</p>"},
		{V2, latin, []byte("\xef\xbb\xbfcaf\xc3\xa9"), "café"},
		{V2, http.Header{}, []byte("\xff\xfeh\x00i\x00"), "hi"},
	} {
		e := &Engine{b: behaviours[c.v]}
		if got := e.text(&Response{Header: c.h, Body: c.body}); got != c.want {
			t.Errorf("%v %q: %q, want %q", c.v, c.body, got, c.want)
		}
	}
}
