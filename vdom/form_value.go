package vdom

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// The value sanitization algorithms of the input types (HTML §4.10.5.1)
// and the microsyntaxes they use (HTML §2.3.4 numbers, §2.3.5 dates and
// times).

// sanitize runs the value sanitization algorithm of the input type typ on
// v for the input n (range reads n's min, max and step).
func (n *Node) sanitize(typ, v string) string {
	switch typ {
	case "text", "search", "tel", "password":
		return stripNewlines(v)
	case "url":
		return strings.Trim(stripNewlines(v), asciiSpace)
	case "email":
		if !hasAttr(n.h, "multiple") {
			return strings.Trim(stripNewlines(v), asciiSpace)
		}
		parts := strings.Split(v, ",")
		for i, p := range parts {
			parts[i] = strings.Trim(p, asciiSpace)
		}
		return strings.Join(parts, ",")
	case "number":
		if _, ok := parseFloatValue(v); !ok {
			return ""
		}
		return v
	case "range":
		return n.sanitizeRange(v)
	case "color":
		return sanitizeColor(v)
	case "date":
		if _, _, _, ok := parseDate(v); !ok {
			return ""
		}
		return v
	case "month":
		if _, _, ok := parseMonth(v); !ok {
			return ""
		}
		return v
	case "week":
		if _, _, ok := parseWeek(v); !ok {
			return ""
		}
		return v
	case "time":
		if _, ok := parseTime(v); !ok {
			return ""
		}
		return v
	case "datetime-local":
		ms, ok := parseDateTimeLocal(v)
		if !ok {
			return ""
		}
		return formatDateTimeLocal(ms)
	}
	return v
}

const asciiSpace = " \t\n\f\r"

func stripNewlines(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return lineBreaksRemoved.Replace(s)
}

var lineBreaksRemoved = strings.NewReplacer("\r", "", "\n", "")

// parseFloatValue parses a valid floating-point number (HTML §2.3.4.3):
// an optional "-", digits, an optional fraction, an optional exponent; no
// "+", no leading ".", no trailing "."; finite.
func parseFloatValue(s string) (float64, bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		st := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - st
	}
	intDigits := digits()
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return 0, false
		}
	} else if intDigits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// formatNumber is the best representation of f as a floating-point number:
// the shortest string that reads back as f, as JavaScript's Number to
// String gives it.
func formatNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	abs := math.Abs(f)
	if abs >= 1e21 || abs < 1e-6 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Go writes "1e+21" and "1e-07"; JavaScript "1e+21" and "1e-7".
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[0]
		exp = strings.TrimLeft(exp[1:], "0")
		return mant + "e" + string(sign) + exp
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// digits4 reads a year: four or more ASCII digits, greater than zero.
func parseYear(s string) (int, string, bool) {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i < 4 || i > 9 {
		return 0, s, false
	}
	y, _ := strconv.Atoi(s[:i])
	return y, s[i:], y > 0
}

// parse2 reads exactly two digits.
func parse2(s string) (int, string, bool) {
	if len(s) < 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, s, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), s[2:], true
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%400 == 0 || (y%4 == 0 && y%100 != 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// parseMonthPart reads "YYYY-MM" and returns the rest.
func parseMonthPart(s string) (y, m int, rest string, ok bool) {
	y, s, ok = parseYear(s)
	if !ok || len(s) == 0 || s[0] != '-' {
		return 0, 0, s, false
	}
	m, s, ok = parse2(s[1:])
	if !ok || m < 1 || m > 12 {
		return 0, 0, s, false
	}
	return y, m, s, true
}

// parseMonth parses a valid month string (HTML §2.3.5.1), up to the last
// month of a JavaScript Date, 275760-09.
func parseMonth(s string) (y, m int, ok bool) {
	y, m, rest, ok := parseMonthPart(s)
	return y, m, ok && rest == "" && y*12+m <= 275760*12+9
}

func parseDatePart(s string) (y, m, d int, rest string, ok bool) {
	y, m, s, ok = parseMonthPart(s)
	if !ok || len(s) == 0 || s[0] != '-' {
		return 0, 0, 0, s, false
	}
	d, s, ok = parse2(s[1:])
	if !ok || d < 1 || d > daysIn(y, m) {
		return 0, 0, 0, s, false
	}
	return y, m, d, s, true
}

// maxDateMS is the last moment a JavaScript Date holds, 275760-09-13T00:00Z;
// Chromium refuses dates and times after it.
const maxDateMS = 8.64e15

// parseDate parses a valid date string (HTML §2.3.5.2), up to 275760-09-13.
func parseDate(s string) (y, m, d int, ok bool) {
	y, m, d, rest, ok := parseDatePart(s)
	return y, m, d, ok && rest == "" && daysFromCivil(y, m, d)*msPerDay <= maxDateMS
}

// parseTimePart reads "HH:MM[:SS[.f{1,3}]]" and returns milliseconds since
// midnight (HTML §2.3.5.4).
func parseTimePart(s string) (int64, string, bool) {
	hh, s, ok := parse2(s)
	if !ok || hh > 23 || len(s) == 0 || s[0] != ':' {
		return 0, s, false
	}
	mm, s, ok := parse2(s[1:])
	if !ok || mm > 59 {
		return 0, s, false
	}
	ms := int64(hh*3600+mm*60) * 1000
	if len(s) > 0 && s[0] == ':' {
		var ss int
		ss, s, ok = parse2(s[1:])
		if !ok || ss > 59 {
			return 0, s, false
		}
		ms += int64(ss) * 1000
		if len(s) > 0 && s[0] == '.' {
			i := 1
			for i < len(s) && '0' <= s[i] && s[i] <= '9' {
				i++
			}
			if i == 1 || i > 4 {
				return 0, s, false
			}
			frac := s[1:i] + strings.Repeat("0", 4-i)
			f, _ := strconv.Atoi(frac)
			ms += int64(f)
			s = s[i:]
		}
	}
	return ms, s, true
}

// parseTime parses a valid time string into milliseconds since midnight.
func parseTime(s string) (int64, bool) {
	ms, rest, ok := parseTimePart(s)
	return ms, ok && rest == ""
}

const msPerDay = 86400000

func daysFromCivil(y, m, d int) int64 {
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// parseDateTimeLocal parses a valid local date and time string ("T" or a
// space between date and time) into milliseconds since 1970-01-01T00:00 as
// if in UTC.
func parseDateTimeLocal(s string) (int64, bool) {
	y, m, d, rest, ok := parseDatePart(s)
	if !ok || len(rest) == 0 || (rest[0] != 'T' && rest[0] != ' ') {
		return 0, false
	}
	t, ok := parseTime(rest[1:])
	if !ok {
		return 0, false
	}
	ms := daysFromCivil(y, m, d)*msPerDay + t
	return ms, ms <= maxDateMS
}

// formatTime writes milliseconds since midnight as the shortest valid time
// string: "HH:MM", "HH:MM:SS" when the seconds are not zero, "HH:MM:SS.f"
// with the fraction's trailing zeros dropped.
func formatTime(ms int64) string {
	ms = ((ms % msPerDay) + msPerDay) % msPerDay
	h, m, s, f := ms/3600000, ms/60000%60, ms/1000%60, ms%1000
	var b strings.Builder
	b.WriteString(pad(int(h), 2) + ":" + pad(int(m), 2))
	if s != 0 || f != 0 {
		b.WriteString(":" + pad(int(s), 2))
		if f != 0 {
			b.WriteString("." + strings.TrimRight(pad(int(f), 3), "0"))
		}
	}
	return b.String()
}

func pad(v, w int) string {
	s := strconv.Itoa(v)
	for len(s) < w {
		s = "0" + s
	}
	return s
}

func formatDate(ms int64) string {
	t := time.UnixMilli(ms).UTC()
	return pad(t.Year(), 4) + "-" + pad(int(t.Month()), 2) + "-" + pad(t.Day(), 2)
}

func formatDateTimeLocal(ms int64) string {
	day := ms / msPerDay
	if ms < 0 && ms%msPerDay != 0 {
		day--
	}
	return formatDate(day*msPerDay) + "T" + formatTime(ms-day*msPerDay)
}

// weeksIn is the number of weeks of a week-numbering year: 53 when it
// starts on a Thursday, or on a Wednesday in a leap year.
func weeksIn(y int) int {
	wd := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).Weekday()
	if wd == time.Thursday || (wd == time.Wednesday && daysIn(y, 2) == 29) {
		return 53
	}
	return 52
}

// parseWeek parses a valid week string "YYYY-Www" (HTML §2.3.5.8).
func parseWeek(s string) (y, w int, ok bool) {
	y, s, ok = parseYear(s)
	if !ok || len(s) < 2 || s[0] != '-' || s[1] != 'W' {
		return 0, 0, false
	}
	w, s, ok = parse2(s[2:])
	if !ok || s != "" || w < 1 || w > weeksIn(y) || weekStart(y, w) > maxDateMS {
		return 0, 0, false
	}
	return y, w, true
}

// weekStart is the milliseconds of the Monday 00:00 UTC starting week w of
// week-year y.
func weekStart(y, w int) int64 {
	jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, time.UTC)
	back := (int(jan4.Weekday()) + 6) % 7
	monday := jan4.AddDate(0, 0, -back+(w-1)*7)
	return monday.UnixMilli()
}

func formatWeek(ms int64) string {
	y, w := time.UnixMilli(ms).UTC().ISOWeek()
	return pad(y, 4) + "-W" + pad(w, 2)
}

// stringToNumber is the input type's algorithm to convert a string to a
// number; ok is false for the types without one and for bad strings.
func stringToNumber(typ, s string) (float64, bool) {
	switch typ {
	case "number", "range":
		f, ok := parseFloatValue(s)
		return f + 0, ok // -0 reads as 0, as in Chromium
	case "date":
		y, m, d, ok := parseDate(s)
		if !ok {
			return 0, false
		}
		return float64(daysFromCivil(y, m, d) * msPerDay), true
	case "month":
		y, m, ok := parseMonth(s)
		if !ok {
			return 0, false
		}
		return float64((y-1970)*12 + m - 1), true
	case "week":
		y, w, ok := parseWeek(s)
		if !ok {
			return 0, false
		}
		return float64(weekStart(y, w)), true
	case "time":
		ms, ok := parseTime(s)
		return float64(ms), ok
	case "datetime-local":
		ms, ok := parseDateTimeLocal(s)
		return float64(ms), ok
	}
	return 0, false
}

// numberToString is the input type's algorithm to convert a number to a
// string; "" for a date or time beyond what a JavaScript Date holds.
func numberToString(typ string, f float64) string {
	switch typ {
	case "date", "week", "datetime-local":
		if math.Abs(f) > maxDateMS {
			return ""
		}
	}
	switch typ {
	case "number", "range":
		return formatNumber(f)
	case "date":
		return formatDate(int64(math.Floor(f/msPerDay)) * msPerDay)
	case "month":
		m := int(math.Floor(f))
		y := 1970 + floorDiv(m, 12)
		return pad(y, 4) + "-" + pad(m-floorDiv(m, 12)*12+1, 2)
	case "week":
		return formatWeek(int64(f))
	case "time":
		return formatTime(int64(math.Round(f)))
	case "datetime-local":
		return formatDateTimeLocal(int64(math.Round(f)))
	}
	return ""
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// hasNumber reports the input types whose value converts to a number.
func hasNumber(typ string) bool {
	switch typ {
	case "number", "range", "date", "month", "week", "time", "datetime-local":
		return true
	}
	return false
}

// sanitizeRange is the range type's sanitization: a number, else the
// default value, clamped to [min, max] and put on the step (HTML
// §4.10.5.1.14).
func (n *Node) sanitizeRange(v string) string {
	lo, hi := n.rangeBounds()
	f, ok := parseFloatValue(v)
	if !ok {
		f = lo
		if hi >= lo {
			f = lo + (hi-lo)/2
		}
	}
	f = math.Max(lo, math.Min(hi, f))
	if step, ok := n.allowedStep("range"); ok {
		base := lo
		k := math.Floor((f-base)/step + 0.5)
		g := roundLike(base+k*step, base, step, f)
		if g > hi {
			g = roundLike(base+(k-1)*step, base, step, f)
		}
		f = g
	}
	return formatNumber(f)
}

// rangeBounds are the range type's minimum and maximum (defaults 0 and
// 100; a maximum below the minimum is the minimum).
func (n *Node) rangeBounds() (lo, hi float64) {
	lo, hi = 0, 100
	if v, ok := attrVal(n.h, "min"); ok {
		if f, ok := parseFloatValue(v); ok {
			lo = f
		}
	}
	if v, ok := attrVal(n.h, "max"); ok {
		if f, ok := parseFloatValue(v); ok {
			hi = f
		}
	}
	if hi < lo {
		hi = lo
	}
	return lo, hi
}

// roundLike rounds f to the decimal places of the numbers it was computed
// from, so stepping 0.1 from 0.2 gives 0.3 and not 0.30000000000000004, as
// Chromium's decimal arithmetic does.
func roundLike(f float64, from ...float64) float64 {
	places := 0
	for _, g := range from {
		if p := decimals(g); p > places {
			places = p
		}
	}
	if places > 15 {
		return f
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(f, 'f', places, 64), 64)
	if err != nil {
		return f
	}
	return r
}

func decimals(f float64) int {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}
