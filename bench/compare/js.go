package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// JSResult is what bench/js/workloads.mjs prints.
type JSResult struct {
	Node     string                         `json:"node"`
	Packages map[string]string              `json:"packages"`
	Results  map[string]map[string]*Measure `json:"results"`
}

// ErrJSUnavailable wraps the reasons the JavaScript side cannot run: no
// node, no npm to install the packages, no bench/js directory.
var ErrJSUnavailable = errors.New("JavaScript side unavailable")

// InstallCommand is the one command that installs the pinned JavaScript
// packages.
const InstallCommand = "(cd bench/js && npm ci)"

// FindJSDir returns bench/js of the module that holds dir or one of its
// parents.
func FindJSDir(dir string) (string, error) {
	root, err := moduleRoot(dir)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrJSUnavailable, err)
	}
	js := filepath.Join(root, "bench", "js")
	if _, err := os.Stat(filepath.Join(js, "workloads.mjs")); err != nil {
		return "", fmt.Errorf("%w: %v", ErrJSUnavailable, err)
	}
	return js, nil
}

// moduleRoot returns the directory of the eventperk-go module that holds
// dir: dir or the nearest of its parents with that go.mod.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.Contains(data, []byte("module github.com/eventperk/eventperk-go")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no eventperk-go module above %s", dir)
		}
	}
}

// JSReady reports why the JavaScript side cannot run as it is (no node,
// no node_modules, a pinned package missing or at another version), or
// nil.
func JSReady(jsDir string) error {
	if _, err := exec.LookPath("node"); err != nil {
		return fmt.Errorf("%w: node is not on PATH (Node 20.19 or later is needed, for this comparison only)", ErrJSUnavailable)
	}
	if _, err := os.Stat(filepath.Join(jsDir, "node_modules")); err != nil {
		return fmt.Errorf("%w: %s has no node_modules; install the pinned packages with %s", ErrJSUnavailable, jsDir, InstallCommand)
	}
	stale, err := StalePackages(jsDir)
	if err != nil {
		return err
	}
	if len(stale) > 0 {
		return fmt.Errorf("%w: %s: %s; install the pinned packages with %s", ErrJSUnavailable, jsDir, strings.Join(stale, ", "), InstallCommand)
	}
	return nil
}

// StalePackages lists the dependencies of jsDir's package.json that its
// node_modules lacks or holds at another version than the pinned one, as
// "jsdom 29.1.1 is not installed" or "jsdom is 28.0.0, want 29.1.1".
func StalePackages(jsDir string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(jsDir, "package.json"))
	if err != nil {
		return nil, err
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(jsDir, "package.json"), err)
	}
	var stale []string
	for _, name := range slices.Sorted(maps.Keys(pkg.Dependencies)) {
		want := pinnedVersion(pkg.Dependencies[name])
		data, err := os.ReadFile(filepath.Join(jsDir, "node_modules", filepath.FromSlash(name), "package.json"))
		if err != nil {
			stale = append(stale, fmt.Sprintf("%s %s is not installed", name, want))
			continue
		}
		var got struct {
			Version string `json:"version"`
		}
		if err := json.Unmarshal(data, &got); err != nil || got.Version != want {
			stale = append(stale, fmt.Sprintf("%s is %s, want %s", name, got.Version, want))
		}
	}
	return stale, nil
}

// pinnedVersion returns the version a dependency of package.json pins:
// the spec itself ("29.1.1"), or the version of an alias
// ("npm:htmx.org@2.0.11", a package installed under another name, as
// W12 installs htmx 2 and htmx 4 side by side).
func pinnedVersion(spec string) string {
	if alias, ok := strings.CutPrefix(spec, "npm:"); ok {
		if i := strings.LastIndexByte(alias, '@'); i > 0 {
			return alias[i+1:]
		}
	}
	return spec
}

// InstallJS runs npm ci in jsDir when node_modules is missing or lacks a
// pinned package at its version.
func InstallJS(ctx context.Context, jsDir string, log io.Writer) error {
	if _, err := os.Stat(filepath.Join(jsDir, "node_modules")); err == nil {
		stale, err := StalePackages(jsDir)
		if err != nil {
			return err
		}
		if len(stale) == 0 {
			return nil
		}
		fmt.Fprintf(log, "js: %s\n", strings.Join(stale, ", "))
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return fmt.Errorf("%w: npm is not on PATH; install Node 20.19 or later and run %s", ErrJSUnavailable, InstallCommand)
	}
	fmt.Fprintf(log, "js: installing the pinned packages: npm ci in %s\n", jsDir)
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = jsDir
	cmd.Stdout = log
	cmd.Stderr = log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci in %s: %w", jsDir, err)
	}
	return nil
}

// RunJS runs node --expose-gc workloads.mjs pageDir in jsDir; its progress
// goes to log.
func RunJS(ctx context.Context, jsDir, pageDir string, log io.Writer) (*JSResult, error) {
	if err := JSReady(jsDir); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, "node", "--expose-gc", "--max-old-space-size=8192", "workloads.mjs", pageDir)
	cmd.Dir = jsDir
	cmd.Stdout = &out
	cmd.Stderr = log
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node workloads.mjs: %w", err)
	}
	var res JSResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("reading the output of workloads.mjs: %w (%.200s)", err, strings.TrimSpace(out.String()))
	}
	return &res, nil
}

// Merge puts the JavaScript results into the rows and recomputes the sums.
func Merge(rows []*Row, js *JSResult) {
	for _, r := range rows {
		if len(r.SumOf) > 0 {
			continue
		}
		for _, dom := range DOMs {
			if m := js.Results[r.Key][dom]; m != nil {
				if r.JS == nil {
					r.JS = map[string]*Measure{}
				}
				r.JS[dom] = m
			}
		}
	}
	for _, r := range rows {
		if len(r.SumOf) > 0 {
			sumRow(r, rows)
		}
	}
}
