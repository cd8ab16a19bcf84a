package api

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"qrkeyless/core/problem"
)

// site is a built editor in miniature, with a file where a route is:
// natively the route wins, so a stray file in build/site cannot shadow
// the API.
var site = fstest.MapFS{
	"index.html":    {Data: []byte("<!DOCTYPE html><title>index</title>")},
	"wifi.html":     {Data: []byte("<!DOCTYPE html><title>wifi</title>")},
	"api/v1/health": {Data: []byte("not the health check")},
}

// What the site does not hold is the API's 404 problem document, with a
// fix, and so are other methods on a page, directories without an index,
// paths that climb out of the site, and every page when there is no site
// (the Worker, where wrangler serves the files before the Worker runs).
func TestSiteMisses(t *testing.T) {
	for _, tc := range []struct {
		site         *fstest.MapFS
		method, path string
	}{
		{&site, "GET", "/nope"},
		{&site, "GET", "/wifi.png"},
		{&site, "POST", "/wifi"},
		{&site, "DELETE", "/"},
		{nil, "GET", "/wifi"},
		{nil, "GET", "/"},
	} {
		h := New(Config{})
		if tc.site != nil {
			h = New(Config{Site: *tc.site})
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(tc.method, tc.path, nil))
		checkProblem(t, w, tc.method+" "+tc.path, 404)
	}
}

// checkProblem fails unless w holds a problem document of status code.
func checkProblem(t *testing.T, w *httptest.ResponseRecorder, what string, code int) {
	t.Helper()
	var p struct {
		Status      int
		Detail, Fix string
	}
	if w.Code != code || w.Header().Get("Content-Type") != problem.ContentType {
		t.Errorf("%s: %d %s; want a %d problem", what, w.Code, w.Header().Get("Content-Type"), code)
		return
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || p.Status != code || p.Detail == "" || p.Fix == "" {
		t.Errorf("%s: problem %s (%v)", what, w.Body, err)
	}
}

// Routes come before files: a site can never shadow the API.
func TestSiteBehindRoutes(t *testing.T) {
	w := httptest.NewRecorder()
	New(Config{Site: site}).ServeHTTP(w, httptest.NewRequest("GET", "/api/v1/health", nil))
	if w.Code != 200 || strings.Contains(w.Body.String(), "not the health check") {
		t.Errorf("GET /api/v1/health with a file there: %d %q", w.Code, w.Body)
	}
}
