//go:build !js

package main

import (
	"net/http"

	"github.com/syumai/workers"
)

func serve(h http.Handler) { workers.Serve(h) }
