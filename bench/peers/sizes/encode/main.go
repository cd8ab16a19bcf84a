// Command encode is the encoder alone (core/qr and core/render), for the
// size table: what generating a code costs in a .wasm.
package main

import (
	"os"

	"qrkeyless/bench/peers/sizes/draw"
)

func main() {
	if !draw.Code(os.Args[1], os.Args[2], os.Args[3]) {
		os.Exit(1)
	}
}
