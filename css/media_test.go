package css_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
)

// TestMediaMedium checks that each field of Medium is what its features
// read.
func TestMediaMedium(t *testing.T) {
	def := css.DefaultMedium()
	with := func(f func(m *css.Medium)) css.Medium {
		m := css.DefaultMedium()
		f(&m)
		return m
	}
	for _, tc := range []struct {
		name  string
		md    css.Medium
		query string
		want  bool
	}{
		{"default screen", def, "screen", true},
		{"default not print", def, "print", false},
		{"default desktop size", def, "(width: 1280px) and (height: 720px)", true},
		{"default landscape", def, "(orientation: landscape)", true},
		{"default light", def, "(prefers-color-scheme: light)", true},
		{"default motion", def, "(prefers-reduced-motion: no-preference)", true},
		{"default mouse", def, "(hover: hover) and (pointer: fine) and (any-hover: hover) and (any-pointer: fine)", true},
		{"default scripting", def, "(scripting: enabled) and (update: fast) and (display-mode: browser)", true},
		{"default contrast", def, "(prefers-contrast) or (forced-colors) or (prefers-reduced-transparency)", false},
		{"print type", with(func(m *css.Medium) { m.Type = "print" }), "print and (update: none) and (overflow-block: paged)", true},
		{"print is no screen", with(func(m *css.Medium) { m.Type = "print" }), "screen", false},
		{"dark", with(func(m *css.Medium) { m.ColorScheme = "dark" }), "(prefers-color-scheme: dark)", true},
		{"reduced motion", with(func(m *css.Medium) { m.ReducedMotion = true }), "(prefers-reduced-motion)", true},
		{"reduced transparency", with(func(m *css.Medium) { m.ReducedTransparency = true }), "(prefers-reduced-transparency: reduce)", true},
		{"more contrast", with(func(m *css.Medium) { m.Contrast = "more" }), "(prefers-contrast: more)", true},
		{"forced colors", with(func(m *css.Medium) { m.ForcedColors = true }), "(forced-colors: active)", true},
		{"touch", with(func(m *css.Medium) { m.Hover, m.Pointer = "none", "coarse" }), "(hover: none) and (pointer: coarse)", true},
		{"no scripting", with(func(m *css.Medium) { m.Scripting = "none" }), "(scripting)", false},
		{"phone", with(func(m *css.Medium) { m.Width, m.Height = 390, 844 }), "(max-width: 575.98px) and (orientation: portrait)", true},
		{"retina", with(func(m *css.Medium) { m.DevicePixelRatio = 2 }), "(min-resolution: 2dppx) and (-webkit-min-device-pixel-ratio: 2) and (resolution: 192dpi)", true},
		{"em from font size", with(func(m *css.Medium) { m.FontSize = 20 }), "(width: 64em)", true},
		{"vw", with(func(m *css.Medium) { m.Width = 1000 }), "(width: calc(50vw + 500px))", true},
		{"device size", with(func(m *css.Medium) { m.DeviceWidth, m.DeviceHeight = 1920, 1080 }), "(device-width: 1920px) and (device-aspect-ratio: 16/9) and (width: 1280px)", true},
		{"p3 covers srgb", with(func(m *css.Medium) { m.ColorGamut = "p3" }), "(color-gamut: srgb) and (color-gamut: p3) and (not (color-gamut: rec2020))", true},
		{"high dynamic range", with(func(m *css.Medium) { m.DynamicRange = "high" }), "(dynamic-range: standard) and (dynamic-range: high)", true},
		{"monochrome", with(func(m *css.Medium) { m.Color, m.Monochrome = 0, 8 }), "(monochrome) and (not (color))", true},
		{"folded", with(func(m *css.Medium) { m.DevicePosture = "folded" }), "(device-posture: folded)", true},
		{"standalone", with(func(m *css.Medium) { m.DisplayMode = "standalone" }), "(display-mode: standalone)", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := css.ParseMediaList(tc.query).Matches(tc.md); got != tc.want {
				t.Errorf("%q: %v, want %v", tc.query, got, tc.want)
			}
		})
	}
}

// TestMediaListRecovery checks §3.1: a query that is not one becomes
// "not all", and the others stand.
func TestMediaListRecovery(t *testing.T) {
	l := css.ParseMediaList("screen and, print, (min-width: 100px) or, (color)")
	if got, want := l.MediaText(), "not all, print, not all, (color)"; got != want {
		t.Errorf("MediaText() = %q, want %q", got, want)
	}
	if got, want := l.Len(), 4; got != want {
		t.Errorf("Len() = %d, want %d", got, want)
	}
	if !l.Matches(css.DefaultMedium()) {
		t.Error("the list does not match: (color) should")
	}
	var empty css.MediaList
	if !empty.Matches(css.DefaultMedium()) || empty.MediaText() != "" {
		t.Error("the zero MediaList should match and serialize as \"\"")
	}
}

// TestMediaDeepNesting checks that parentheses nested far deeper than
// any Go stack would hold parse and evaluate.
func TestMediaDeepNesting(t *testing.T) {
	const depth = 100000
	q := strings.Repeat("(", depth) + "color" + strings.Repeat(")", depth)
	l := css.ParseMediaList(q)
	if !l.Matches(css.DefaultMedium()) {
		t.Error("deeply nested (color) does not match")
	}
	if got := l.MediaText(); got != q {
		t.Errorf("MediaText() is %d bytes, want the query's %d", len(got), len(q))
	}
}
