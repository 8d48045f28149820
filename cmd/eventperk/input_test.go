package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// endless is standard input that never ends: zeros, as /dev/zero gives.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// blocked is standard input from a pipe nobody writes to: a read waits
// until the test ends.
type blocked struct{ done chan struct{} }

func (b blocked) Read([]byte) (int, error) {
	<-b.done
	return 0, io.EOF
}

// TestSpecialInputs checks that inputs which are not files of a sane size
// are refused at once, or within --timeout, and never hang or exhaust
// memory: devices, named pipes without a writer, directories, files over
// --max-input, endless and blocked standard input; and that --timeout
// values that are not positive are refused as a scenario's "timeout" is.
func TestSpecialInputs(t *testing.T) {
	dir := chdirRoot(t)
	tmp := t.TempDir()
	fifo := filepath.Join(tmp, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	inline := `{"html": "<main id='app'><button id='save'>Save</button></main>", "units": [{"element": "#app", "settings": {"event": {"events": {"save": {"handlers": {"click": "onSave"}}}}}, "methods": {"onSave": []}}], "steps": [{"dispatch": "click", "target": "#save"}, {"expect": {"calls": ["click #save onSave"]}}]}`
	tests := []struct {
		name  string
		stdin io.Reader
		args  []string
		code  int
	}{
		{"input-device", nil, []string{"run", "/dev/zero"}, 2},
		{"input-fifo", nil, []string{"check", fifo}, 2},
		{"input-fifo-page", nil, []string{"fire", fifo, "--unit", "#app", "--event", "click"}, 2},
		{"input-directory", nil, []string{"run", "fixtures"}, 2},
		{"input-too-large", nil, []string{"check", "--max-input", "1KB", "fixtures/todo/scenario.json"}, 2},
		{"input-bad-max", nil, []string{"check", "--max-input", "lots", "fixtures/todo/scenario.json"}, 2},
		{"input-stdin", strings.NewReader(inline), []string{"run", "--no-durations", "--color=never", "-"}, 0},
		{"input-stdin-page", strings.NewReader(`<main id="app"><button id="save">Save</button></main>`),
			[]string{"fire", "-", "--unit", "#app", "--spy", "--settings-json", `{"events": {"save": {"handlers": {"click": "onSave"}}}}`,
				"--event", "click", "--target", "#save", "--no-durations", "--color=never"}, 0},
		{"input-stdin-twice", strings.NewReader(inline), []string{"check", "-", "-"}, 2},
		{"input-stdin-endless", endless{}, []string{"run", "--max-input", "1MB", "-"}, 2},
		// A stream that never ends, below --max-input when the timeout
		// comes: it sends 64 KB and then waits, so that how much a fast
		// or a busy machine reads in 100 ms does not change the outcome.
		{"input-stdin-timeout", io.MultiReader(io.LimitReader(endless{}, 64<<10), blocked{done}), []string{"run", "--max-input", "1GB", "--timeout", "100ms", "-"}, 2},
		{"input-stdin-blocked", blocked{done}, []string{"run", "--timeout", "100ms", "-"}, 2},
		{"timeout-zero", nil, []string{"run", "--timeout", "0", "fixtures/todo/scenario.json"}, 2},
		{"timeout-negative", nil, []string{"fire", "fixtures/menu/page.html", "--timeout=-5s", "--unit", "#menu", "--event", "click"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := tt.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			// A run that ignored --timeout would read on (1 GB of the
			// endless input, or forever from the blocked one) and end
			// with another transcript, or not at all.
			stdout, stderr, code := invokeWith(stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			args := strings.Join(tt.args, "\x00")
			args = strings.ReplaceAll(args, tmp, "$TMP")
			stdout = strings.ReplaceAll(stdout, tmp, "$TMP")
			stderr = strings.ReplaceAll(stderr, tmp, "$TMP")
			golden(t, dir, tt.name, transcript(strings.Split(args, "\x00"), stdout, stderr, code))
		})
	}
	if _, err := os.Stat(fifo); err != nil {
		t.Fatal(err)
	}
}
