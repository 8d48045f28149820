package htmx

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Version is the htmx a page runs: V2 (htmx 2.0.x) or V4 (htmx 4.0.x).
// The zero Version means "the default": in Options it is DefaultVersion.
type Version int

// The versions the package runs, and the one a page gets when its script
// names none and Options.Version is zero.
const (
	V2             Version = 2
	V4             Version = 4
	DefaultVersion         = V2
)

// String names the version and the release whose behaviour the package
// follows: "htmx 2 (2.0.11)".
func (v Version) String() string {
	switch v {
	case V2:
		return "htmx 2 (2.0.11)"
	case V4:
		return "htmx 4 (4.0.1)"
	case 0:
		return "htmx (default version)"
	}
	return "htmx " + strconv.Itoa(int(v)) + " (unsupported)"
}

// scriptVersion finds the major version in the src of an htmx script:
// "htmx-2.0.11.min.js", "htmx.org@4.0.1/dist/htmx.js",
// "/npm/htmx.org@2/dist/htmx.min.js", "htmx@1.9.12". It returns 0 when
// the URL carries none ("/js/htmx.min.js").
var scriptVersionPattern = regexp.MustCompile(`(?i)htmx(?:\.org)?[@\-]v?(\d+)(?:[.\-/]|$)`)

func scriptVersion(src string) int {
	m := scriptVersionPattern.FindStringSubmatch(src)
	if m == nil {
		return 0
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return 0
	}
	return n
}

// htmxFileName matches the last path segment of htmx's own script: its
// dist files (htmx.js, htmx.min.js, htmx.esm.js), a versioned copy
// (htmx-2.0.11.min.js), or a CDN's package URL (htmx.org@2.0.4).
var htmxFileName = regexp.MustCompile(`(?i)^htmx(?:\.org)?(?:[@\-.][^/]*)?$`)

// isHTMXScript reports whether a script's src names htmx itself, not one
// of its extensions (htmx-ext-*, or a file under htmx 4's ext/).
func isHTMXScript(src string) bool {
	path, _, _ := strings.Cut(src, "?")
	path, _, _ = strings.Cut(path, "#")
	name := path[strings.LastIndexByte(path, '/')+1:]
	if strings.HasPrefix(strings.ToLower(name), "htmx-ext-") || strings.Contains(path, "/ext/") {
		return false
	}
	return htmxFileName.MatchString(name)
}

// behaviour is what a version does differently, as data: the switches
// the engine reads wherever htmx 2 and htmx 4 part ways. Behaviour that
// differs in the order of steps is in the engine, keyed on v4.
type behaviour struct {
	version Version
	v4      bool
	// prefixes are the attribute prefixes besides "hx-": "data-hx-".
	dataPrefix string
	// implicitInheritance: attributes on ancestors apply (htmx 2; htmx 4
	// only with config implicitInheritance or attr:inherited).
	implicitInheritance bool
	// formVerbs send the enclosing form; queryVerbs put the parameters
	// in the URL.
	formVerbs  map[string]bool
	queryVerbs map[string]bool
	// plusForSpace: URLSearchParams encoding (htmx 4) instead of
	// encodeURIComponent (htmx 2).
	plusForSpace bool
	// formContentType is the Content-Type of a url-encoded body.
	formContentType string
	// accept is the Accept header htmx sets ("" leaves the browser's
	// */*).
	accept string
	// settleDelay is the default settle delay; settleAlways: htmx 2
	// settles (classes, processing) after every swap, htmx 4 only when
	// attributes of kept elements need it.
	settleDelay  time.Duration
	settleAlways bool
	// noSwap: the statuses not swapped by default.
	defaultSwap string
	// kebabAliases: htmx 2 dispatches each camelCase event again in
	// kebab case.
	kebabAliases bool
	// ev are the names of the events the engine fires.
	ev eventNames
}

// eventNames are the names of htmx's events in one version; "" for an
// event the version does not have.
type eventNames struct {
	trigger, confirm, prompt, configRequest, validateURL, beforeRequest, beforeSend,
	beforeResponse, afterRequest, afterOnLoad, beforeOnLoad, beforeSwap, afterSwap, finallySwap, finallyRequest,
	beforeSettle, afterSettle, load, beforeProcess, afterProcess, beforeInit, afterInit, beforeOnInit,
	beforeCleanup, afterCleanup, responseError, sendError, sendAbort, targetError, oobBeforeSwap, oobAfterSwap,
	oobErrorNoTarget, invalidPath, onLoadError, swapError, error, abort, validationValidate, validationFailed,
	validationHalted, timeout, beforeTransition string
}

var behaviours = map[Version]*behaviour{
	V2: {
		version:             V2,
		dataPrefix:          "data-hx-",
		implicitInheritance: true,
		formVerbs:           map[string]bool{"POST": true, "PUT": true, "PATCH": true, "DELETE": true},
		queryVerbs:          map[string]bool{"GET": true, "DELETE": true},
		formContentType:     "application/x-www-form-urlencoded",
		settleDelay:         20 * time.Millisecond,
		settleAlways:        true,
		defaultSwap:         "innerHTML",
		kebabAliases:        true,
		ev: eventNames{
			trigger: "htmx:trigger", confirm: "htmx:confirm", prompt: "htmx:prompt",
			configRequest: "htmx:configRequest", validateURL: "htmx:validateUrl",
			beforeRequest: "htmx:beforeRequest", beforeSend: "htmx:beforeSend",
			afterRequest: "htmx:afterRequest", beforeOnLoad: "htmx:beforeOnLoad", afterOnLoad: "htmx:afterOnLoad",
			beforeSwap: "htmx:beforeSwap", afterSwap: "htmx:afterSwap", afterSettle: "htmx:afterSettle",
			load: "htmx:load", beforeProcess: "htmx:beforeProcessNode", afterProcess: "htmx:afterProcessNode",
			beforeCleanup: "htmx:beforeCleanupElement", responseError: "htmx:responseError",
			sendError: "htmx:sendError", sendAbort: "htmx:sendAbort", targetError: "htmx:targetError",
			oobBeforeSwap: "htmx:oobBeforeSwap", oobAfterSwap: "htmx:oobAfterSwap",
			oobErrorNoTarget: "htmx:oobErrorNoTarget", invalidPath: "htmx:invalidPath",
			onLoadError: "htmx:onLoadError", swapError: "htmx:swapError", error: "htmx:error", abort: "htmx:abort",
			validationValidate: "htmx:validation:validate", validationFailed: "htmx:validation:failed",
			validationHalted: "htmx:validation:halted", timeout: "htmx:timeout",
			beforeTransition: "htmx:beforeTransition",
		},
	},
	V4: {
		version:         V4,
		v4:              true,
		dataPrefix:      "data-hx-",
		formVerbs:       map[string]bool{"POST": true, "PUT": true, "PATCH": true, "QUERY": true},
		queryVerbs:      map[string]bool{"GET": true, "DELETE": true},
		plusForSpace:    true,
		formContentType: "application/x-www-form-urlencoded;charset=UTF-8",
		accept:          "text/html",
		settleDelay:     time.Millisecond,
		defaultSwap:     "innerHTML",
		ev: eventNames{
			confirm: "htmx:confirm", prompt: "htmx:prompt", configRequest: "htmx:config:request",
			beforeRequest: "htmx:before:request", beforeResponse: "htmx:before:response",
			afterRequest: "htmx:after:request", beforeSwap: "htmx:before:swap", afterSwap: "htmx:after:swap",
			finallySwap: "htmx:finally:swap", finallyRequest: "htmx:finally:request",
			beforeSettle: "htmx:before:settle", afterSettle: "htmx:after:settle",
			beforeProcess: "htmx:before:process", afterProcess: "htmx:after:process",
			beforeInit: "htmx:before:init", afterInit: "htmx:after:init", beforeOnInit: "htmx:before:on:init",
			beforeCleanup: "htmx:before:cleanup", afterCleanup: "htmx:after:cleanup",
			responseError: "htmx:response:error", error: "htmx:error", abort: "htmx:abort",
		},
	},
}

// behaviourOf returns the behaviour of v, or an error for a version the
// package does not run.
func behaviourOf(v Version) (*behaviour, error) {
	if b, ok := behaviours[v]; ok {
		return b, nil
	}
	return nil, fmt.Errorf("%w: %v", ErrUnsupportedVersion, v)
}
