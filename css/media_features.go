package css

import (
	"math"
	"strings"
)

// This file is the media features (Media Queries 5 §4-§12) Chromium
// knows, their values, and the Medium they are evaluated against.

// Medium is what media queries are evaluated against: the kind of device
// and viewport a page is shown on, and the user's preferences. Start from
// DefaultMedium and change what a test needs; a field's zero value is not
// its default. Keyword fields hold the features' keywords as Media
// Queries 5 spells them.
type Medium struct {
	// Type is the media type: "screen" or "print".
	Type string
	// Width and Height are the viewport's size in CSS pixels: the width
	// and height features, and the base of vw and vh.
	Width, Height float64
	// DeviceWidth and DeviceHeight are the screen's size in CSS pixels
	// (the deprecated device-width and device-height features); 0 means
	// the viewport's size.
	DeviceWidth, DeviceHeight float64
	// DevicePixelRatio is device pixels per CSS pixel: the resolution
	// feature, in dppx.
	DevicePixelRatio float64
	// FontSize is the initial font size in CSS pixels, the size of em
	// and rem in a media query (Media Queries 4 §1.3).
	FontSize float64
	// ColorScheme is prefers-color-scheme: "light" or "dark".
	ColorScheme string
	// ReducedMotion and ReducedTransparency are prefers-reduced-motion
	// and prefers-reduced-transparency: "reduce" when set, else
	// "no-preference".
	ReducedMotion, ReducedTransparency bool
	// Contrast is prefers-contrast: "no-preference", "more", "less" or
	// "custom".
	Contrast string
	// ForcedColors is forced-colors: "active" when set, else "none".
	ForcedColors bool
	// Hover and AnyHover are hover and any-hover: "hover" or "none".
	Hover, AnyHover string
	// Pointer and AnyPointer are pointer and any-pointer: "fine",
	// "coarse" or "none".
	Pointer, AnyPointer string
	// Scripting is scripting: "enabled", "initial-only" or "none".
	Scripting string
	// Update is update: "fast", "slow" or "none". A print medium's is
	// "none", whatever this says.
	Update string
	// DisplayMode is display-mode: "browser", "standalone",
	// "fullscreen", "minimal-ui", "picture-in-picture",
	// "window-controls-overlay", "tabbed" or "borderless".
	DisplayMode string
	// ColorGamut is color-gamut, the widest the screen covers: "srgb",
	// "p3" or "rec2020".
	ColorGamut string
	// DynamicRange is dynamic-range: "standard" or "high".
	DynamicRange string
	// Color is color: bits per color component, 0 for a monochrome
	// device; Monochrome is monochrome, bits per pixel of a monochrome
	// device; ColorIndex is color-index, entries in a color lookup table.
	Color, Monochrome, ColorIndex int
	// DevicePosture is device-posture: "continuous" or "folded".
	DevicePosture string
}

// DefaultMedium is a desktop screen: a 1280x720 viewport on a screen of
// the same size at one device pixel per CSS pixel, 16px fonts, a light
// color scheme and no other preferences, a mouse (hover: hover, pointer:
// fine), scripting enabled, fast updates, a browser tab, an sRGB screen
// of 8 bits per component.
func DefaultMedium() Medium {
	return Medium{
		Type:  "screen",
		Width: 1280, Height: 720,
		DevicePixelRatio: 1,
		FontSize:         16,
		ColorScheme:      "light",
		Contrast:         "no-preference",
		Hover:            "hover", AnyHover: "hover",
		Pointer: "fine", AnyPointer: "fine",
		Scripting:     "enabled",
		Update:        "fast",
		DisplayMode:   "browser",
		ColorGamut:    "srgb",
		DynamicRange:  "standard",
		Color:         8,
		DevicePosture: "continuous",
	}
}

// valueKind is the type of a media feature's values.
type valueKind uint8

const (
	vLength     valueKind = iota // <length>
	vRatio                       // <ratio>
	vResolution                  // <resolution>
	vInteger                     // <integer>
	vNumber                      // <number>
	vBoolean                     // <mq-boolean>: the integer 0 or 1
	vKeyword                     // one of the feature's keywords
)

// featureDef is a media feature Chromium knows.
type featureDef struct {
	kind valueKind
	// isRange allows min-/max- prefixes and the range syntax
	// (Media Queries 4 §2.4.3).
	isRange bool
	// noBoolean forbids the boolean context "(feature)".
	noBoolean bool
	keywords  []string
}

// mediaFeatures are the features Chromium 148 knows, which a recording of
// matchMedia("(f)") and matchMedia("not (f)") tells apart from those it
// does not (css/testdata/chromium-media.json).
var mediaFeatures = map[string]featureDef{
	"width":                        {kind: vLength, isRange: true},
	"height":                       {kind: vLength, isRange: true},
	"aspect-ratio":                 {kind: vRatio, isRange: true},
	"device-width":                 {kind: vLength, isRange: true},
	"device-height":                {kind: vLength, isRange: true},
	"device-aspect-ratio":          {kind: vRatio, isRange: true},
	"resolution":                   {kind: vResolution, isRange: true},
	"-webkit-device-pixel-ratio":   {kind: vNumber, isRange: true},
	"color":                        {kind: vInteger, isRange: true},
	"color-index":                  {kind: vInteger, isRange: true},
	"monochrome":                   {kind: vInteger, isRange: true},
	"horizontal-viewport-segments": {kind: vInteger, isRange: true},
	"vertical-viewport-segments":   {kind: vInteger, isRange: true},
	"grid":                         {kind: vBoolean},
	"-webkit-transform-3d":         {kind: vBoolean},
	"orientation":                  {kind: vKeyword, keywords: []string{"portrait", "landscape"}},
	"scan":                         {kind: vKeyword, keywords: []string{"interlace", "progressive"}},
	"update":                       {kind: vKeyword, keywords: []string{"none", "slow", "fast"}},
	"overflow-block":               {kind: vKeyword, keywords: []string{"none", "scroll", "paged"}},
	"overflow-inline":              {kind: vKeyword, keywords: []string{"none", "scroll"}},
	"color-gamut":                  {kind: vKeyword, keywords: []string{"srgb", "p3", "rec2020"}},
	"dynamic-range":                {kind: vKeyword, noBoolean: true, keywords: []string{"standard", "high"}},
	"pointer":                      {kind: vKeyword, keywords: []string{"none", "coarse", "fine"}},
	"any-pointer":                  {kind: vKeyword, keywords: []string{"none", "coarse", "fine"}},
	"hover":                        {kind: vKeyword, keywords: []string{"none", "hover"}},
	"any-hover":                    {kind: vKeyword, keywords: []string{"none", "hover"}},
	"scripting":                    {kind: vKeyword, keywords: []string{"none", "initial-only", "enabled"}},
	"prefers-reduced-motion":       {kind: vKeyword, keywords: []string{"no-preference", "reduce"}},
	"prefers-reduced-transparency": {kind: vKeyword, keywords: []string{"no-preference", "reduce"}},
	"prefers-contrast":             {kind: vKeyword, keywords: []string{"no-preference", "more", "less", "custom"}},
	"forced-colors":                {kind: vKeyword, keywords: []string{"none", "active"}},
	"prefers-color-scheme":         {kind: vKeyword, keywords: []string{"light", "dark"}},
	"display-mode": {kind: vKeyword, keywords: []string{"browser", "standalone", "fullscreen",
		"minimal-ui", "picture-in-picture", "window-controls-overlay", "tabbed", "borderless"}},
	"device-posture": {kind: vKeyword, keywords: []string{"continuous", "folded"}},
}

// mfOp is a comparison of the range syntax.
type mfOp uint8

const (
	opEQ mfOp = iota
	opLT
	opLE
	opGT
	opGE
)

var mfOpText = [...]string{"=", "<", "<=", ">", ">="}

// mfValue is a feature's value: a number with its unit ("" for a
// number, "/" for a ratio, whose denominator is den), or a keyword.
type mfValue struct {
	num, den float64
	unit     string
	keyword  string
	math     *mathExpr
}

// mediaFeature is a parsed media feature: "(name)", "(name: value)" with
// an optional min-/max- prefix, or a range of one or two comparisons.
type mediaFeature struct {
	name   string
	prefix string // "min-", "max-" or ""
	// plain is set for "(name: value)".
	plain bool
	// cmps are the comparisons: one for the plain and the one-sided
	// range forms, two for "(v1 < name < v2)"; none in boolean context.
	cmps []mfComparison
}

// mfComparison is "value op name" when valueFirst, else "name op value".
type mfComparison struct {
	op         mfOp
	value      mfValue
	valueFirst bool
}

// cv is a component value of a feature: a token, or a function with its
// contents (its tokens are span s).
type cv struct {
	t token
	s span
}

// componentValues returns the component values of toks[in], white space
// left out.
func componentValues(toks []token, in span) []cv {
	var out []cv
	var closers []tokenKind
	for i := in.from; i < in.to; {
		end := min(skipComponent(toks, i, &closers), in.to)
		if toks[i].kind != tWhitespace {
			out = append(out, cv{t: toks[i], s: span{i, end}})
		}
		i = end
	}
	return out
}

// featureName looks a feature's name up in a table of features, with its
// min-/max- prefix ("-webkit-min-" for -webkit-device-pixel-ratio); only
// range features take a prefix.
func featureName(features map[string]featureDef, name string) (base, prefix string, def featureDef, ok bool) {
	if def, ok := features[name]; ok {
		return name, "", def, true
	}
	webkit := strings.HasPrefix(name, "-webkit-")
	rest := strings.TrimPrefix(name, "-webkit-")
	if !strings.HasPrefix(rest, "min-") && !strings.HasPrefix(rest, "max-") {
		return "", "", featureDef{}, false
	}
	prefix, base = rest[:4], rest[4:]
	if webkit {
		base = "-webkit-" + base
	}
	def, ok = features[base]
	if !ok || !def.isRange || webkit != (base == "-webkit-device-pixel-ratio") {
		return "", "", featureDef{}, false
	}
	return base, prefix, def, true
}

// parseMediaFeature parses the inside of "( )" as a feature of the table
// (Media Queries 5 §2.4; container queries share the syntax): ok is false
// when it is not one Chromium takes.
func parseMediaFeature(src string, toks []token, in span, features map[string]featureDef) (mediaFeature, bool) {
	cvs := componentValues(toks, in)
	text := func(t token) string { return src[t.off:t.end] }
	name := func(c cv) string { return strings.ToLower(unescapeIdent(text(c.t))) }
	if len(cvs) == 0 {
		return mediaFeature{}, false
	}
	if cvs[0].t.kind == tIdent && len(cvs) > 1 && cvs[1].t.kind == tColon {
		// "(name: value)"
		base, prefix, def, ok := featureName(features, name(cvs[0]))
		if !ok || len(cvs) < 3 {
			return mediaFeature{}, false
		}
		v, ok := parseMFValue(src, toks, cvs[2:], def)
		if !ok {
			return mediaFeature{}, false
		}
		op := opEQ
		switch prefix {
		case "min-":
			op = opGE
		case "max-":
			op = opLE
		}
		return mediaFeature{name: base, prefix: prefix, plain: true, cmps: []mfComparison{{op: op, value: v}}}, true
	}
	if len(cvs) == 1 {
		// "(name)": the boolean context.
		if cvs[0].t.kind != tIdent {
			return mediaFeature{}, false
		}
		n := name(cvs[0])
		def, ok := features[n]
		if !ok || def.noBoolean {
			return mediaFeature{}, false
		}
		return mediaFeature{name: n}, true
	}
	// The range syntax: split at the comparisons. "<=" is two
	// delimiters with nothing between them.
	var segs [][]cv
	var ops []mfOp
	start := 0
	for k := 0; k < len(cvs); k++ {
		t := cvs[k].t
		if t.kind != tDelim {
			continue
		}
		var op mfOp
		switch text(t) {
		case "=":
			op = opEQ
		case "<":
			op = opLT
		case ">":
			op = opGT
		default:
			continue
		}
		segs = append(segs, cvs[start:k])
		if op != opEQ && k+1 < len(cvs) && cvs[k+1].t.kind == tDelim && text(cvs[k+1].t) == "=" && cvs[k+1].t.off == t.end {
			op++ // "<=" or ">="
			k++
		}
		ops = append(ops, op)
		start = k + 1
	}
	segs = append(segs, cvs[start:])
	rangeName := func(seg []cv) (string, featureDef, bool) {
		if len(seg) != 1 || seg[0].t.kind != tIdent {
			return "", featureDef{}, false
		}
		n := name(seg[0])
		def, ok := features[n]
		return n, def, ok && def.isRange
	}
	for _, seg := range segs {
		if len(seg) == 0 {
			return mediaFeature{}, false
		}
	}
	switch len(segs) {
	case 2:
		if n, def, ok := rangeName(segs[0]); ok {
			v, ok := parseMFValue(src, toks, segs[1], def)
			return mediaFeature{name: n, cmps: []mfComparison{{op: ops[0], value: v}}}, ok
		}
		if n, def, ok := rangeName(segs[1]); ok {
			v, ok := parseMFValue(src, toks, segs[0], def)
			return mediaFeature{name: n, cmps: []mfComparison{{op: ops[0], value: v, valueFirst: true}}}, ok
		}
	case 3:
		n, def, ok := rangeName(segs[1])
		less := func(op mfOp) bool { return op == opLT || op == opLE }
		more := func(op mfOp) bool { return op == opGT || op == opGE }
		if !ok || !(less(ops[0]) && less(ops[1]) || more(ops[0]) && more(ops[1])) {
			return mediaFeature{}, false
		}
		v1, ok1 := parseMFValue(src, toks, segs[0], def)
		v2, ok2 := parseMFValue(src, toks, segs[2], def)
		return mediaFeature{name: n, cmps: []mfComparison{
			{op: ops[0], value: v1, valueFirst: true},
			{op: ops[1], value: v2},
		}}, ok1 && ok2
	}
	return mediaFeature{}, false
}

// lengthUnits are the length units a media query takes, in CSS pixels;
// the font-relative and viewport units are resolved against the Medium.
var lengthUnits = map[string]float64{
	"px": 1, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "in": 96, "pt": 96.0 / 72, "pc": 16,
}

// relativeUnits are the font-relative and viewport-relative length
// units. A media query's font is the initial font (Media Queries 4
// §1.3); its x-height, character advance, cap height and line height
// are not known here, so CSS Values 4's fallbacks stand for them (ex and
// ch 0.5em, ic 1em) and a cap height of 0.7em and a line height of 1.2em.
var relativeUnits = map[string]bool{
	"em": true, "rem": true, "ex": true, "rex": true, "ch": true, "rch": true,
	"cap": true, "rcap": true, "ic": true, "ric": true, "lh": true, "rlh": true,
	"vw": true, "vh": true, "vi": true, "vb": true, "vmin": true, "vmax": true,
	"svw": true, "svh": true, "svi": true, "svb": true, "svmin": true, "svmax": true,
	"lvw": true, "lvh": true, "lvi": true, "lvb": true, "lvmin": true, "lvmax": true,
	"dvw": true, "dvh": true, "dvi": true, "dvb": true, "dvmin": true, "dvmax": true,
	"cqw": true, "cqh": true, "cqi": true, "cqb": true, "cqmin": true, "cqmax": true,
}

// resolutionUnits are the resolution units, in dppx.
var resolutionUnits = map[string]float64{"dppx": 1, "x": 1, "dpi": 1.0 / 96, "dpcm": 2.54 / 96}

// parseMFValue parses a feature's value from its component values.
func parseMFValue(src string, toks []token, cvs []cv, def featureDef) (mfValue, bool) {
	text := func(t token) string { return src[t.off:t.end] }
	if def.kind == vRatio {
		// <ratio> = <number [0,∞]> [ / <number [0,∞]> ]?
		if len(cvs) != 1 && len(cvs) != 3 {
			return mfValue{}, false
		}
		a, ok := numberOrMath(src, toks, cvs[0])
		if !ok || a < 0 {
			return mfValue{}, false
		}
		b := 1.0
		if len(cvs) == 3 {
			if cvs[1].t.kind != tDelim || text(cvs[1].t) != "/" {
				return mfValue{}, false
			}
			if b, ok = numberOrMath(src, toks, cvs[2]); !ok || b < 0 {
				return mfValue{}, false
			}
		}
		return mfValue{num: a, den: b, unit: "/"}, true
	}
	if len(cvs) != 1 {
		return mfValue{}, false
	}
	t := cvs[0].t
	switch def.kind {
	case vKeyword:
		if t.kind != tIdent {
			return mfValue{}, false
		}
		k := strings.ToLower(unescapeIdent(text(t)))
		for _, w := range def.keywords {
			if k == w {
				return mfValue{keyword: k}, true
			}
		}
		return mfValue{}, false
	case vInteger, vBoolean:
		if t.kind == tFunction && def.kind == vInteger {
			e, ok := parseMath(src, toks, cvs[0].s, vNumber)
			if !ok {
				return mfValue{}, false
			}
			n, ok := e.eval(nil)
			return mfValue{num: n, math: e}, ok && n == math.Trunc(n)
		}
		if t.kind != tNumber || !isIntegerToken(text(t)) {
			return mfValue{}, false
		}
		n, _ := numberTokenValue(text(t))
		if def.kind == vBoolean && n != 0 && n != 1 {
			return mfValue{}, false
		}
		return mfValue{num: n}, true
	case vNumber:
		n, ok := numberOrMath(src, toks, cvs[0])
		return mfValue{num: n}, ok
	case vLength, vResolution:
		if t.kind == tFunction {
			e, ok := parseMath(src, toks, cvs[0].s, def.kind)
			return mfValue{math: e}, ok
		}
		if t.kind == tNumber && def.kind == vLength {
			// A length of zero may be written without a unit.
			n, _ := numberTokenValue(text(t))
			return mfValue{num: n}, n == 0
		}
		if t.kind != tDimension {
			return mfValue{}, false
		}
		num, unit := splitDimension(text(t))
		n, _ := numberTokenValue(num)
		unit = strings.ToLower(unescapeIdent(unit))
		if def.kind == vLength {
			if _, ok := lengthUnits[unit]; !ok && !relativeUnits[unit] {
				return mfValue{}, false
			}
		} else if _, ok := resolutionUnits[unit]; !ok || n < 0 {
			return mfValue{}, false
		}
		return mfValue{num: n, unit: unit}, true
	}
	return mfValue{}, false
}

// numberOrMath reads a <number>, or a math function that gives one.
func numberOrMath(src string, toks []token, c cv) (float64, bool) {
	switch c.t.kind {
	case tNumber:
		return numberTokenValue(src[c.t.off:c.t.end])
	case tFunction:
		e, ok := parseMath(src, toks, c.s, vNumber)
		if !ok {
			return 0, false
		}
		return e.eval(nil)
	}
	return 0, false
}

// text serializes the feature as Chromium does.
func (f *mediaFeature) text() string {
	var b strings.Builder
	b.WriteByte('(')
	switch {
	case len(f.cmps) == 0:
		b.WriteString(f.name)
	case f.plain:
		if f.prefix != "" && f.name == "-webkit-device-pixel-ratio" {
			b.WriteString("-webkit-" + f.prefix + "device-pixel-ratio")
		} else {
			b.WriteString(f.prefix + f.name)
		}
		b.WriteString(": ")
		b.WriteString(f.cmps[0].value.text())
	default:
		for i, c := range f.cmps {
			if c.valueFirst {
				b.WriteString(c.value.text())
				b.WriteString(" " + mfOpText[c.op] + " ")
				if i == 0 {
					b.WriteString(f.name)
				}
			} else {
				if i == 0 {
					b.WriteString(f.name)
				}
				b.WriteString(" " + mfOpText[c.op] + " ")
				b.WriteString(c.value.text())
			}
		}
	}
	b.WriteByte(')')
	return b.String()
}

func (v *mfValue) text() string {
	switch {
	case v.keyword != "":
		return v.keyword
	case v.math != nil:
		return v.math.text
	case v.unit == "/":
		return serializeNumber(v.num) + " / " + serializeNumber(v.den)
	}
	return serializeNumber(v.num) + v.unit
}

// eval evaluates the feature against a medium.
func (f *mediaFeature) eval(md *Medium) kleene {
	def := mediaFeatures[f.name]
	if def.kind == vKeyword {
		return f.evalKeyword(md)
	}
	mv, ok := mediumNumber(md, f.name)
	if !ok {
		return kFalse
	}
	if len(f.cmps) == 0 {
		// Media Queries 4 §2.4.2: true unless the value is zero.
		return kleeneOf(mv != 0)
	}
	for _, c := range f.cmps {
		// Chromium compares lengths, ratios and resolutions with a
		// tolerance of 1/64 (its layout unit) for "=", "<=" and ">="
		// (media_query_evaluator.cc): a ratio as the cross products of
		// its terms and the viewport's, a resolution in dots per inch.
		a, b := mv, 0.0
		switch def.kind {
		case vRatio:
			n, d := c.value.num, c.value.den
			if n == 0 || d == 0 {
				return kFalse // a degenerate ratio matches nothing (§2.5)
			}
			w, h := ratioTerms(md, f.name)
			a, b = w*d, h*n
		case vResolution:
			v, ok := c.value.resolve(md, def.kind)
			if !ok {
				return kFalse
			}
			a, b = mv*96, v*96
		case vNumber:
			a, b = mv*96, c.value.num*96 // -webkit-device-pixel-ratio, as a resolution
		default:
			v, ok := c.value.resolve(md, def.kind)
			if !ok {
				return kFalse
			}
			b = v
		}
		if c.valueFirst {
			a, b = b, a
		}
		const eps = 1.0 / 64
		var r bool
		switch c.op {
		case opEQ:
			r = math.Abs(a-b) <= eps
		case opLT:
			r = a < b
		case opLE:
			r = a <= b+eps
		case opGT:
			r = a > b
		case opGE:
			r = a >= b-eps
		}
		if !r {
			return kFalse
		}
	}
	return kTrue
}

// ratioTerms returns the viewport's or the screen's width and height.
func ratioTerms(md *Medium, name string) (w, h float64) {
	if name == "device-aspect-ratio" {
		return deviceSize(md.DeviceWidth, md.Width), deviceSize(md.DeviceHeight, md.Height)
	}
	return md.Width, md.Height
}

// resolve returns a length in CSS pixels, a resolution in dppx, or a
// number.
func (v *mfValue) resolve(md *Medium, kind valueKind) (float64, bool) {
	if v.math != nil {
		return v.math.eval(md)
	}
	switch kind {
	case vLength:
		return lengthPx(v.num, v.unit, md)
	case vResolution:
		return v.num * resolutionUnits[v.unit], true
	}
	return v.num, true
}

// lengthPx converts a length to CSS pixels.
func lengthPx(n float64, unit string, md *Medium) (float64, bool) {
	if unit == "" {
		return n, true
	}
	if f, ok := lengthUnits[unit]; ok {
		return n * f, true
	}
	if md == nil {
		return 0, false
	}
	em := md.FontSize
	w, h := md.Width/100, md.Height/100
	switch strings.TrimLeft(unit, "r") {
	case "em":
		return n * em, true
	case "ex", "ch":
		return n * em / 2, true
	case "cap":
		return n * em * 0.7, true
	case "ic":
		return n * em, true
	case "lh":
		return n * em * 1.2, true
	}
	switch strings.TrimLeft(unit, "sldcq") {
	case "vw", "vi", "w", "i":
		return n * w, true
	case "vh", "vb", "h", "b":
		return n * h, true
	case "vmin", "min":
		return n * min(w, h), true
	case "vmax", "max":
		return n * max(w, h), true
	}
	return 0, false
}

// mediumNumber returns the medium's value of a numeric feature.
func mediumNumber(md *Medium, name string) (float64, bool) {
	switch name {
	case "width":
		return md.Width, true
	case "height":
		return md.Height, true
	case "aspect-ratio":
		if md.Height == 0 {
			return 0, true
		}
		return md.Width / md.Height, true
	case "device-width":
		return deviceSize(md.DeviceWidth, md.Width), true
	case "device-height":
		return deviceSize(md.DeviceHeight, md.Height), true
	case "device-aspect-ratio":
		h := deviceSize(md.DeviceHeight, md.Height)
		if h == 0 {
			return 0, true
		}
		return deviceSize(md.DeviceWidth, md.Width) / h, true
	case "resolution", "-webkit-device-pixel-ratio":
		return md.DevicePixelRatio, true
	case "color":
		return float64(md.Color), true
	case "color-index":
		return float64(md.ColorIndex), true
	case "monochrome":
		return float64(md.Monochrome), true
	case "horizontal-viewport-segments", "vertical-viewport-segments":
		return 1, true
	case "grid":
		return 0, true
	case "-webkit-transform-3d":
		return 1, true
	}
	return 0, false
}

func deviceSize(device, viewport float64) float64 {
	if device == 0 {
		return viewport
	}
	return device
}

// evalKeyword evaluates a feature whose values are keywords.
func (f *mediaFeature) evalKeyword(md *Medium) kleene {
	var have string
	print := md.Type == "print"
	switch f.name {
	case "orientation":
		have = "landscape"
		if md.Height >= md.Width {
			have = "portrait"
		}
	case "scan":
		// A screen or a printer is no raster display: scan matches
		// nothing, as in Chromium.
		return kFalse
	case "update":
		have = md.Update
		if print {
			have = "none"
		}
	case "overflow-block":
		have = "scroll"
		if print {
			have = "paged"
		}
	case "overflow-inline":
		have = "scroll"
		if print {
			have = "none"
		}
	case "color-gamut":
		// The gamuts nest: a p3 screen covers srgb too (Media Queries
		// 5 §6.5).
		order := map[string]int{"srgb": 1, "p3": 2, "rec2020": 3}
		if len(f.cmps) == 0 {
			return kleeneOf(order[md.ColorGamut] > 0)
		}
		g := order[md.ColorGamut]
		return kleeneOf(g > 0 && order[f.cmps[0].value.keyword] <= g)
	case "dynamic-range":
		// A high dynamic range screen shows the standard range too.
		want := f.cmps[0].value.keyword
		return kleeneOf(want == "standard" || md.DynamicRange == "high")
	case "pointer":
		have = md.Pointer
	case "any-pointer":
		have = md.AnyPointer
	case "hover":
		have = md.Hover
	case "any-hover":
		have = md.AnyHover
	case "scripting":
		have = md.Scripting
	case "prefers-reduced-motion":
		have = preference(md.ReducedMotion, "reduce", "no-preference")
	case "prefers-reduced-transparency":
		have = preference(md.ReducedTransparency, "reduce", "no-preference")
	case "prefers-contrast":
		have = md.Contrast
	case "forced-colors":
		have = preference(md.ForcedColors, "active", "none")
	case "prefers-color-scheme":
		have = md.ColorScheme
	case "display-mode":
		have = md.DisplayMode
	case "device-posture":
		have = md.DevicePosture
	}
	if len(f.cmps) == 0 {
		// Media Queries 4 §2.4.2: true unless the value is none or
		// no-preference (or unset).
		return kleeneOf(have != "" && have != "none" && have != "no-preference")
	}
	return kleeneOf(have == f.cmps[0].value.keyword)
}

func preference(set bool, yes, no string) string {
	if set {
		return yes
	}
	return no
}
