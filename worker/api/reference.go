package api

import "encoding/json"

// Description is the OpenAPI description, as GET /openapi.json answers it:
// what the site's API reference (/docs) is written from at build time, so
// that the two say the same of every operation.
func Description() []byte {
	b, err := json.Marshal(New(Config{}).(*server).openAPIDoc())
	if err != nil { // maps of strings, numbers and slices: cannot fail
		panic(err)
	}
	return b
}
