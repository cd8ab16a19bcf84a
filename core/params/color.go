package params

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"qrkeyless/core/problem"
)

// ParseHex reads #RGB, #RRGGBB or #RRGGBBAA, with or without the #, any case.
func ParseHex(s string) (color.NRGBA, bool) {
	s = strings.TrimPrefix(s, "#")
	switch len(s) {
	case 3:
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]}) + "ff"
	case 6:
		s += "ff"
	case 8:
	default:
		return color.NRGBA{}, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return color.NRGBA{}, false
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}

// Hex writes c as rrggbb, or rrggbbaa when it is not opaque.
func Hex(c color.NRGBA) string {
	if c.A == 255 {
		return fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}

// named maps the CSS colour names people most often try to their hex form,
// so the fix for color=red is color=ff0000 rather than a generic black.
var named = map[string]string{
	"black": "000000", "white": "ffffff", "red": "ff0000", "green": "008000", "blue": "0000ff",
	"yellow": "ffff00", "orange": "ffa500", "purple": "800080", "pink": "ffc0cb", "gray": "808080",
	"grey": "808080", "navy": "000080", "teal": "008080", "maroon": "800000", "olive": "808000",
	"brown": "a52a2a", "cyan": "00ffff", "magenta": "ff00ff", "lime": "00ff00", "silver": "c0c0c0",
	"gold": "ffd700", "indigo": "4b0082", "violet": "ee82ee", "darkblue": "00008b", "darkgreen": "006400",
}

func hexColor(call problem.Call, param Param, name, v string) (color.NRGBA, *problem.Problem) {
	if c, ok := ParseHex(v); ok {
		return c, nil
	}
	fix, ok := named[strings.ToLower(strings.TrimSpace(v))]
	if !ok {
		fix = param.Default
	}
	return color.NRGBA{}, problem.BadValue.New(param.Name, fmt.Sprintf(
		"%s=%q is not a hex color; use RGB, RRGGBB or RRGGBBAA, with or without #", name, v), call.With(name, fix))
}
