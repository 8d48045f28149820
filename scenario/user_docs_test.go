package scenario

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// docSection returns the text of docs/cli.md from the heading to the next
// heading of any level.
func docSection(t *testing.T, heading string) string {
	t.Helper()
	doc, err := os.ReadFile("../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/cli.md has no heading %q", heading)
	}
	lines := strings.Split(after, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			return strings.Join(lines[:i], "\n")
		}
	}
	return after
}

// blocks returns the fenced blocks of a kind ("json", "text") in text.
func blocks(text, kind string) []string {
	var out []string
	for {
		_, rest, ok := strings.Cut(text, "```"+kind+"\n")
		if !ok {
			return out
		}
		block, after, _ := strings.Cut(rest, "```")
		out = append(out, block)
		text = after
	}
}

// TestDocsUserStepsDecode checks that every step docs/cli.md shows for a
// user's actions and for expectations is a valid step.
func TestDocsUserStepsDecode(t *testing.T) {
	var lines []string
	for _, h := range []string{"#### A user's actions", "### Expectations"} {
		bs := blocks(docSection(t, h), "json")
		if len(bs) == 0 {
			t.Fatalf("%s shows no steps", h)
		}
		lines = append(lines, strings.Split(strings.TrimSpace(bs[0]), "\n")...)
	}
	if len(lines) < 20 {
		t.Fatalf("found only %d steps", len(lines))
	}
	// The page is on a server, where every check of the page is allowed;
	// nothing is fetched to decode.
	for _, l := range lines {
		if _, err := Parse("doc.json", []byte(`{"page": "http://example.com/", "steps": [`+l+`]}`)); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
}

// TestDocsShowQueryErrors checks that the errors docs/cli.md shows for
// bad queries are those the decoder gives for the file they come from.
func TestDocsShowQueryErrors(t *testing.T) {
	bs := blocks(docSection(t, "#### Targets that find elements as a user does"), "text")
	if len(bs) != 1 {
		t.Fatalf("want one text block, found %d", len(bs))
	}
	src := "{\n" +
		"  \"html\": \"<p>\",\n" +
		"  \"steps\": [\n" +
		"    {\"click\": {\"role\": \"buton\", \"name\": \"Go\"}},\n" +
		"    {\"click\": {\"role\": \"button\", \"name\": \"Go\", \"level\": 2}},\n" +
		"    {\"type\": \"x\", \"target\": {\"lable\": \"Email\"}}\n" +
		"  ]\n" +
		"}\n"
	_, err := Parse("scenario.json", []byte(src))
	var list InputErrors
	if !errors.As(err, &list) {
		t.Fatalf("got %v", err)
	}
	var got strings.Builder
	for _, e := range list {
		got.WriteString(e.Error() + "\n")
	}
	if diff := cmp.Diff(bs[0], got.String()); diff != "" {
		t.Errorf("docs/cli.md shows other errors than the decoder gives (-docs +decoder):\n%s", diff)
	}
}
