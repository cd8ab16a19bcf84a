package render

import "qrkeyless/core/qr"

// A style draws the data modules of a symbol (everything but the three
// finder patterns) into p.
type style func(p *path, g grid)

// An eye draws one finder pattern whose top-left corner is at (x, y): a 7x7
// outer ring and a 3x3 inner ball.
type eye func(p *path, x, y float64)

var styles = []struct {
	name string
	draw style
}{
	{"square", squareModules},
}

var eyes = []struct {
	name string
	draw eye
}{
	{"square", squareEye},
}

// StyleNames lists the module shapes, the default first.
func StyleNames() []string {
	names := make([]string, len(styles))
	for i, s := range styles {
		names[i] = s.name
	}
	return names
}

// EyeNames lists the finder-eye shapes, the default first.
func EyeNames() []string {
	names := make([]string, len(eyes))
	for i, e := range eyes {
		names[i] = e.name
	}
	return names
}

func lookupStyle(name string) style {
	for _, s := range styles {
		if s.name == name {
			return s.draw
		}
	}
	return styles[0].draw
}

func lookupEye(name string) eye {
	for _, e := range eyes {
		if e.name == name {
			return e.draw
		}
	}
	return eyes[0].draw
}

// inFinder reports whether module (x, y) of an n-module symbol belongs to
// one of the three 7x7 finder patterns.
func inFinder(n, x, y int) bool {
	return y < 7 && (x < 7 || x >= n-7) || x < 7 && y >= n-7
}

// finders returns the top-left corners of the three finder patterns.
func finders(n int) [3]pt {
	return [3]pt{{0, 0}, {float64(n - 7), 0}, {0, float64(n - 7)}}
}

// picture is the whole symbol as one path: data modules in the chosen style,
// finder patterns in the chosen eye shape.
func picture(c *qr.Code, o Options) path {
	var p path
	data := grid{n: c.Size, dark: func(x, y int) bool { return c.Dark(x, y) && !inFinder(c.Size, x, y) }}
	lookupStyle(o.Style)(&p, data)
	draw := lookupEye(o.Eye)
	for _, f := range finders(c.Size) {
		draw(&p, f.x, f.y)
	}
	return p
}

// plain reports whether o draws plain squares, which PNG and SVG write by
// fast paths that give the same picture as the general one.
func (o Options) plain() bool {
	return (o.Style == "" || o.Style == "square") && (o.Eye == "" || o.Eye == "square")
}

func squareModules(p *path, g grid) { trace(p, g) }

func squareEye(p *path, x, y float64) {
	p.rect(x, y, 7, 7, false)
	p.rect(x+1, y+1, 5, 5, true)
	p.rect(x+2, y+2, 3, 3, false)
}
