package css

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	lexer "github.com/tdewolff/parse/v2/css"
)

// This file turns a sheet's text into tokens (CSS Syntax §4) with
// github.com/tdewolff/parse/v2's lexer. The lexer follows the 2013 draft in
// a few places where the standard has since moved, and tokenize puts them
// right, so that the tokens are the standard's:
//   - "u+a" is a unicode-range token there; CSS Syntax no longer has one
//     (outside the unicode-range descriptor, whose value is kept as text):
//     "u" is an identifier, and what follows is lexed again;
//   - url("x") is one url token there; it is a function token "url(" with
//     a string inside, and is lexed so from the "(" on;
//   - "||", "~=", "|=", "^=", "$=" and "*=" are tokens of their own there
//     (column and match tokens): they are two delimiters;
//   - an identifier that starts with "--" is a token of its own kind: it
//     is an <ident-token>, or with "(" right after it a <function-token>;
//   - a <bad-string-token> takes the newline that ends it: the newline is
//     white space after it (§4.3.5), and is lexed again;
//   - url(a\ at the end of the input is a <bad-url-token>: it is a
//     <url-token> whose escape stands for U+FFFD (§4.3.6).

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
	buf := make([]byte, len(src)+1) // room for the lexer's NUL at the end
	copy(buf, src)
	toks := make([]token, 0, len(src)/4+8)
	l := lexer.NewLexer(parse.NewInputBytes(buf[:len(src)]))
	off := 0
	comment := false
	add := func(k tokenKind, start, end int) {
		toks = append(toks, token{kind: k, afterComment: comment, off: int32(start), end: int32(end)})
		comment = false
	}
	// restart lexes again from off, where the lexer went wrong.
	restart := func() {
		l = lexer.NewLexer(parse.NewInputBytes(buf[off:len(src)]))
	}
	for {
		tt, data := l.Next()
		if tt == lexer.ErrorToken {
			break
		}
		start := off
		off += len(data)
		switch tt {
		case lexer.CommentToken:
			comment = true
			continue
		case lexer.URLToken, lexer.BadURLToken:
			open := bytes.IndexByte(data, '(')
			rest := strings.TrimLeft(src[start+open+1:off], " \t\n")
			if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
				add(tFunction, start, start+open+1)
				off = start + open + 1
				restart()
				continue
			}
			if tt == lexer.BadURLToken && off == len(src) && escapedEOFURL(rest) {
				add(tURL, start, off)
				continue
			}
		case lexer.BadStringToken:
			if data[len(data)-1] == '\n' {
				off--
				add(tBadString, start, off)
				restart()
				continue
			}
		case lexer.CustomPropertyNameToken:
			if off < len(src) && src[off] == '(' {
				off++
				add(tFunction, start, off)
				restart()
				continue
			}
		case lexer.UnicodeRangeToken:
			add(tIdent, start, start+1)
			off = start + 1
			restart()
			continue
		case lexer.ColumnToken, lexer.IncludeMatchToken, lexer.DashMatchToken,
			lexer.PrefixMatchToken, lexer.SuffixMatchToken, lexer.SubstringMatchToken:
			add(tDelim, start, start+1)
			add(tDelim, start+1, off)
			continue
		}
		add(kindOf(tt), start, off)
	}
	// §4.3.8: "\" before the end of the input is a valid escape (for
	// U+FFFD), which the lexer leaves as a delimiter: it ends the
	// identifier-like token it touches, or starts one.
	if n := len(toks); n > 0 && toks[n-1].kind == tDelim && src[toks[n-1].off:] == `\` {
		last := &toks[n-1]
		last.kind = tIdent
		if n > 1 && toks[n-2].end == last.off {
			prev := &toks[n-2]
			k, ok := escapeTakers[prev.kind]
			if prev.kind == tDelim {
				k, ok = delimTakers[src[prev.off:prev.end]]
			}
			if ok {
				prev.kind, prev.end = k, last.end
				toks = toks[:n-1]
			}
		}
	}
	return toks
}

// escapedEOFURL reports whether the inside of an unquoted url( that the
// input ends in is a valid URL but for a "\" at its very end.
func escapedEOFURL(in string) bool {
	if !strings.HasSuffix(in, `\`) {
		return false
	}
	in = in[:len(in)-1]
	for i := 0; i < len(in); i++ {
		switch c := in[i]; {
		case c == '\\':
			i++ // an escape: the next character stands for itself
		case c == '"', c == '\'', c == '(', c <= ' ', c == 0x7F:
			return false
		}
	}
	return true
}

// escapeTakers are the kinds of token an escape at the end of the input
// continues, and what they become; delimTakers the delimiters an escape
// makes the start of a token.
var (
	escapeTakers = map[tokenKind]tokenKind{tIdent: tIdent, tAtKeyword: tAtKeyword, tHash: tHash, tDimension: tDimension, tNumber: tDimension}
	delimTakers  = map[string]tokenKind{"@": tAtKeyword, "#": tHash, "-": tIdent}
)

// kindOf maps the lexer's token types to CSS Syntax's kinds.
func kindOf(tt lexer.TokenType) tokenKind {
	switch tt {
	case lexer.IdentToken, lexer.CustomPropertyNameToken:
		return tIdent
	case lexer.FunctionToken:
		return tFunction
	case lexer.AtKeywordToken:
		return tAtKeyword
	case lexer.HashToken:
		return tHash
	case lexer.StringToken:
		return tString
	case lexer.BadStringToken:
		return tBadString
	case lexer.URLToken:
		return tURL
	case lexer.BadURLToken:
		return tBadURL
	case lexer.NumberToken:
		return tNumber
	case lexer.PercentageToken:
		return tPercentage
	case lexer.DimensionToken:
		return tDimension
	case lexer.WhitespaceToken:
		return tWhitespace
	case lexer.CDOToken:
		return tCDO
	case lexer.CDCToken:
		return tCDC
	case lexer.ColonToken:
		return tColon
	case lexer.SemicolonToken:
		return tSemicolon
	case lexer.CommaToken:
		return tComma
	case lexer.LeftBracketToken:
		return tOpenSquare
	case lexer.RightBracketToken:
		return tCloseSquare
	case lexer.LeftParenthesisToken:
		return tOpenParen
	case lexer.RightParenthesisToken:
		return tCloseParen
	case lexer.LeftBraceToken:
		return tOpenCurly
	case lexer.RightBraceToken:
		return tCloseCurly
	}
	return tDelim
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
