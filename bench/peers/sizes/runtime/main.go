// Command runtime is the smallest Go program: what any Go .wasm carries
// before our code, the baseline of the size table.
package main

import "os"

func main() { os.Stdout.Write([]byte(os.Args[0])) }
