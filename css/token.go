package css

import (
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	lexer "github.com/tdewolff/parse/v2/css"
)

// This file turns a sheet's text into tokens (CSS Syntax §4) with
// github.com/tdewolff/parse/v2's lexer. The lexer follows the 2013 draft in
// a few places where the standard has since moved; the parser above it
// reads tokens only to find where rules, blocks and declarations begin and
// end, and takes selectors and values as text, so none of those places
// changes a result:
//   - "u+a" is a unicode-range token there (CSS Syntax no longer has one):
//     the selector compiler reads preludes as text and sees "u + a";
//   - "||" is a column token: it is kept as text;
//   - an identifier that starts with "--" is a token of its own kind: it is
//     an <ident-token> here.

// tokenKind is the kind of a token, as CSS Syntax §4 names them.
type tokenKind uint8

const (
	tIdent tokenKind = iota
	tFunction
	tAtKeyword
	tHash
	tString
	tBadString
	tURL
	tBadURL
	tDelim
	tNumber
	tPercentage
	tDimension
	tWhitespace
	tCDO
	tCDC
	tColon
	tSemicolon
	tComma
	tOpenSquare
	tCloseSquare
	tOpenParen
	tCloseParen
	tOpenCurly
	tCloseCurly
)

// token is one token of a sheet: its kind and where its text is in the
// preprocessed source, [off, end).
type token struct {
	kind tokenKind
	// afterComment tells that a comment stood right before the token, so
	// text rebuilt from the tokens must keep the two sides apart.
	afterComment bool
	off, end     int32
}

// maxSheetBytes is the largest sheet text the parser takes: token offsets
// are 32-bit. Longer text is cut there, with a ParseError.
const maxSheetBytes = 1<<31 - 1

// preprocess replaces what CSS Syntax §3.3 replaces before tokenizing: CR
// LF pairs, lone CRs and form feeds become LF; NUL, surrogates and bytes
// that are not UTF-8 become U+FFFD. Most sheets need none of it and are
// returned as they are.
func preprocess(src string) string {
	clean := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\r' || c == '\f' || c == 0 || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean || (!strings.ContainsAny(src, "\r\f\x00") && utf8.ValidString(src)) {
		return src
	}
	var b strings.Builder
	b.Grow(len(src))
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\r':
			b.WriteByte('\n')
			i++
			if i < len(src) && src[i] == '\n' {
				i++
			}
		case c == '\f':
			b.WriteByte('\n')
			i++
		case c == 0:
			b.WriteRune(utf8.RuneError)
			i++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(src[i:])
			b.WriteRune(r) // RuneError for bad bytes; Go strings hold no surrogates
			i += n
		}
	}
	return b.String()
}

// tokenize returns the tokens of src, which preprocess has cleaned,
// without comments (a comment is no token in CSS Syntax; the whitespace
// around it stays).
func tokenize(src string) []token {
	l := lexer.NewLexer(parse.NewInputString(src))
	toks := make([]token, 0, len(src)/4+8)
	off := 0
	comment := false
	for {
		tt, data := l.Next()
		if tt == lexer.ErrorToken {
			break
		}
		start := off
		off += len(data)
		k, keep := kindOf(tt, data)
		if !keep {
			comment = true
			continue
		}
		toks = append(toks, token{kind: k, afterComment: comment, off: int32(start), end: int32(off)})
		comment = false
	}
	return toks
}

// kindOf maps the lexer's token types to CSS Syntax's kinds; keep is false
// for comments.
func kindOf(tt lexer.TokenType, data []byte) (k tokenKind, keep bool) {
	switch tt {
	case lexer.IdentToken, lexer.CustomPropertyNameToken:
		return tIdent, true
	case lexer.FunctionToken:
		return tFunction, true
	case lexer.AtKeywordToken:
		return tAtKeyword, true
	case lexer.HashToken:
		return tHash, true
	case lexer.StringToken:
		return tString, true
	case lexer.BadStringToken:
		return tBadString, true
	case lexer.URLToken:
		return tURL, true
	case lexer.BadURLToken:
		return tBadURL, true
	case lexer.NumberToken:
		return tNumber, true
	case lexer.PercentageToken:
		return tPercentage, true
	case lexer.DimensionToken:
		return tDimension, true
	case lexer.WhitespaceToken:
		return tWhitespace, true
	case lexer.CDOToken:
		return tCDO, true
	case lexer.CDCToken:
		return tCDC, true
	case lexer.ColonToken:
		return tColon, true
	case lexer.SemicolonToken:
		return tSemicolon, true
	case lexer.CommaToken:
		return tComma, true
	case lexer.LeftBracketToken:
		return tOpenSquare, true
	case lexer.RightBracketToken:
		return tCloseSquare, true
	case lexer.LeftParenthesisToken:
		return tOpenParen, true
	case lexer.RightParenthesisToken:
		return tCloseParen, true
	case lexer.LeftBraceToken:
		return tOpenCurly, true
	case lexer.RightBraceToken:
		return tCloseCurly, true
	case lexer.CommentToken:
		return 0, false
	}
	// Delimiters, and the tokens CSS Syntax no longer has (unicode-range,
	// column, the match operators such as "~="), whose text the parser
	// never looks inside.
	return tDelim, true
}

// closer returns the kind that ends a block opened by k, and whether k opens
// one: "(" and a function end with ")", "[" with "]", "{" with "}".
func closer(k tokenKind) (tokenKind, bool) {
	switch k {
	case tOpenParen, tFunction:
		return tCloseParen, true
	case tOpenSquare:
		return tCloseSquare, true
	case tOpenCurly:
		return tCloseCurly, true
	}
	return 0, false
}
