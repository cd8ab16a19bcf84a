// Command worker serves the QR service: natively on $PORT (default 9900)
// with `go run ./worker`, or, compiled to WebAssembly, inside a Cloudflare
// Worker through syumai/workers and entry.mjs.
package main

func main() { serve() }
