package vdom_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestElementsWithoutBoxes checks the elements that have no box though
// their computed display is not none, as Chromium 148 renders them
// (testdata/style, display-ua-embedded and display-ua-svg-inside): the
// children of video and audio, the fallback content of a canvas (which
// stays focusable), param and noembed whatever their display, the SVG
// elements Chromium makes no box for, and an SVG element hidden by a
// presentation attribute; and the SVG link and the embed with a source,
// which are focusable, and a link in editable content, which is not.
func TestElementsWithoutBoxes(t *testing.T) {
	doc := vdom.ParseString(`<video controls id=video><source id=source src=a.mp4><p id=video-p>fallback</p></video>
	<canvas id=canvas><button id=canvas-button>in canvas</button></canvas>
	<embed id=embed src=a.swf><object><param id=param style="display: block"></object><noembed id=noembed style="display: block">x</noembed>
	<div contenteditable><a id=a-editable href=#e>link</a><button id=b-editable>b</button></div>
	<svg id=svg><title id=title>t</title><desc id=desc>d</desc><g id=g><rect id=rect></rect></g>
	<linearGradient id=grad><stop id=stop></stop></linearGradient><unknown id=unknown></unknown>
	<foreignObject id=fo><p id=fo-p>html</p></foreignObject><a id=svg-a href=#x><text id=text>link</text></a>
	<rect id=display-none display=none></rect><rect id=display-bad display=bogus></rect>
	<g id=invisible visibility=hidden><rect id=in-invisible></rect></g><rect id=clear opacity=0></rect></svg>`)
	type facts struct {
		Rendered, Visible, CheckVisibility, Focusable bool
		Display                                       string
	}
	got := map[string]facts{}
	ids := []string{"video", "source", "video-p", "canvas", "canvas-button", "embed", "param", "noembed", "a-editable", "b-editable", "svg", "title", "desc",
		"g", "rect", "grad", "stop", "unknown", "fo", "fo-p", "svg-a", "text", "display-none", "display-bad",
		"invisible", "in-invisible", "clear"}
	for _, id := range ids {
		el := doc.GetElementByID(id)
		got[id] = facts{el.IsRendered(), el.IsVisible(), el.CheckVisibility(), el.IsFocusable(),
			doc.GetComputedStyle(el).PropertyValue("display")}
	}
	want := map[string]facts{
		"video":         {true, true, true, true, "inline"},
		"source":        {Display: "inline"},
		"video-p":       {Display: "block"},
		"canvas":        {true, true, true, false, "inline"},
		"canvas-button": {Focusable: true, Display: "inline-block"},
		"embed":         {true, true, true, true, "inline"},
		"param":         {Display: "block"},
		"noembed":       {Display: "block"},
		"a-editable":    {true, true, true, false, "inline"},
		"b-editable":    {true, true, true, true, "inline-block"},
		"svg":           {true, true, true, false, "inline"},
		"title":         {Display: "inline"},
		"desc":          {Display: "inline"},
		"g":             {true, true, true, false, "inline"},
		"rect":          {true, true, true, false, "inline"},
		"grad":          {true, true, true, false, "inline"},
		"stop":          {Display: "inline"},
		"unknown":       {Display: "inline"},
		"fo":            {true, true, true, false, "block"},
		"fo-p":          {true, true, true, false, "block"},
		"svg-a":         {true, true, true, true, "inline"},
		"text":          {true, true, true, false, "block"},
		"display-none":  {Display: "none"},
		"display-bad":   {true, true, true, false, "inline"},
		"invisible":     {true, false, true, false, "inline"},
		"in-invisible":  {true, false, true, false, "inline"},
		"clear":         {true, false, true, false, "inline"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
