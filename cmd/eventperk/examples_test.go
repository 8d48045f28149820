package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamplesRun runs every eventperk command that docs/cli.md and the
// help texts show as an example, so that none names a file that does not
// exist or a flag that is gone. A pipe or a redirection is left out, a
// written page goes to a temporary directory, and globs are expanded as
// the shell would. Each must exit 0, or 2 for the bad-input fixture. The
// examples of pages on a server name http://localhost:8080, which is a
// new server of the shop application of the tests (webapp_test.go) for each.
func TestExamplesRun(t *testing.T) {
	chdirRoot(t)
	var examples []string
	doc, err := os.ReadFile("docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	inSh := false
	for _, l := range strings.Split(string(doc), "\n") {
		switch fence := strings.TrimSpace(l); {
		case strings.HasPrefix(fence, "```sh"):
			inSh = true
		case strings.HasPrefix(fence, "```"):
			inSh = false
		case inSh:
			examples = append(examples, l)
		}
	}
	for _, topic := range [][]string{{"--help"}, {"help", "run"}, {"help", "fire"}, {"help", "check"}} {
		stdout, _, _ := invoke(topic...)
		_, ex, ok := strings.Cut(stdout, "Examples:\n")
		if !ok {
			t.Errorf("eventperk %s shows no examples", strings.Join(topic, " "))
			continue
		}
		ex, _, _ = strings.Cut(ex, "\n\n\n")
		ex, _, _ = strings.Cut(ex, "\nFlags:")
		ex, _, _ = strings.Cut(ex, "\nExit codes")
		examples = append(examples, strings.Split(ex, "\n")...)
	}
	var cmds []string
	for i := 0; i < len(examples); i++ {
		l := strings.TrimSpace(examples[i])
		for strings.HasSuffix(l, `\`) && i+1 < len(examples) {
			i++
			l = strings.TrimSuffix(l, `\`) + " " + strings.TrimSpace(examples[i])
		}
		if strings.HasPrefix(l, "eventperk ") {
			cmds = append(cmds, l)
		}
	}
	if len(cmds) < 15 {
		t.Fatalf("found only %d examples", len(cmds))
	}
	tmp := t.TempDir()
	for _, c := range cmds {
		t.Run(c, func(t *testing.T) {
			server := startShop(t)
			line, _, _ := strings.Cut(c, " | ")
			line, _, _ = strings.Cut(line, " > ")
			var args []string
			for _, a := range shellSplit(t, strings.TrimPrefix(line, "eventperk ")) {
				a = strings.ReplaceAll(a, "http://localhost:8080", server)
				switch {
				case strings.HasPrefix(a, "--html="):
					a = "--html=" + filepath.Join(tmp, "page.html")
				case strings.Contains(a, "*"):
					m, err := filepath.Glob(a)
					if err != nil || len(m) == 0 {
						t.Fatalf("%s matches nothing", a)
					}
					args = append(args, m...)
					continue
				}
				args = append(args, a)
			}
			want := 0
			if strings.Contains(line, "bad-input") {
				want = 2
			}
			stdout, stderr, code := invoke(args...)
			if code != want {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, want, stdout, stderr)
			}
		})
	}
}

// shellSplit splits a command line as sh does for the quoting the
// examples use: single and double quotes, no escapes inside them.
func shellSplit(t *testing.T, s string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		t.Fatalf("unbalanced quote in %q", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}
