package selector

// This file parses forgiving selector lists, the arguments of :is() and
// :where() (Selectors 4 §4.2 and §4.4): an argument that is not a valid
// selector is dropped instead of making the whole selector invalid, and
// an :is() left with none matches nothing. Browsers do this for style
// sheets and for querySelector alike. Where a dropped argument ends
// follows CSS Syntax's component values: a ',' or ')' inside parentheses,
// brackets, braces, strings or comments does not end it.

// parseForgiving parses a forgiving selector list up to the ')' that
// closes it, or the end of the input.
func (p *parser) parseForgiving() (selList, listInfo, error) {
	var (
		list selList
		info listInfo
	)
	for {
		p.skipSpace()
		if p.pos == len(p.src) || p.src[p.pos] == ')' {
			return list, info, nil
		}
		start := p.pos
		saved := p.parseFlags
		cx, ci, err := p.parseComplex(false)
		if p.fatal != nil {
			return nil, info, p.fatal
		}
		if err == nil {
			list = append(list, cx)
			info.add(&ci)
		} else {
			p.parseFlags = saved // what the dropped argument used does not count
			end, amp := p.argumentEnd(start)
			if amp {
				info.addUnparsed(p.src[start:end])
			}
			p.pos = end
		}
		if p.pos == len(p.src) || p.src[p.pos] != ',' {
			return list, info, nil
		}
		p.pos++
	}
}

// argumentEnd returns where the argument of a selector list that starts at
// i ends: at the first ',' or ')' outside blocks, strings, escapes and
// comments, or at the end of the input. amp reports whether the argument
// holds the nesting selector '&' outside those.
func (p *parser) argumentEnd(i int) (end int, amp bool) {
	var closers []byte // the blocks open, innermost last
	for i < len(p.src) {
		switch c := p.src[i]; c {
		case '\\':
			if i+1 < len(p.src) && !isNewline(p.src[i+1]) {
				i += 2 // what follows the escaped character is an identifier's, never special
				continue
			}
		case '"', '\'':
			i = p.stringEnd(i)
			continue
		case '/':
			if p.at(i+1) == '*' {
				save := p.pos
				p.pos = i
				p.skipComment()
				i, p.pos = p.pos, save
				continue
			}
		case '(':
			closers = append(closers, ')')
		case '[':
			closers = append(closers, ']')
		case '{':
			closers = append(closers, '}')
		case ')', ']', '}':
			n := len(closers)
			switch {
			case n > 0 && closers[n-1] == c:
				closers = closers[:n-1]
			case n == 0 && c == ')':
				return i, amp
			}
		case ',':
			if len(closers) == 0 {
				return i, amp
			}
		case '&':
			amp = true
		}
		i++
	}
	return len(p.src), amp
}

// stringEnd returns where the string whose quote is at i ends: after its
// closing quote, or at a line break, which ends a bad string without
// being part of it (CSS Syntax §4.3.5), or at the end of the input.
func (p *parser) stringEnd(i int) int {
	quote := p.src[i]
	for i++; i < len(p.src); i++ {
		switch c := p.src[i]; {
		case c == quote:
			return i + 1
		case c == '\\':
			i++ // an escaped character or line break continues the string
		case isNewline(c):
			return i
		}
	}
	return len(p.src)
}
