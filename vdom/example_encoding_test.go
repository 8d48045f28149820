package vdom_test

import (
	"bytes"
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

func ExampleParse_encoding() {
	// A page saved as windows-1252 that says so: 0x80 is the euro sign,
	// 0xE9 is é. Parse decodes the bytes, so the document's text is UTF-8.
	page := []byte("<meta charset=windows-1252><p>\x80 5, caf\xe9</p>")
	doc, err := vdom.Parse(bytes.NewReader(page))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.CharacterSet())
	fmt.Println(doc.Body().TextContent())
	// Output:
	// windows-1252
	// € 5, café
}

func ExampleWithContentType() {
	// An HTTP response's Content-Type names the encoding; it wins over
	// the page's own <meta>.
	page := []byte("<meta charset=utf-8><p>\x93\xfa\x96\x7b\x8c\xea</p>")
	doc, err := vdom.Parse(bytes.NewReader(page), vdom.WithContentType("text/html; charset=Shift_JIS"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.CharacterSet(), doc.Body().TextContent())

	// Without a charset anywhere, bytes from the network are windows-1252,
	// as in a browser: UTF-8 text then shows as mojibake.
	doc, err = vdom.Parse(bytes.NewReader([]byte("<p>café</p>")), vdom.WithContentType("text/html"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.CharacterSet(), doc.Body().TextContent())
	// Output:
	// Shift_JIS 日本語
	// windows-1252 cafÃ©
}

func ExampleDocument_CharacterSet() {
	// Bytes without a declaration that are valid UTF-8 are read as UTF-8,
	// as Chromium reads a file; a string is always text.
	doc, err := vdom.Parse(bytes.NewReader([]byte("<p>naïve</p>")))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.CharacterSet(), doc.Body().TextContent())
	fmt.Println(vdom.ParseString(`<meta charset="euc-kr"><p>naïve</p>`).CharacterSet())
	// Output:
	// UTF-8 naïve
	// UTF-8
}
