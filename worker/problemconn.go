//go:build !js

package main

import (
	"bytes"
	"fmt"
	"net"
	"strconv"

	"qrkeyless/core/problem"
)

// problemListener hands out connections that turn net/http's own refusals
// into problem documents. net/http answers a request it cannot read (a
// malformed request line, headers over the limit, a bad Host) before any
// handler runs, in plain text; the interface promises a problem document
// for every 4xx, so the refusal is rewritten as one on its way out.
type problemListener struct{ net.Listener }

func (l problemListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return problemConn{c}, nil
}

type problemConn struct{ net.Conn }

// net/http writes its refusals in one piece, straight to the connection,
// as "HTTP/1.1 <status>" then these headers, then the status text and a
// reason; the handler's answers never carry text/plain with Connection:
// close.
var refusalHeaders = []byte("\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n")

func (c problemConn) Write(b []byte) (int, error) {
	if !bytes.HasPrefix(b, []byte("HTTP/1.1 4")) || !bytes.Contains(b, refusalHeaders) {
		return c.Conn.Write(b)
	}
	status, err := strconv.Atoi(string(b[9:12]))
	if err != nil {
		return c.Conn.Write(b)
	}
	_, body, _ := bytes.Cut(b, refusalHeaders)
	line, _, _ := bytes.Cut(b, []byte("\r\n"))
	p := &problem.Problem{Type: "/problems/bad-request", Title: string(line[13:]), Status: status,
		Detail: string(body), Fix: "Send one well-formed HTTP/1.1 request (request line, headers under 64 KiB, a Host header); GET /api/v1/qr?data=hello is the simplest."}
	doc := p.JSON()
	out := fmt.Appendf(nil, "%s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", line, problem.ContentType, len(doc), doc)
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}
