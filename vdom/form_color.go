package vdom

import (
	"math"
	"strconv"
	"strings"
)

// The color input's value sanitization (HTML §4.10.5.1.15): a value that
// parses as a CSS color becomes its "#rrggbb" serialization (alpha
// dropped), anything else "#000000". vdom parses hex colors, the named
// colors, rgb()/rgba() and hsl()/hsla(); the other CSS color functions
// (lab(), oklch(), color(), ...) give "#000000" here.

// sanitizeColor returns the lower-case "#rrggbb" of a CSS color, or
// "#000000".
func sanitizeColor(v string) string {
	// Chromium takes a hex color with white space around it, but not a
	// name or a function.
	if t := strings.Trim(v, asciiSpace); strings.HasPrefix(t, "#") {
		v = t
	}
	r, g, b, ok := parseCSSColor(strings.ToLower(v))
	if !ok {
		return "#000000"
	}
	const hex = "0123456789abcdef"
	return string([]byte{'#', hex[r>>4], hex[r&15], hex[g>>4], hex[g&15], hex[b>>4], hex[b&15]})
}

func parseCSSColor(s string) (r, g, b uint8, ok bool) {
	if strings.HasPrefix(s, "#") {
		return parseHexColor(s[1:])
	}
	if c, found := namedColors[s]; found {
		return uint8(c >> 16), uint8(c >> 8), uint8(c), true
	}
	name, args, found := strings.Cut(s, "(")
	if !found || !strings.HasSuffix(args, ")") {
		return 0, 0, 0, false
	}
	parts := colorArgs(strings.TrimSuffix(args, ")"))
	if len(parts) != 3 && len(parts) != 4 {
		return 0, 0, 0, false
	}
	switch strings.TrimSpace(name) {
	case "rgb", "rgba":
		var c [3]uint8
		for i := 0; i < 3; i++ {
			v, ok := colorChannel(parts[i])
			if !ok {
				return 0, 0, 0, false
			}
			c[i] = v
		}
		if len(parts) == 4 && !validAlpha(parts[3]) {
			return 0, 0, 0, false
		}
		return c[0], c[1], c[2], true
	case "hsl", "hsla":
		h, ok := hue(parts[0])
		if !ok {
			return 0, 0, 0, false
		}
		sat, ok1 := percentOrNumber(parts[1])
		lig, ok2 := percentOrNumber(parts[2])
		if !ok1 || !ok2 || (len(parts) == 4 && !validAlpha(parts[3])) {
			return 0, 0, 0, false
		}
		r, g, b := hslToRGB(h, sat, lig)
		return r, g, b, true
	}
	return 0, 0, 0, false
}

// colorArgs splits the arguments of a color function, with commas or with
// spaces and a "/" before the alpha.
func colorArgs(s string) []string {
	if strings.Contains(s, ",") {
		parts := strings.Split(s, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts
	}
	s = strings.Replace(s, "/", " ", 1)
	return strings.Fields(s)
}

func colorChannel(s string) (uint8, bool) {
	if p, ok := percent(s); ok {
		return clampByte(p * 255), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return clampByte(f), true
}

func percent(s string) (float64, bool) {
	if !strings.HasSuffix(s, "%") {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil {
		return 0, false
	}
	return math.Max(0, math.Min(100, f)) / 100, true
}

// hue reads an angle in degrees: a number or deg, turn, rad, grad.
func hue(s string) (float64, bool) {
	units := []struct {
		suffix string
		scale  float64
	}{{"deg", 1}, {"grad", 0.9}, {"rad", 180 / math.Pi}, {"turn", 360}}
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			f, err := strconv.ParseFloat(strings.TrimSuffix(s, u.suffix), 64)
			return f * u.scale, err == nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// percentOrNumber reads a percentage, or a number that counts as one (the
// space-separated hsl() syntax).
func percentOrNumber(s string) (float64, bool) {
	if p, ok := percent(s); ok {
		return p, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return math.Max(0, math.Min(100, f)) / 100, true
}

func validAlpha(s string) bool {
	if _, ok := percent(s); ok {
		return true
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

func clampByte(f float64) uint8 {
	return uint8(math.Round(math.Max(0, math.Min(255, f))))
}

func hslToRGB(h, s, l float64) (uint8, uint8, uint8) {
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	f := func(n float64) uint8 {
		k := math.Mod(n+h/30, 12)
		a := s * math.Min(l, 1-l)
		return clampByte(255 * (l - a*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))))
	}
	return f(0), f(8), f(4)
}

func parseHexColor(s string) (r, g, b uint8, ok bool) {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return 0, 0, 0, false
		}
	}
	x := func(i int) uint8 { return unhex(s[i]) }
	switch len(s) {
	case 3, 4:
		return x(0) * 17, x(1) * 17, x(2) * 17, true
	case 6, 8:
		return x(0)<<4 | x(1), x(2)<<4 | x(3), x(4)<<4 | x(5), true
	}
	return 0, 0, 0, false
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) uint8 {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// namedColors are the CSS named colors (CSS Color 4 §6.1).
var namedColors = map[string]uint32{
	"aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4,
	"azure": 0xf0ffff, "beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000,
	"blanchedalmond": 0xffebcd, "blue": 0x0000ff, "blueviolet": 0x8a2be2, "brown": 0xa52a2a,
	"burlywood": 0xdeb887, "cadetblue": 0x5f9ea0, "chartreuse": 0x7fff00, "chocolate": 0xd2691e,
	"coral": 0xff7f50, "cornflowerblue": 0x6495ed, "cornsilk": 0xfff8dc, "crimson": 0xdc143c,
	"cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b, "darkgoldenrod": 0xb8860b,
	"darkgray": 0xa9a9a9, "darkgreen": 0x006400, "darkgrey": 0xa9a9a9, "darkkhaki": 0xbdb76b,
	"darkmagenta": 0x8b008b, "darkolivegreen": 0x556b2f, "darkorange": 0xff8c00, "darkorchid": 0x9932cc,
	"darkred": 0x8b0000, "darksalmon": 0xe9967a, "darkseagreen": 0x8fbc8f, "darkslateblue": 0x483d8b,
	"darkslategray": 0x2f4f4f, "darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1, "darkviolet": 0x9400d3,
	"deeppink": 0xff1493, "deepskyblue": 0x00bfff, "dimgray": 0x696969, "dimgrey": 0x696969,
	"dodgerblue": 0x1e90ff, "firebrick": 0xb22222, "floralwhite": 0xfffaf0, "forestgreen": 0x228b22,
	"fuchsia": 0xff00ff, "gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff, "gold": 0xffd700,
	"goldenrod": 0xdaa520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xadff2f,
	"grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4, "indianred": 0xcd5c5c,
	"indigo": 0x4b0082, "ivory": 0xfffff0, "khaki": 0xf0e68c, "lavender": 0xe6e6fa,
	"lavenderblush": 0xfff0f5, "lawngreen": 0x7cfc00, "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6,
	"lightcoral": 0xf08080, "lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3,
	"lightgreen": 0x90ee90, "lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1, "lightsalmon": 0xffa07a,
	"lightseagreen": 0x20b2aa, "lightskyblue": 0x87cefa, "lightslategray": 0x778899, "lightslategrey": 0x778899,
	"lightsteelblue": 0xb0c4de, "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32,
	"linen": 0xfaf0e6, "magenta": 0xff00ff, "maroon": 0x800000, "mediumaquamarine": 0x66cdaa,
	"mediumblue": 0x0000cd, "mediumorchid": 0xba55d3, "mediumpurple": 0x9370db, "mediumseagreen": 0x3cb371,
	"mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a, "mediumturquoise": 0x48d1cc, "mediumvioletred": 0xc71585,
	"midnightblue": 0x191970, "mintcream": 0xf5fffa, "mistyrose": 0xffe4e1, "moccasin": 0xffe4b5,
	"navajowhite": 0xffdead, "navy": 0x000080, "oldlace": 0xfdf5e6, "olive": 0x808000,
	"olivedrab": 0x6b8e23, "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6,
	"palegoldenrod": 0xeee8aa, "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
	"papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb,
	"plum": 0xdda0dd, "powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399,
	"red": 0xff0000, "rosybrown": 0xbc8f8f, "royalblue": 0x4169e1, "saddlebrown": 0x8b4513,
	"salmon": 0xfa8072, "sandybrown": 0xf4a460, "seagreen": 0x2e8b57, "seashell": 0xfff5ee,
	"sienna": 0xa0522d, "silver": 0xc0c0c0, "skyblue": 0x87ceeb, "slateblue": 0x6a5acd,
	"slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa, "springgreen": 0x00ff7f,
	"steelblue": 0x4682b4, "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8,
	"tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee, "wheat": 0xf5deb3,
	"white": 0xffffff, "whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32,
	"transparent": 0x000000,
}
