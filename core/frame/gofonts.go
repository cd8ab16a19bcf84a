//go:build !nogofonts

package frame

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

func init() { builtin = [2][]byte{goregular.TTF, gobold.TTF} }
