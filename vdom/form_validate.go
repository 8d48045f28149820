package vdom

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Constraint validation (HTML §4.10.20, and the constraints of each input
// type in §4.10.5).

// ValidityState holds the validity flags of a control, as the DOM's
// ValidityState interface does. Valid is true when every other flag is
// false.
type ValidityState struct {
	ValueMissing    bool
	TypeMismatch    bool
	PatternMismatch bool
	TooLong         bool
	TooShort        bool
	RangeUnderflow  bool
	RangeOverflow   bool
	StepMismatch    bool
	BadInput        bool
	CustomError     bool
	Valid           bool
}

// WillValidate reports whether the element is a candidate for constraint
// validation: a button, input, select or textarea that is not barred from
// it (HTML §4.10.20.1). Barred are disabled controls, inputs of type
// hidden, reset and button (and image, as in Chromium), buttons of type reset and button, inputs and
// textareas with the readonly attribute, and controls inside a datalist.
func (n *Node) WillValidate() bool {
	h := n.h
	if !n.isSubmittable() || n.IsDisabled() {
		return false
	}
	switch h.DataAtom {
	case atom.Input:
		switch inputType(h) {
		case "hidden", "reset", "button", "image":
			// Image buttons are barred in Chromium, not in the standard.
			return false
		}
		if hasAttr(h, "readonly") {
			return false
		}
	case atom.Button:
		if buttonType(h) != "submit" {
			return false
		}
	case atom.Textarea:
		if hasAttr(h, "readonly") {
			return false
		}
	}
	for p := h.Parent; p != nil; p = p.Parent {
		if isHTML(p, atom.Datalist) {
			return false
		}
	}
	return true
}

// Validity returns the element's validity flags. They are computed for
// every listed element, also those barred from constraint validation (a
// disabled checkbox that is required is still missing its value), as the
// standard and Chromium do; a text control that is disabled or readonly is
// not missing its value, since it is not mutable. BadInput is set for a
// number field whose typed text is not a number (see EditAsUser); a
// program can only set whole values.
func (n *Node) Validity() ValidityState {
	var v ValidityState
	if st := n.doc.peek(n.h); st != nil && st.custom != "" && isListed(n.h) {
		v.CustomError = true
	}
	if n.h.Namespace == "" {
		switch n.h.DataAtom {
		case atom.Input:
			n.inputValidity(&v)
			v.BadInput = n.badInput()
		case atom.Textarea:
			val := n.Value()
			v.ValueMissing = hasAttr(n.h, "required") && n.mutable() && val == ""
			v.TooLong, v.TooShort = n.lengthConstraints(val)
		case atom.Select:
			v.ValueMissing = n.selectValueMissing()
		}
	}
	v.Valid = !(v.ValueMissing || v.TypeMismatch || v.PatternMismatch || v.TooLong || v.TooShort ||
		v.RangeUnderflow || v.RangeOverflow || v.StepMismatch || v.BadInput || v.CustomError)
	return v
}

func (n *Node) inputValidity(v *ValidityState) {
	h := n.h
	typ := inputType(h)
	val := n.Value()
	required := hasAttr(h, "required")
	switch typ {
	case "checkbox":
		v.ValueMissing = required && !n.checkedness()
	case "radio":
		v.ValueMissing = radioMissing(n)
	case "file":
		v.ValueMissing = required && !n.hasFiles()
	case "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number":
		v.ValueMissing = required && n.mutable() && val == ""
	}
	switch typ {
	case "email":
		v.TypeMismatch = val != "" && n.invalidEmail(val) != nil
	case "url":
		v.TypeMismatch = val != "" && !validAbsoluteURL(val)
	}
	switch typ {
	case "text", "search", "url", "tel", "email", "password":
		v.PatternMismatch = n.patternMismatch(val)
		v.TooLong, v.TooShort = n.lengthConstraints(val)
	}
	if hasNumber(typ) && val != "" {
		f, ok := stringToNumber(typ, val)
		if !ok {
			return
		}
		lo, hasLo := n.minimum(typ)
		hi, hasHi := n.maximum(typ)
		if typ == "time" && hasLo && hasHi && lo > hi {
			// A reversed time range wraps past midnight.
			out := f < lo && f > hi
			v.RangeUnderflow, v.RangeOverflow = out, out
		} else {
			v.RangeUnderflow = hasLo && f < lo
			v.RangeOverflow = hasHi && f > hi
		}
		if step, ok := n.allowedStep(typ); ok {
			v.StepMismatch = !onStep(f, n.stepBase(typ), step)
		}
	}
}

// mutable reports a text control the user could edit: not disabled, not
// readonly.
func (n *Node) mutable() bool { return !n.IsDisabled() && !hasAttr(n.h, "readonly") }

// selectValueMissing: a required select with no selected option, or whose
// only selected option is its placeholder label option.
func (n *Node) selectValueMissing() bool {
	if !hasAttr(n.h, "required") {
		return false
	}
	opts := n.settleSelect()
	first := -1
	for i, o := range opts {
		if n.doc.rawSelected(o) {
			first = i
			break
		}
	}
	if first < 0 {
		return true
	}
	return first == 0 && n.placeholderLabelOption() != nil
}

// placeholderLabelOption is the select's placeholder label option: for a
// single select of display size 1, its first option when that is a child
// of the select with an empty value.
func (n *Node) placeholderLabelOption() *html.Node {
	if hasAttr(n.h, "multiple") || n.displaySize() != 1 {
		return nil
	}
	opts := n.listOfOptions()
	if len(opts) == 0 || opts[0].Parent != n.h || optionValue(opts[0]) != "" {
		return nil
	}
	return opts[0]
}

// lengthConstraints: tooLong and tooShort apply only to a value the user
// edited last (HTML §4.10.18.3 "maxlength", "minlength"); a program's
// values never suffer from them.
func (n *Node) lengthConstraints(val string) (tooLong, tooShort bool) {
	st := n.doc.peek(n.h)
	if st == nil || !st.dirtyValue || !st.userEdit {
		return false, false
	}
	l := utf16Len(val)
	if v, ok := attrVal(n.h, "maxlength"); ok {
		if max, ok := parseNonNegative(v); ok && l > max {
			tooLong = true
		}
	}
	if v, ok := attrVal(n.h, "minlength"); ok {
		if min, ok := parseNonNegative(v); ok && l > 0 && l < min {
			tooShort = true
		}
	}
	return tooLong, tooShort
}

// patternMismatch: a non-empty value (each value of a multiple email
// input) that the pattern attribute, anchored at both ends, does not
// match. An invalid pattern is ignored, as the standard says. Go's RE2
// syntax is used: JavaScript-only features (lookaround, backreferences)
// make the pattern invalid here.
func (n *Node) patternMismatch(val string) bool {
	p, ok := attrVal(n.h, "pattern")
	if !ok || val == "" {
		return false
	}
	re, err := regexp.Compile("^(?:" + p + ")$")
	if err != nil {
		return false
	}
	if inputType(n.h) == "email" && hasAttr(n.h, "multiple") {
		for _, part := range strings.Split(val, ",") {
			if !re.MatchString(part) {
				return true
			}
		}
		return false
	}
	return !re.MatchString(val)
}

// emailProblem says what is wrong with one address, for the message.
type emailProblem struct {
	addr string
}

var validEmail = regexp.MustCompile("^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$")

// invalidEmail returns the first address of the value that is not a valid
// e-mail address (HTML §4.10.5.1.5), nil when all are.
func (n *Node) invalidEmail(val string) *emailProblem {
	if !hasAttr(n.h, "multiple") {
		if !isValidEmail(val) {
			return &emailProblem{val}
		}
		return nil
	}
	for _, a := range strings.Split(val, ",") {
		if !isValidEmail(a) {
			return &emailProblem{a}
		}
	}
	return nil
}

// isValidEmail matches the standard's valid e-mail address. Chromium first
// turns an internationalized domain into its ASCII (punycode) form; here a
// non-ASCII letter of the domain counts as a letter, which agrees with
// that for ordinary internationalized names without pulling in IDNA
// tables.
func isValidEmail(a string) bool {
	if at := strings.LastIndexByte(a, '@'); at >= 0 {
		if domain := a[at+1:]; !isASCII(domain) {
			a = a[:at+1] + asciiStandIn(domain)
		}
	}
	return validEmail.MatchString(a)
}

// asciiStandIn replaces each non-ASCII letter or digit with "a", and other
// non-ASCII characters with "_", which no domain may hold.
func asciiStandIn(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteByte('a')
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// validAbsoluteURL tells a valid absolute URL as Chromium does: a scheme
// (a letter, then letters, digits, "+", "-", "."), a colon, and for the
// special schemes something after the slashes. Chromium accepts more than
// the URL standard here ("http://a b" is valid to it).
func validAbsoluteURL(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok || scheme == "" || !isAlpha(scheme[0]) {
		return false
	}
	for i := 1; i < len(scheme); i++ {
		c := scheme[i]
		if !isAlnum(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss", "ftp":
		return strings.TrimLeft(rest, "/\\") != ""
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// stepParams are the input type's default step and step scale factor.
func stepParams(typ string) (def, scale float64, ok bool) {
	switch typ {
	case "number", "range", "month":
		return 1, 1, true
	case "date":
		return 1, msPerDay, true
	case "week":
		return 1, 7 * msPerDay, true
	case "time", "datetime-local":
		return 60, 1000, true
	}
	return 0, 0, false
}

// allowedStep is the input's allowed value step (HTML §4.10.5.3.8); ok is
// false when there is none: step="any" or a type without steps.
func (n *Node) allowedStep(typ string) (float64, bool) {
	def, scale, ok := stepParams(typ)
	if !ok {
		return 0, false
	}
	v, has := attrVal(n.h, "step")
	if !has {
		return def * scale, true
	}
	if strings.EqualFold(v, "any") {
		return 0, false
	}
	f, ok := parseFloatLenient(v)
	if !ok || f <= 0 {
		return def * scale, true
	}
	if typ == "date" || typ == "month" || typ == "week" {
		f = math.Round(f)
		if f < 1 {
			f = 1
		}
	}
	return f * scale, true
}

// parseFloatLenient follows the rules for parsing floating-point number
// values (HTML §2.3.4.3): leading white space, an optional sign, digits,
// an optional fraction and exponent; what follows is ignored.
func parseFloatLenient(s string) (float64, bool) {
	s = strings.TrimLeft(s, asciiSpace)
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	start := i
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i < len(s) && s[i] == '.' && i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
		i++
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
	}
	if i == start {
		return 0, false
	}
	end := i
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		k := j
		for k < len(s) && '0' <= s[k] && s[k] <= '9' {
			k++
		}
		if k > j {
			end = k
		}
	}
	num := s[:end]
	if strings.HasPrefix(num, "+") {
		num = num[1:]
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// minimum is the input's minimum: its min attribute converted as its type
// converts values; for range 0 when absent.
func (n *Node) minimum(typ string) (float64, bool) {
	if v, ok := attrVal(n.h, "min"); ok {
		if f, ok := stringToNumber(typ, v); ok {
			return f, true
		}
	}
	if typ == "range" {
		return 0, true
	}
	return 0, false
}

// maximum is the input's maximum; for range 100 when absent, and never
// below the minimum.
func (n *Node) maximum(typ string) (float64, bool) {
	if typ == "range" {
		_, hi := n.rangeBounds()
		return hi, true
	}
	if v, ok := attrVal(n.h, "max"); ok {
		if f, ok := stringToNumber(typ, v); ok {
			return f, true
		}
	}
	return 0, false
}

// stepBase is the input's step base: the minimum, else the value
// attribute, else the type's default step base.
func (n *Node) stepBase(typ string) float64 {
	if v, ok := attrVal(n.h, "min"); ok {
		if f, ok := stringToNumber(typ, v); ok {
			return f
		}
	}
	if v, ok := attrVal(n.h, "value"); ok {
		if f, ok := stringToNumber(typ, v); ok {
			return f
		}
	}
	if typ == "week" {
		return -259200000
	}
	return 0
}

// onStep reports whether f - base is an integral multiple of step, with
// the tolerance decimal fractions need in binary.
func onStep(f, base, step float64) bool {
	q := (f - base) / step
	return math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q))
}

// SetCustomValidity sets the custom validity error message of a listed
// element (button, fieldset, input, object, output, select, textarea); ""
// clears it.
func (n *Node) SetCustomValidity(msg string) {
	if isListed(n.h) {
		n.doc.state(n.h).custom = msg
	}
}

// CheckValidity checks the element's constraints as the DOM checkValidity
// does: an invalid candidate gets a cancelable "invalid" event and the
// result is false. On a form, every submittable element it owns is
// checked, and each invalid one gets its event. The error is that of the
// dispatches, as DispatchEvent reports it.
func (n *Node) CheckValidity() (bool, error) {
	if isHTML(n.h, atom.Form) {
		valid, _, err := n.checkConstraints()
		return valid, err
	}
	if !n.WillValidate() || n.Validity().Valid {
		return true, nil
	}
	_, err := dispatchAs(n, NewEventWith("invalid", EventInit{Cancelable: true}), true)
	return false, err
}

// ReportValidity is CheckValidity that also reports the problem to the
// user when the invalid event is not canceled: as Chromium does, it focuses
// the invalid control (on a form, the first one whose event was not
// canceled). There is no message bubble to show.
func (n *Node) ReportValidity() (bool, error) {
	var unhandled []*Node
	var err error
	if isHTML(n.h, atom.Form) {
		var valid bool
		valid, unhandled, err = n.checkConstraints()
		if valid {
			return true, err
		}
	} else {
		if !n.WillValidate() || n.Validity().Valid {
			return true, nil
		}
		var notCanceled bool
		notCanceled, err = dispatchAs(n, NewEventWith("invalid", EventInit{Cancelable: true}), true)
		if notCanceled {
			unhandled = []*Node{n}
		}
	}
	for _, c := range unhandled {
		if c.IsConnected() && c.IsFocusable() {
			err = errors.Join(err, c.Focus())
			break
		}
	}
	return false, err
}

// checkConstraints statically validates the constraints of the form n
// (HTML §4.10.20.2): valid is true when every submittable element it owns
// satisfies its constraints; otherwise each invalid one, in tree order,
// gets a cancelable "invalid" event, and unhandled holds those whose event
// was not canceled.
func (n *Node) checkConstraints() (valid bool, unhandled []*Node, err error) {
	var invalid []*Node
	for _, h := range n.doc.formControls(n) {
		if c := n.doc.wrap(h); c.isSubmittable() && c.WillValidate() && !c.Validity().Valid {
			invalid = append(invalid, c)
		}
	}
	if len(invalid) == 0 {
		return true, nil, nil
	}
	var errs []error
	for _, c := range invalid {
		notCanceled, derr := dispatchAs(c, NewEventWith("invalid", EventInit{Cancelable: true}), true)
		if derr != nil {
			errs = append(errs, derr)
		}
		if notCanceled {
			unhandled = append(unhandled, c)
		}
	}
	return false, unhandled, errors.Join(errs...)
}

// staticallyValidate is the form's "statically validate the constraints":
// it fires invalid at each invalid control and returns those whose event
// was not canceled. A form whose controls are all valid returns nil, nil;
// a form with invalid controls whose events were all canceled returns an
// empty, non-nil slice. Use checkConstraints to get the verdict apart.
func (n *Node) staticallyValidate() (unhandled []*Node, err error) {
	valid, unhandled, err := n.checkConstraints()
	if !valid && unhandled == nil {
		unhandled = []*Node{}
	}
	return unhandled, err
}

// ValidationMessage returns the message Chromium (in English) shows for
// the element's first failed constraint, "" when it is valid or not a
// candidate: the custom message first, then value missing, type
// mismatch, pattern, length, range and step.
func (n *Node) ValidationMessage() string {
	if !n.WillValidate() {
		return ""
	}
	if st := n.doc.peek(n.h); st != nil && st.custom != "" {
		return st.custom
	}
	v := n.Validity()
	if v.Valid {
		return ""
	}
	h := n.h
	typ := n.Type()
	switch {
	case v.ValueMissing:
		switch {
		case typ == "checkbox":
			return "Please check this box if you want to proceed."
		case typ == "radio":
			return "Please select one of these options."
		case typ == "file" && hasAttr(h, "multiple"):
			return "Please select one or more files."
		case typ == "file":
			return "Please select a file."
		case h.DataAtom == atom.Select:
			return "Please select an item in the list."
		}
		return "Please fill out this field."
	case v.BadInput:
		// Chromium reports bad input right after a missing value.
		return "Please enter a number."
	case v.TypeMismatch:
		if typ == "url" {
			return "Please enter a URL."
		}
		return n.emailMessage()
	case v.PatternMismatch:
		return "Please match the requested format."
	case v.TooLong:
		max, _ := parseNonNegative(attrOr(h, "maxlength"))
		return "Please shorten this text to " + itoa(max) + " characters or less (you are currently using " + itoa(utf16Len(n.Value())) + " characters)."
	case v.TooShort:
		min, _ := parseNonNegative(attrOr(h, "minlength"))
		l := utf16Len(n.Value())
		if l == 1 {
			return "Please lengthen this text to " + itoa(min) + " characters or more (you are currently using 1 character)."
		}
		return "Please lengthen this text to " + itoa(min) + " characters or more (you are currently using " + itoa(l) + " characters)."
	case (v.RangeUnderflow || v.RangeOverflow) && typ == "number" && n.reversedRange(typ):
		// Any value is out of a range whose min is above its max
		// (keys-number-min-above-max).
		lo, _ := n.minimum(typ)
		hi, _ := n.maximum(typ)
		return "Minimum value (" + formatNumber(lo) + ") must be less than the maximum value (" + formatNumber(hi) + ")."
	case v.RangeUnderflow && v.RangeOverflow:
		// A reversed time range.
		lo, _ := n.minimum(typ)
		hi, _ := n.maximum(typ)
		return "Value must be between " + localizeTemporal(typ, numberToString(typ, lo)) + " and " + localizeTemporal(typ, numberToString(typ, hi)) + "."
	case v.RangeUnderflow:
		lo, _ := n.minimum(typ)
		if typ == "number" || typ == "range" {
			return "Value must be greater than or equal to " + formatNumber(lo) + "."
		}
		return "Value must be " + localizeTemporal(typ, numberToString(typ, lo)) + " or later."
	case v.RangeOverflow:
		hi, _ := n.maximum(typ)
		if typ == "number" || typ == "range" {
			return "Value must be less than or equal to " + formatNumber(hi) + "."
		}
		return "Value must be " + localizeTemporal(typ, numberToString(typ, hi)) + " or earlier."
	case v.StepMismatch:
		return n.stepMessage(typ)
	}
	return ""
}

// reversedRange reports an input whose min is above its max.
func (n *Node) reversedRange(typ string) bool {
	lo, hasLo := n.minimum(typ)
	hi, hasHi := n.maximum(typ)
	return hasLo && hasHi && lo > hi
}

// localizeTemporal writes a date or time value as Chromium's English
// (United States) messages do: "01/02/2024", "1:30 PM", "1:30:15.500 PM",
// "01/02/2024, 1:30 PM", "January 2024", "Week 05, 2024".
func localizeTemporal(typ, s string) string {
	switch typ {
	case "date":
		if y, m, d, ok := parseDate(s); ok {
			return pad(m, 2) + "/" + pad(d, 2) + "/" + pad(y, 4)
		}
	case "time":
		if ms, ok := parseTime(s); ok {
			return clockTime(ms)
		}
	case "datetime-local":
		if ms, ok := parseDateTimeLocal(s); ok {
			day := int64(math.Floor(float64(ms) / msPerDay))
			return localizeTemporal("date", formatDate(day*msPerDay)) + ", " + clockTime(ms-day*msPerDay)
		}
	case "month":
		if y, m, ok := parseMonth(s); ok {
			return time.Month(m).String() + " " + pad(y, 4)
		}
	case "week":
		if y, w, ok := parseWeek(s); ok {
			return "Week " + pad(w, 2) + ", " + pad(y, 4)
		}
	}
	return s
}

// clockTime writes milliseconds since midnight on a 12-hour clock, with
// seconds and milliseconds only when they are not zero. As in Chromium's
// English messages, a NARROW NO-BREAK SPACE (U+202F) stands before AM and
// PM.
func clockTime(ms int64) string {
	h, m, s, f := ms/3600000, ms/60000%60, ms/1000%60, ms%1000
	suffix := "\u202fAM"
	if h >= 12 {
		suffix = "\u202fPM"
	}
	h12 := h % 12
	if h12 == 0 {
		h12 = 12
	}
	out := itoa(int(h12)) + ":" + pad(int(m), 2)
	if s != 0 || f != 0 {
		out += ":" + pad(int(s), 2)
		if f != 0 {
			out += "." + pad(int(f), 3)
		}
	}
	return out + suffix
}

func attrOr(h *html.Node, key string) string {
	v, _ := attrVal(h, key)
	return v
}

// emailMessage is Chromium's message for the first invalid address: it
// names what is wrong where it can tell.
func (n *Node) emailMessage() string {
	p := n.invalidEmail(n.Value())
	if p == nil {
		return ""
	}
	a := p.addr
	if a == "" {
		return "Please enter a non-empty email address."
	}
	at := strings.IndexByte(a, '@')
	if at < 0 {
		return "Please include an '@' in the email address. '" + a + "' is missing an '@'."
	}
	local, domain := a[:at], a[at+1:]
	if local == "" {
		return "Please enter a part followed by '@'. '" + a + "' is incomplete."
	}
	if domain == "" {
		return "Please enter a part following '@'. '" + a + "' is incomplete."
	}
	for _, r := range local {
		if !(r < 0x80 && (isAlnum(byte(r)) || strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", r))) {
			return "A part followed by '@' should not contain the symbol '" + string(r) + "'."
		}
	}
	for _, r := range domain {
		idn := r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))
		if !idn && !(r < 0x80 && (isAlnum(byte(r)) || r == '-' || r == '.')) {
			return "A part following '@' should not contain the symbol '" + string(r) + "'."
		}
	}
	if strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "'.' is used at a wrong position in '" + domain + "'."
	}
	if hasAttr(n.h, "multiple") {
		return "Please enter a comma separated list of email addresses."
	}
	return "Please enter an email address."
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// stepMessage names the valid values nearest the value: the value clamped
// to the range and put on the step, and the next one on the other side
// when that is in range.
func (n *Node) stepMessage(typ string) string {
	f, _ := stringToNumber(typ, n.Value())
	step, _ := n.allowedStep(typ)
	base := n.stepBase(typ)
	lo, hasLo := n.minimum(typ)
	hi, hasHi := n.maximum(typ)
	c1 := f
	if hasLo && c1 < lo {
		c1 = lo
	}
	if hasHi && c1 > hi {
		c1 = hi
	}
	c1 = roundLike(base+math.Round((c1-base)/step)*step, base, step, f)
	if hasHi && c1 > hi {
		c1 = roundLike(c1-step, base, step, f)
	}
	c2 := c1 + step
	if c1 > f {
		c2 = c1 - step
	}
	c2 = roundLike(c2, base, step, f)
	if (hasLo && c2 < lo) || (hasHi && c2 > hi) {
		return "Please enter a valid value. The nearest valid value is " + localizeTemporal(typ, numberToString(typ, c1)) + "."
	}
	if c2 < c1 {
		c1, c2 = c2, c1
	}
	return "Please enter a valid value. The two nearest valid values are " + localizeTemporal(typ, numberToString(typ, c1)) +
		" and " + localizeTemporal(typ, numberToString(typ, c2)) + "."
}

// ValueAsNumber returns an input's value as a number for the types that
// have one (number, range, date, month, week, time, datetime-local); NaN
// when the type has none or the value is empty.
func (n *Node) ValueAsNumber() float64 {
	if !isHTML(n.h, atom.Input) {
		return math.NaN()
	}
	typ := inputType(n.h)
	if f, ok := stringToNumber(typ, n.Value()); ok && hasNumber(typ) {
		return f
	}
	return math.NaN()
}

// SetValueAsNumber sets an input's value from a number, as the DOM setter
// does: ErrType for an infinite number, ErrInvalidState for a type without
// numbers; NaN empties the value.
func (n *Node) SetValueAsNumber(f float64) error {
	if math.IsInf(f, 0) {
		return domErrorf(ErrType, "cannot set valueAsNumber of %s to an infinite number", n.describe())
	}
	typ := ""
	if isHTML(n.h, atom.Input) {
		typ = inputType(n.h)
	}
	if !hasNumber(typ) {
		return domErrorf(ErrInvalidState, "%s has no numeric value", n.describe())
	}
	if math.IsNaN(f) {
		return n.SetValue("")
	}
	return n.SetValue(numberToString(typ, f))
}

// StepUp moves the input's value up by count steps, as the DOM stepUp
// does (HTML §4.10.5.4): ErrInvalidState for a type without steps or an
// input without an allowed step (step="any"). The value is put on the
// step grid and kept within min and max.
func (n *Node) StepUp(count int) error { return n.stepBy(count, false) }

// StepDown moves the input's value down by count steps, as StepUp.
func (n *Node) StepDown(count int) error { return n.stepBy(count, true) }

func (n *Node) stepBy(count int, down bool) error {
	typ := ""
	if isHTML(n.h, atom.Input) {
		typ = inputType(n.h)
	}
	if !hasNumber(typ) {
		return domErrorf(ErrInvalidState, "%s does not step: stepUp and stepDown apply to number, range and date and time inputs", n.describe())
	}
	step, ok := n.allowedStep(typ)
	if !ok {
		return domErrorf(ErrInvalidState, "%s has no allowed step (step=\"any\")", n.describe())
	}
	k := float64(count)
	if down {
		k = -k
	}
	current, valid := stringToNumber(typ, n.Value())
	if !valid {
		current = 0
	}
	value, ok := n.applyStep(typ, step, current, valid, k, true)
	if !ok {
		return nil
	}
	return n.SetValue(numberToString(typ, value))
}

// stepBounds are the minimum and maximum stepping keeps a value within
// (ok false for a bound the input does not have).
func (n *Node) stepBounds(typ string) (lo float64, hasLo bool, hi float64, hasHi bool) {
	lo, hasLo = n.minimum(typ)
	hi, hasHi = n.maximum(typ)
	if typ == "time" {
		// A time is within one day, as Chromium bounds it.
		if !hasLo {
			lo, hasLo = 0, true
		}
		if !hasHi {
			hi, hasHi = msPerDay-1, true
		}
	}
	return lo, hasLo, hi, hasHi
}

// applyStep moves current by k steps of step as HTML §4.10.5.4 steps 3 to
// 10 say, with Chromium's departures (docs/html.md), and reports false
// when the steps abort. valid says whether current was the value's number
// (else 0 stands in for it). With snap, a value off the step grid first
// moves onto it; without (a user's step of an input with step="any"), it
// moves by whole steps from where it is.
func (n *Node) applyStep(typ string, step, current float64, valid bool, k float64, snap bool) (float64, bool) {
	lo, hasLo, hi, hasHi := n.stepBounds(typ)
	if hasLo && hasHi && lo > hi {
		return 0, false
	}
	base := n.stepBase(typ)
	alignedMax := hi
	if hasHi {
		alignedMax = roundLike(base+math.Floor((hi-base)/step+1e-9)*step, base, step)
		if hasLo && alignedMax < lo {
			// No value on the step within [lo, hi].
			return 0, false
		}
	}
	value := current
	if snap && !onStep(value, base, step) {
		// Off the step, the first step goes to the nearest value on it in
		// the direction of the step.
		q := (value - base) / step
		switch {
		case k < 0:
			value = base + math.Floor(q)*step
			k++
		case k > 0:
			value = base + math.Ceil(q)*step
			k--
		}
	}
	value = roundLike(value+step*k, base, step, current)
	if hasLo && value < lo {
		value = roundLike(base+math.Ceil((lo-base)/step-1e-9)*step, base, step)
	}
	if hasHi && value > hi {
		value = alignedMax
	}
	// Stepping does not move the value backwards (HTML §4.10.5.4 step 10),
	// which Chromium checks only for a valid value on the step.
	if valid && ((k < 0 && value > current) || (k > 0 && value < current)) {
		return 0, false
	}
	return value, true
}
