package docscheck

import (
	"go/scanner"
	"go/token"
	"path"
	"strings"
)

// chunk is a comment, or a string literal of a test, with the line it
// starts on.
type chunk struct {
	line    int
	text    string
	comment bool
}

// isTest reports whether the file at p (slash-separated, from the
// repository's root) is a test, whose string literals are test messages
// and so are read as well as its comments.
func isTest(p string) bool {
	base := path.Base(p)
	return strings.HasSuffix(base, "_test.go") || strings.Contains(base, ".test.") || strings.HasPrefix(p, "e2e/")
}

// extract returns the comments of src, a file at p, and its string
// literals when it is a test. The language is told by the file's name;
// a file of another language gives nothing.
func extract(p string, src []byte) []chunk {
	base := path.Base(p)
	test := isTest(p)
	switch {
	case strings.HasSuffix(base, ".go"):
		return goChunks(src, test)
	case strings.HasSuffix(base, ".js"), strings.HasSuffix(base, ".mjs"), strings.HasSuffix(base, ".ts"):
		return jsChunks(string(src), test)
	case strings.HasSuffix(base, ".templ"):
		return templChunks(string(src))
	case strings.HasSuffix(base, ".sh"), strings.HasSuffix(base, ".mk"), base == "Makefile":
		return hashChunks(string(src))
	}
	return nil
}

// goChunks reads Go with go/scanner, which knows its comments and
// strings exactly.
func goChunks(src []byte, test bool) []chunk {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var out []chunk
	for {
		pos, tok, lit := s.Scan()
		switch {
		case tok == token.EOF:
			return out
		case tok == token.COMMENT:
			out = append(out, chunk{file.Line(pos), lit, true})
		case tok == token.STRING && test:
			out = append(out, chunk{file.Line(pos), lit, false})
		}
	}
}

// jsChunks reads JavaScript or TypeScript: line and block comments,
// quoted strings and template literals (their ${} read as code), and
// regular expression literals, told from division by what precedes them.
func jsChunks(src string, test bool) []chunk {
	l := jsLexer{src: src, line: 1, test: test, prev: '('}
	l.code(false)
	return l.out
}

type jsLexer struct {
	src      string
	i, line  int
	test     bool
	prev     byte   // the last significant character of code
	prevWord string // the identifier that ends at prev, if any
	out      []chunk
}

// regexAfter holds the keywords after which a '/' starts a regular
// expression rather than a division.
var regexAfter = map[string]bool{"return": true, "typeof": true, "case": true, "do": true, "else": true, "in": true, "of": true,
	"new": true, "delete": true, "void": true, "throw": true, "yield": true, "await": true}

func (l *jsLexer) emit(start, startLine int, comment bool) {
	if comment || l.test {
		l.out = append(l.out, chunk{startLine, l.src[start:l.i], comment})
	}
}

// code reads code up to the end, or, in a template's ${}, up to the '}'
// that closes it.
func (l *jsLexer) code(inTemplate bool) {
	depth := 0
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case c == '\n':
			l.line++
			l.i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			l.i++
			continue
		case c == '/' && l.peek(1) == '/':
			start, line := l.i, l.line
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.i++
			}
			l.emit(start, line, true)
			continue
		case c == '/' && l.peek(1) == '*':
			start, line := l.i, l.line
			l.i += 2
			for l.i < len(l.src) && !(l.src[l.i] == '*' && l.peek(1) == '/') {
				l.newline()
				l.i++
			}
			l.i += 2
			l.emit(start, line, true)
			continue
		case c == '/' && (strings.IndexByte("(,=:[!&|?{};+-*%<>~^", l.prev) >= 0 || regexAfter[l.prevWord]):
			l.regex()
		case c == '\'' || c == '"':
			l.quoted(c)
		case c == '`':
			l.template()
		case c == '{':
			depth++
			l.i++
		case c == '}':
			if inTemplate && depth == 0 {
				l.i++
				return
			}
			depth--
			l.i++
		case isWordByte(c):
			start := l.i
			for l.i < len(l.src) && isWordByte(l.src[l.i]) {
				l.i++
			}
			l.prev, l.prevWord = 'a', l.src[start:l.i]
			continue
		default:
			l.i++
		}
		l.prev, l.prevWord = c, ""
	}
}

func (l *jsLexer) peek(n int) byte {
	if l.i+n < len(l.src) {
		return l.src[l.i+n]
	}
	return 0
}

func (l *jsLexer) newline() {
	if l.src[l.i] == '\n' {
		l.line++
	}
}

func (l *jsLexer) quoted(q byte) {
	start, line := l.i, l.line
	l.i++
	for l.i < len(l.src) && l.src[l.i] != q && l.src[l.i] != '\n' {
		if l.src[l.i] == '\\' {
			l.i++
		}
		l.i++
	}
	l.i++
	l.emit(start, line, false)
}

// template reads a template literal; each ${} in it is code, read by a
// nested call, and the text between them a string.
func (l *jsLexer) template() {
	start, line := l.i, l.line
	l.i++
	for l.i < len(l.src) && l.src[l.i] != '`' {
		switch {
		case l.src[l.i] == '\\':
			l.i++
		case l.src[l.i] == '$' && l.peek(1) == '{':
			l.emit(start, line, false)
			l.i += 2
			l.code(true)
			start, line = l.i, l.line
			continue
		}
		if l.i < len(l.src) {
			l.newline()
		}
		l.i++
	}
	l.i++
	l.emit(start, line, false)
}

// regex skips a regular expression literal: up to the '/' that no
// backslash escapes and no character class holds, then its flags.
func (l *jsLexer) regex() {
	l.i++
	class := false
	for l.i < len(l.src) && l.src[l.i] != '\n' {
		switch c := l.src[l.i]; {
		case c == '\\':
			l.i++
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			l.i++
			for l.i < len(l.src) && isWordByte(l.src[l.i]) {
				l.i++
			}
			return
		}
		l.i++
	}
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '$'
}

// templChunks reads a templ file's comments: Go's // and /* */ comments
// where a line starts with them, and HTML's <!-- -->. Text on the page is
// not read: it is prose, where "//" starts an address.
func templChunks(src string) []chunk {
	var out []chunk
	lines := strings.Split(src, "\n")
	for n := 0; n < len(lines); n++ {
		t := strings.TrimSpace(lines[n])
		switch {
		case strings.HasPrefix(t, "//"):
			out = append(out, chunk{n + 1, t, true})
		case strings.HasPrefix(t, "/*"), strings.Contains(t, "<!--"):
			end := "*/"
			if !strings.HasPrefix(t, "/*") {
				end = "-->"
			}
			start, text := n, t
			for !strings.Contains(lines[n], end) && n+1 < len(lines) {
				n++
				text += "\n" + lines[n]
			}
			out = append(out, chunk{start + 1, text, true})
		}
	}
	return out
}

// hashChunks reads the comments of shell scripts and makefiles: a '#'
// outside quotes that starts a word, through the end of its line ($# and
// ${#x} are not comments).
func hashChunks(src string) []chunk {
	var out []chunk
	for n, line := range strings.Split(src, "\n") {
		var quote byte
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case quote != 0:
				if c == '\\' && quote == '"' {
					i++
				} else if c == quote {
					quote = 0
				}
			case c == '\\':
				i++
			case c == '\'' || c == '"':
				quote = c
			case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
				out = append(out, chunk{n + 1, line[i:], true})
				i = len(line)
			}
		}
	}
	return out
}
