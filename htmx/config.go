package htmx

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// config is htmx's configuration (htmx.config), as the page's
// <meta name="htmx-config"> sets it over each version's defaults.
type config struct {
	defaultSwap   string
	swapDelay     time.Duration
	settleDelay   time.Duration
	indicatorCSS  bool
	requestClass  string
	indicatorCls  string
	addedClass    string
	settlingClass string
	swappingClass string
	// history: pushing and restoring (htmx 2 historyEnabled, htmx 4
	// history); historyReload: reload on a miss or always (htmx 2
	// refreshOnHistoryMiss, htmx 4 history "reload").
	history       bool
	historyReload bool
	historyCache  int
	// historyRestoreAsHX: htmx 2's historyRestoreAsHxRequest, the
	// restore request's HX-Request header.
	historyRestoreAsHX bool
	ignoreTitle        bool
	selfOnly           bool
	timeout            time.Duration
	// inheritance: htmx 2's disableInheritance turns implicit
	// inheritance off; htmx 4's implicitInheritance turns it on.
	implicitInheritance bool
	responseHandling    []responseRule
	noSwap              []string
	queryVerbs          map[string]bool
	nestedOOB           bool
	attributesToSettle  []string
	emptySwapAfterOOB   bool
	prefix              string
	metaCharacter       string
	focusScroll         bool
	scrollIntoViewBoost bool
	allowScriptTags     bool
}

// responseRule is one entry of htmx 2's responseHandling.
type responseRule struct {
	code        string
	swap        bool
	isError     bool
	ignoreTitle bool
	selectSel   string
	target      string
	swapOver    string
	event       string
}

func defaultConfig(b *behaviour) config {
	c := config{
		defaultSwap: "innerHTML", settleDelay: b.settleDelay, indicatorCSS: true,
		requestClass: "htmx-request", indicatorCls: "htmx-indicator", addedClass: "htmx-added",
		settlingClass: "htmx-settling", swappingClass: "htmx-swapping", history: true,
		implicitInheritance: b.implicitInheritance, queryVerbs: b.queryVerbs, nestedOOB: true,
		attributesToSettle: []string{"class", "style", "width", "height"}, prefix: b.dataPrefix,
		allowScriptTags: true,
	}
	if b.v4 {
		c.noSwap = []string{"204", "304"}
		c.timeout = 60 * time.Second
	} else {
		c.historyCache = 10
		c.historyRestoreAsHX = true
		c.selfOnly = true
		c.scrollIntoViewBoost = true
		c.responseHandling = []responseRule{
			{code: "204", swap: false},
			{code: "[23]..", swap: true},
			{code: "[45]..", swap: false, isError: true},
		}
	}
	return c
}

// readConfig applies the page's <meta name="htmx-config"> (the first,
// as htmx reads it) and returns the errors of keys it cannot use.
func (e *Engine) readConfig() {
	e.cfg = defaultConfig(e.b)
	// Made under the prefix the config may change.
	e.prefixed, e.sel4 = nil, selectors4{}
	meta, _ := e.doc.QuerySelector(`meta[name="htmx-config"]`)
	if meta == nil {
		return
	}
	content, _ := meta.GetAttribute("content")
	var raw map[string]any
	var err error
	if e.b.v4 && !strings.HasPrefix(strings.TrimSpace(content), "{") {
		raw, err = parseHCON(content)
	} else {
		dec := json.NewDecoder(strings.NewReader(content))
		dec.UseNumber()
		err = dec.Decode(&raw)
	}
	if err != nil {
		e.report(attrError(ErrSyntax, meta, "content", content, jsonOffset(err), "htmx-config is not a JSON object: %v", err))
		return
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := e.cfg.set(e.b, k, raw[k]); err != nil {
			e.report(attrError(ErrSyntax, meta, "content", content, -1, "htmx-config %q: %v", k, err))
		}
	}
}

// noEffect are the configuration keys that change nothing without a
// browser's layout, transitions or logging: accepted and ignored.
var noEffect = map[string]bool{
	"logAll": true, "scrollBehavior": true, "wsReconnectDelay": true, "wsBinaryType": true, "withCredentials": true,
	"inlineScriptNonce": true, "inlineStyleNonce": true, "triggerSpecsCache": true, "getCacheBusterParam": false,
	"globalViewTransitions": true, "transitions": true, "morphScanLimit": true, "allowEval": true,
	"reportValidityOfForms": true, "mode": true, "defaultFocusScroll": true,
}

// set applies one configuration key.
func (c *config) set(b *behaviour, key string, v any) error {
	switch {
	case noEffect[key]:
		return nil
	case key == "defaultSwapStyle" && !b.v4, key == "defaultSwap" && b.v4:
		return setString(&c.defaultSwap, v)
	case key == "defaultSwapDelay" && !b.v4:
		return setMillis(&c.swapDelay, v)
	case key == "defaultSettleDelay":
		return setMillis(&c.settleDelay, v)
	case key == "includeIndicatorStyles" && !b.v4, key == "includeIndicatorCSS" && b.v4:
		return setBool(&c.indicatorCSS, v)
	case key == "indicatorClass":
		return setString(&c.indicatorCls, v)
	case key == "requestClass":
		return setString(&c.requestClass, v)
	case key == "addedClass" && !b.v4:
		return setString(&c.addedClass, v)
	case key == "settlingClass" && !b.v4:
		return setString(&c.settlingClass, v)
	case key == "swappingClass" && !b.v4:
		return setString(&c.swappingClass, v)
	case key == "historyEnabled" && !b.v4:
		return setBool(&c.history, v)
	case key == "history" && b.v4:
		if s, ok := v.(string); ok && s == "reload" {
			c.history, c.historyReload = true, true
			return nil
		}
		return setBool(&c.history, v)
	case key == "refreshOnHistoryMiss" && !b.v4:
		return setBool(&c.historyReload, v)
	case key == "historyCacheSize" && !b.v4:
		return setInt(&c.historyCache, v)
	case key == "historyRestoreAsHxRequest" && !b.v4:
		return setBool(&c.historyRestoreAsHX, v)
	case key == "ignoreTitle" && !b.v4:
		return setBool(&c.ignoreTitle, v)
	case key == "selfRequestsOnly" && !b.v4:
		return setBool(&c.selfOnly, v)
	case key == "timeout" && !b.v4, key == "defaultTimeout" && b.v4:
		return setMillis(&c.timeout, v)
	case key == "disableInheritance" && !b.v4:
		var off bool
		if err := setBool(&off, v); err != nil {
			return err
		}
		c.implicitInheritance = !off
		return nil
	case key == "implicitInheritance" && b.v4:
		return setBool(&c.implicitInheritance, v)
	case key == "responseHandling" && !b.v4:
		return c.setResponseHandling(v)
	case key == "noSwap" && b.v4:
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("want a list of statuses, got %v", v)
		}
		c.noSwap = nil
		for _, x := range list {
			c.noSwap = append(c.noSwap, fmt.Sprint(x))
		}
		return nil
	case key == "methodsThatUseUrlParams" && !b.v4:
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("want a list of methods, got %v", v)
		}
		c.queryVerbs = map[string]bool{}
		for _, x := range list {
			c.queryVerbs[strings.ToUpper(fmt.Sprint(x))] = true
		}
		return nil
	case key == "allowNestedOobSwaps" && !b.v4:
		return setBool(&c.nestedOOB, v)
	case key == "attributesToSettle" && !b.v4:
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("want a list of attribute names, got %v", v)
		}
		c.attributesToSettle = nil
		for _, x := range list {
			c.attributesToSettle = append(c.attributesToSettle, fmt.Sprint(x))
		}
		return nil
	case key == "allowEmptySwapAfterOOB" && b.v4:
		return setBool(&c.emptySwapAfterOOB, v)
	case key == "prefix" && b.v4:
		return setString(&c.prefix, v)
	case key == "metaCharacter" && b.v4:
		return setString(&c.metaCharacter, v)
	case key == "scrollIntoViewOnBoost" && !b.v4:
		return setBool(&c.scrollIntoViewBoost, v)
	case key == "allowScriptTags" && !b.v4:
		return setBool(&c.allowScriptTags, v)
	case key == "extensions" && b.v4:
		return nil
	case key == "disableSelector" && !b.v4, key == "morphIgnore", key == "morphSkip", key == "morphSkipChildren":
		return fmt.Errorf("not supported")
	}
	return fmt.Errorf("not a setting of %v", b.version)
}

func (c *config) setResponseHandling(v any) error {
	list, ok := v.([]any)
	if !ok {
		return fmt.Errorf("want a list of rules, got %v", v)
	}
	c.responseHandling = nil
	for i, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			return fmt.Errorf("rule %d is not an object", i)
		}
		r := responseRule{}
		for k, val := range m {
			var err error
			switch k {
			case "code":
				err = setString(&r.code, val)
			case "swap":
				err = setBool(&r.swap, val)
			case "error":
				err = setBool(&r.isError, val)
			case "ignoreTitle":
				err = setBool(&r.ignoreTitle, val)
			case "select":
				err = setString(&r.selectSel, val)
			case "target":
				err = setString(&r.target, val)
			case "swapOverride":
				err = setString(&r.swapOver, val)
			case "event":
				err = setString(&r.event, val)
			default:
				err = fmt.Errorf("unknown key %q", k)
			}
			if err != nil {
				return fmt.Errorf("rule %d: %v", i, err)
			}
		}
		c.responseHandling = append(c.responseHandling, r)
	}
	return nil
}

func setString(dst *string, v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("want a string, got %v", v)
	}
	*dst = s
	return nil
}

func setBool(dst *bool, v any) error {
	switch x := v.(type) {
	case bool:
		*dst = x
		return nil
	case string:
		if x == "true" || x == "false" {
			*dst = x == "true"
			return nil
		}
	}
	return fmt.Errorf("want true or false, got %v", v)
}

func setInt(dst *int, v any) error {
	n, err := strconv.Atoi(fmt.Sprint(v))
	if err != nil {
		return fmt.Errorf("want a number, got %v", v)
	}
	*dst = n
	return nil
}

func setMillis(dst *time.Duration, v any) error {
	f, err := strconv.ParseFloat(fmt.Sprint(v), 64)
	if err != nil {
		if d, ok := parseInterval(fmt.Sprint(v)); ok {
			*dst = d
			return nil
		}
		return fmt.Errorf("want milliseconds, got %v", v)
	}
	*dst = time.Duration(f * float64(time.Millisecond))
	return nil
}

// jsonOffset is the offset of a JSON syntax error, -1 when unknown.
func jsonOffset(err error) int {
	if se, ok := err.(*json.SyntaxError); ok {
		return int(se.Offset)
	}
	return -1
}

// statusSwaps returns what htmx 2's responseHandling says of status.
func (c *config) responseRuleFor(status int) responseRule {
	s := strconv.Itoa(status)
	for _, r := range c.responseHandling {
		if codeMatches(r.code, s) {
			return r
		}
	}
	return responseRule{}
}

// codeMatches runs the regular expression of a responseHandling code
// against the status text, unanchored, as new RegExp(code).test does.
// The codes use digits, dots, character classes and x; anything else
// does not match.
func codeMatches(code, status string) bool {
	re, err := compileCode(code)
	if err != nil {
		return false
	}
	return re.MatchString(status)
}

// noSwapFor reports whether htmx 4's noSwap lists status, as a number,
// as "4x"-style two digits or "4xx".
func (c *config) noSwapFor(status int) bool {
	s := strconv.Itoa(status)
	for _, pattern := range []string{s, s[:2] + "x", s[:1] + "xx"} {
		if slices.Contains(c.noSwap, pattern) {
			return true
		}
	}
	return false
}

// metaChar adjusts an attribute or event name for htmx 4's
// metaCharacter.
func (c *config) metaChar(s string) string {
	if c.metaCharacter == "" {
		return s
	}
	return strings.ReplaceAll(s, ":", c.metaCharacter)
}

var _ = vdom.NewDocument
