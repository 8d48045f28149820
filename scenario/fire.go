package scenario

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/vdom"
)

// fireInput is what the fire command's flags say.
type fireInput struct {
	page         string
	unit         string
	settingsFile string
	settingsJSON string
	event        string
	target       string
	mode         string
	bubbles      bool
	cancelable   bool
	detail       string
	spy          bool
}

// fire is "eventperk fire PAGE".
func (c *command) fire(ctx context.Context, args []string) int {
	fs := c.newFlags("fire")
	var o outputFlags
	o.register(fs, false)
	var in fireInput
	fs.StringVar(&in.unit, "unit", "", "selector of the element the unit lives on (with an \"event\" section)")
	fs.StringVar(&in.settingsFile, "settings", "", "a JSON file: the unit's \"event\" section, or {\"units\": [...]} as in a scenario")
	fs.StringVar(&in.settingsJSON, "settings-json", "", "the same as --settings, given inline")
	fs.StringVar(&in.event, "event", "", "the event to fire, such as click (required)")
	fs.StringVar(&in.target, "target", "", "selector of the element the event fires at (default: the unit's element)")
	fs.StringVar(&in.mode, "mode", "dispatch", "how to fire: dispatch (as the browser does for a user), trigger or triggerSync (through EventPerk)")
	fs.BoolVar(&in.bubbles, "bubbles", true, "with dispatch: the event bubbles")
	fs.BoolVar(&in.cancelable, "cancelable", true, "with dispatch: the event can be canceled")
	fs.StringVar(&in.detail, "detail", "", "JSON: the event's detail (dispatch) or the trigger options")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return c.flagError("fire", fs, err)
	}
	in.spy = o.spy
	f, err := o.format(c)
	if err != nil {
		return c.usage("fire", err)
	}
	if err := checkTimeout(fs, o.timeout); err != nil {
		return c.usage("fire", err)
	}
	if err := o.check(pos, 1); err != nil {
		return c.usage("fire", err)
	}
	if o.base, err = checkBaseURL(o.baseURL); err != nil {
		return c.usage("fire", err)
	}
	if len(pos) == 1 && in.unit == "" && in.settingsFile == "" && in.settingsJSON == "" {
		return c.explore(ctx, &o, pos[0], in)
	}
	switch {
	case len(pos) != 1:
		return c.usage("fire", errors.New("name one HTML page"))
	case in.event == "":
		return c.usage("fire", errors.New("--event is required"))
	case in.mode != "dispatch" && in.mode != "trigger" && in.mode != "triggerSync":
		return c.usage("fire", fmt.Errorf("--mode: want dispatch, trigger or triggerSync, got %q", in.mode))
	case in.settingsFile != "" && in.settingsJSON != "":
		return c.usage("fire", errors.New("give --settings or --settings-json, not both"))
	}
	in.page = pos[0]
	if in.unit != "" && in.settingsFile == "" && in.settingsJSON == "" {
		fmt.Fprintln(c.Stderr, "warning: --unit without --settings or --settings-json: the unit has no handlers, so no handler runs")
	}
	rd, cancel := c.reader(ctx, &o)
	s, err := within(rd.ctx, c.shownName(in.page), "the page", func() (*Scenario, error) { return buildFire(ctx, rd, &o, in) })
	cancel()
	if err != nil {
		if o.json {
			c.writeJSON(map[string]any{"ok": false, "exitCode": ExitBadInput, "scenarios": []jsonResult{{File: in.page, Errors: jsonErrors(in.page, err)}}})
		} else {
			fmt.Fprintln(c.Stderr, err)
		}
		return ExitBadInput
	}
	res := s.Run(ctx, o.options())
	code := res.ExitCode()
	if o.json {
		c.writeJSON(map[string]any{"ok": code == ExitOK, "exitCode": code, "scenarios": []jsonResult{res.toJSON(f, o.html.on && o.html.file == "")}})
	} else {
		res.WriteText(c.Stdout, f)
		if o.html.on && o.html.file == "" {
			fmt.Fprintf(c.Stdout, "\n-- final page (%s) --\n%s\n", s.pageName(), strings.TrimRight(res.HTML, "\n"))
		}
		for _, w := range res.Warnings {
			fmt.Fprintln(c.Stderr, "warning: "+w)
		}
	}
	if o.html.file != "" {
		if err := os.WriteFile(o.html.file, []byte(res.HTML), 0o644); err != nil {
			fmt.Fprintf(c.Stderr, "eventperk fire: --html: %v\n", err)
			return ExitBadInput
		}
	}
	return code
}

// explore is fire without units: what is on the page, and where an event
// would go.
func (c *command) explore(ctx context.Context, o *outputFlags, page string, in fireInput) int {
	rd, cancel := c.reader(ctx, o)
	defer cancel()
	name := page
	if page == stdinArg && c.Stdin != nil {
		name = stdinName
	}
	event := in.event
	if event == "" {
		event = "an event"
	}
	var x *exploration
	var doc *vdom.Document
	where := name // the page explored, as messages name it
	var load *pageLoad
	sess, err := fetchPage(ctx, rd, o, page)
	switch {
	case err != nil:
	case sess != nil:
		doc = sess.Document()
		load = loadOf(sess)
		where = load.where(page)
	default:
		var data []byte
		if data, err = rd.read(page); err != nil {
			err = InputErrors{{File: name, Msg: "cannot read the page: " + describeFileError(err), offset: -1}}
			break
		}
		if doc, err = vdom.Parse(bytes.NewReader(data)); err != nil {
			err = InputErrors{{File: name, Msg: "cannot parse the page: " + err.Error(), offset: -1}}
		}
	}
	if err == nil {
		x, err = explore(name, where, doc, event, in.target, in.bubbles)
	}
	if x != nil && load != nil {
		x.URL, x.Requests, x.loadLine = load.url, load.requests, load.line
	}
	if err != nil {
		if o.json {
			c.writeJSON(map[string]any{"ok": false, "exitCode": ExitBadInput, "scenarios": []jsonResult{{File: name, Errors: jsonErrors(name, err)}}})
		} else {
			fmt.Fprintln(c.Stderr, err)
		}
		return ExitBadInput
	}
	if o.json {
		c.writeJSON(map[string]any{"ok": true, "exitCode": ExitOK, "explore": x})
		return ExitOK
	}
	x.writeText(c.Stdout)
	return ExitOK
}

// fetchPage loads PAGE when it is a URL (or a path starting with "/" and
// --base-url is given) into a new session, within the command's timeout
// and --max-page-bytes; it returns a nil session for a page file.
func fetchPage(ctx context.Context, rd *inputReader, o *outputFlags, page string) (*browse.Session, error) {
	abs, err := pageLocation(page, o.base)
	switch {
	case err != nil:
		return nil, InputErrors{{File: page, Msg: err.Error(), offset: -1}}
	case abs == "" && o.requestFlags() != "":
		return nil, InputErrors{{File: page, Msg: fmt.Sprintf("%s shape the requests to a server, and this page is a file", o.requestFlags()),
			Hint: "give an http or https URL, or a path starting with / and --base-url", offset: -1}}
	case abs == "":
		return nil, nil
	}
	timeout := o.timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	sess, err := browse.New(browse.Options{BaseURL: abs, MaxBodyBytes: int64(o.maxPage), Timeout: timeout, Context: ctx,
		StayOnHost: o.sameHost, Header: o.header.h})
	if err == nil {
		err = seedCookies(sess, abs, o.cookies.cs)
	}
	if err == nil {
		_, err = sess.Open(rd.ctx, abs)
	}
	if err != nil {
		e := &InputError{File: page, Msg: "cannot load the page: " + loadErrorText(err), offset: -1, err: err}
		if errors.Is(err, browse.ErrTooLarge) {
			e.Hint = "raise the limit with --max-page-bytes"
		}
		return nil, InputErrors{e}
	}
	return sess, nil
}

// buildFire makes the scenario the fire command runs: the page, the units
// from --unit and --settings, and one step that fires the event. A page
// on a server is loaded here, to check --unit against it, and the run
// goes on in that session.
func buildFire(ctx context.Context, rd *inputReader, o *outputFlags, in fireInput) (*Scenario, error) {
	var errs InputErrors
	s := &Scenario{
		File: in.page, PageFile: in.page, Spy: in.spy, signals: map[string]bool{},
		Name: "fire " + in.event, pagePos: -1,
	}
	if in.page == stdinArg && rd.stdin != nil {
		s.File, s.PageFile = stdinName, stdinName
	}
	sess, err := fetchPage(ctx, rd, o, in.page)
	switch {
	case err != nil:
		return nil, err
	case sess != nil:
		s.PageFile, s.PageURL, s.pageWritten, s.preopened = "", sess.Page().URL().String(), loadOf(sess).where(in.page), sess
	default:
		page, err := rd.read(in.page)
		if err != nil {
			return nil, InputErrors{{File: s.File, Msg: "cannot read the page: " + describeFileError(err), offset: -1}}
		}
		s.Page = string(page)
		s.setSheetDir(nil, filepath.Dir)
	}

	var sectionUnit *unitSpec
	settingsName, settings := in.settingsFile, []byte(nil)
	switch {
	case in.settingsFile != "":
		if settings, err = rd.read(in.settingsFile); err != nil {
			return nil, InputErrors{{File: in.settingsFile, Msg: "cannot read the settings: " + describeFileError(err), offset: -1}}
		}
	case in.settingsJSON != "":
		settingsName, settings = "--settings-json", []byte(in.settingsJSON)
	}
	if settings != nil {
		d := &decoder{file: settingsName, src: settings}
		root, serr := parseJSON(settings)
		switch {
		case serr != nil:
			d.fail(serr.Offset, "", serr.Msg, "")
		case root.Kind == jsonObject && root.member("units") != nil:
			// A units file: the scenario format without page and steps.
			top, ok := d.fields(root, "", []string{"$schema", "units"}, nil)
			if ok {
				if v := top["units"]; v.Kind != jsonArray {
					d.wrongType(v, "units", "an array of units")
				} else {
					for i, it := range v.Items {
						if u := d.unit(it, pathIndex("units", i)); u != nil {
							s.units = append(s.units, u)
						}
					}
				}
				d.crossCheck(s, top)
				if len(d.errs) == 0 {
					d.checkPage(s)
				}
			}
			if in.unit != "" {
				d.fail(-1, "", "--unit goes with an \"event\" section; this file names its units itself", "leave --unit out")
			}
		default:
			sectionUnit = &unitSpec{path: "unit", start: true, settingsRaw: settings}
			sectionUnit.settings = d.eventSettings(root, perk.EventSection, 0)
		}
		d.errs.locate(settings)
		errs = append(errs, d.errs...)
	}
	if sectionUnit == nil && len(s.units) == 0 {
		if in.unit == "" {
			errs = append(errs, &InputError{File: "eventperk fire", Msg: "no unit: give --unit SELECTOR (and --settings for its handlers), or --settings with \"units\""})
			return nil, errs
		}
		sectionUnit = &unitSpec{path: "unit", start: true}
	}
	if sectionUnit != nil {
		if in.unit == "" {
			errs = append(errs, &InputError{File: "eventperk fire", Msg: "--unit is required with an \"event\" section: say which element the unit lives on"})
		} else if u, err := fireUnit(s, sectionUnit, in.unit); err != nil {
			errs = append(errs, err)
		} else {
			s.units = append(s.units, u)
		}
	}
	step := &op{path: "fire", kind: in.mode, inStep: true, arg: in.event, bubbles: in.bubbles, cancel: in.cancelable}
	if in.target != "" {
		if err := checkSelector(in.target); err != nil {
			errs = append(errs, &InputError{File: "eventperk fire", Msg: "--target: " + err.Error()})
		}
		t := target{sel: in.target, text: in.target}
		if in.mode == "dispatch" {
			step.target, step.hasTarget = t, true
		} else {
			step.element, step.hasElement = t, true
		}
	} else if len(s.units) > 0 {
		t := target{sel: s.units[0].element, text: s.units[0].element}
		if in.mode == "dispatch" {
			step.target, step.hasTarget = t, true
		} else {
			step.unit = s.units[0].unitName(0)
		}
	}
	if in.detail != "" {
		d := &decoder{file: "--detail", src: []byte(in.detail)}
		v, serr := parseJSON(d.src)
		if serr != nil {
			d.fail(serr.Offset, "", serr.Msg, "")
			d.errs.locate(d.src)
			errs = append(errs, d.errs...)
		}
		if in.mode == "dispatch" {
			step.detail = v
		} else {
			step.options = v
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	s.steps = []*op{step}
	s.Name = "fire " + (&runner{}).title(step)
	return s, nil
}

// fireUnit checks the unit --unit names against the page.
func fireUnit(s *Scenario, u *unitSpec, sel string) (*unitSpec, *InputError) {
	if err := checkSelector(sel); err != nil {
		return nil, &InputError{File: "eventperk fire", Msg: "--unit: " + err.Error()}
	}
	doc, err := s.checkedPage()
	if err != nil {
		return nil, &InputError{File: s.PageFile, Msg: "cannot parse the page: " + err.Error()}
	}
	els, _ := doc.QuerySelectorAll(sel)
	switch len(els) {
	case 0:
		return nil, &InputError{File: "eventperk fire", Msg: fmt.Sprintf("--unit %s matches no element in %s", quoteJSON(sel), s.pageName()), Hint: suggestSelector(doc, sel)}
	case 1:
	default:
		u.each = true
	}
	u.element, u.name, u.count = sel, sel, len(els)
	return u, nil
}
