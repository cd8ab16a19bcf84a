// Command peers measures our core beside other QR libraries, for make bench.
// It is a module of its own so that the peer libraries stay out of the
// service's go.mod; it imports our core through a replace directive.
//
// The same program runs natively and, built with GOOS=js GOARCH=wasm, in
// Node through Go's wasm_exec_node.js, so both columns of a table come from
// one source. Every subcommand prints JSON on stdout:
//
//	peers inputs                      the 20 encode inputs
//	peers encode [-rounds N] [-verify] time and bytes per encoder and input
//	peers images -dir D               write the decode sets as PNG files and D/manifest.json
//	peers decode -dir D [-rounds N]   decode D's files with our ladder and plain gozxing
//	peers profile -o F -enc E -input I [-for T]
//	                                  a CPU profile of one encoder on one input
//	peers rates -dirs D,E [-rounds N] time reading, decoding, making and verifying
//	                                  beside what core/budget charges for each
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: peers inputs|encode|images|decode|profile|rates [flags]")
		os.Exit(2)
	}
	cmds := map[string]func([]string) (any, error){
		"inputs":  func([]string) (any, error) { return inputs, nil },
		"encode":  encodeCmd,
		"images":  imagesCmd,
		"decode":  decodeCmd,
		"profile": profileCmd,
		"rates":   ratesCmd,
	}
	cmd, ok := cmds[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "peers: unknown subcommand %q\n", os.Args[1])
		os.Exit(2)
	}
	out, err := cmd(os.Args[2:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}
