package htmlparse

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// TestCommentDataKeepsCharacterReferences: a comment's data is the text
// between its delimiters, character references included, as the standard
// says and browsers keep it.
func TestCommentDataKeepsCharacterReferences(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<!-- a &amp; b &lt;p&gt; &nbsp; -->", " a &amp; b &lt;p&gt; &nbsp; "},
		{"<!--&amp;--!>", "&amp;"},
		{"<!--&#13;\r\n&#0;\x00-->", "&#13;\n&#0;\uFFFD"},
		{"<!--&amp;-", "&amp;"},
		{"<!--&amp;--!", "&amp;"},
		{"<?x &amp; y?>", "?x &amp; y?"},
		{"<!x &amp;>", "x &amp;"},
		{"</ &amp;>", " &amp;"},
		{"<!-&amp;", "-&amp;"},
	} {
		doc, err := Parse(strings.NewReader(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		c := doc.FirstChild
		if c == nil || c.Type != html.CommentNode {
			t.Errorf("%q: first node %v, want a comment", tc.in, c)
			continue
		}
		if c.Data != tc.want {
			t.Errorf("%q: comment data %q, want %q", tc.in, c.Data, tc.want)
		}
	}
}

// TestCommentDataAsTokenizer: commentData finds the data where the
// x/net/html Tokenizer does: for random comments (ended by each of the
// delimiters or by the end of the input), the data it returns, with its
// character references decoded, is the Tokenizer's Text.
func TestCommentDataAsTokenizer(t *testing.T) {
	prefixes := []string{"<!--", "<!-", "<!", "<?", "</", "</ ", "<!---", "<!-->", "<!DOC"}
	pieces := []string{"a", " ", "-", "--", "!", ">", "--!", "--!>", "-->", "&amp;", "&lt", "&#13;", "&", "\r", "\r\n", "\x00", "<", "<!-"}
	r := rand.New(rand.NewPCG(3, 7))
	for range 20_000 {
		var b strings.Builder
		b.WriteString(prefixes[r.IntN(len(prefixes))])
		for range r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		in := b.String()
		z := html.NewTokenizer(strings.NewReader(in))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			if tt != html.CommentToken {
				continue
			}
			// Text converts newlines in the Tokenizer's buffer: the raw
			// text is read first.
			raw := string(z.Raw())
			got := html.UnescapeString(commentData([]byte(raw)))
			if want := string(z.Text()); got != want {
				t.Fatalf("input %q, comment %q: commentData decoded %q, the Tokenizer's text %q", in, raw, got, want)
			}
		}
	}
}

// TestCommentDataMatchesTextWithoutReferences: without a "&" the data is
// the Tokenizer's, which readToken then takes as it is.
func TestCommentDataMatchesTextWithoutReferences(t *testing.T) {
	var got, want []string
	for _, in := range []string{"<!---->", "<!-->", "<!--->", "<!--a--->", "<!--a--!>", "<!--a--!-->", "<!--a", "<!--a-", "<!--a--", "<!--a--!", "<!--a--!->", "<?x?>", "<!x>", "</ x>", "</>", "<!", "<!-", "<!DOC", "<!--a\r\nb\x00-->"} {
		z := html.NewTokenizer(strings.NewReader(in))
		if z.Next() != html.CommentToken {
			continue
		}
		got = append(got, commentData(z.Raw()))
		want = append(want, string(z.Text()))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("commentData mismatch with the Tokenizer's Text (-want +got):\n%s", diff)
	}
}
