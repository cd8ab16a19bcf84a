package mcp_test

import (
	"bytes"
	"encoding/base64"
	"maps"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/render"
)

// The tool schemas show a few parameters (worker/tools/schema.go); these
// tests hold the tools to the rest: every parameter of the registry and
// every field of every kind, given as an argument, draws what the REST
// call draws with it, and draws something else than the call without it.

// reachLogo is a logo small enough for every test call.
const reachLogo = `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="%23c00"/></svg>`

// parameterCases gives each parameter of params.Shared a value that
// changes the code, with what it needs beside it.
var parameterCases = map[string][]url.Values{
	"size":             {{"size": {"300"}}},
	"color":            {{"color": {"1a237e"}}, {"color": {"linear:1a237e,00838f,45deg"}}},
	"bg":               {{"bg": {"f5f5dc"}}, {"bg": {"transparent"}}},
	"ec":               {{"ec": {"H"}}},
	"margin":           {{"margin": {"2"}}},
	"invert":           {{"format": {"ascii"}, "invert": {"1"}}},
	"size_mm":          {{"format": {"svg"}, "size_mm": {"40"}}},
	"size_in":          {{"format": {"eps"}, "size_in": {"2"}}},
	"dpi":              {{"dpi": {"300"}}},
	"cmyk":             {{"format": {"pdf"}, "cmyk": {"1"}}},
	"version":          {{"version": {"5"}}},
	"mask":             {{"mask": {"3"}}},
	"eci":              {{"eci": {"utf-8"}, "data": {"héllo wörld"}}},
	"boost":            {{"boost": {"1"}, "data": {"hi"}}},
	"mode":             {{"mode": {"byte"}, "data": {"12345678"}}},
	"symbol":           {{"symbol": {"micro"}, "data": {"12345"}}, {"symbol": {"rmqr"}}},
	"rmqr_height":      {{"symbol": {"rmqr"}, "rmqr_height": {"13"}}},
	"parts":            {{"parts": {"2"}}, {"parts": {"3"}, "format": {"zip"}}},
	"parts_layout":     {{"parts": {"4"}, "parts_layout": {"grid"}}},
	"eye_ball":         {{"eye_ball": {"plus"}}, {"eye": {"circle"}, "eye_ball": {"cut"}}},
	"preset":           {{"preset": {"cafe"}}, {"preset": {"accent"}, "style": {"dot"}}},
	"eye_color":        {{"eye_color": {"cc0000"}}},
	"eye_ball_color":   {{"eye_ball_color": {"00701a"}}},
	"logo":             {{"logo": {reachLogo}, "ec": {"H"}}},
	"logo_size":        {{"logo": {reachLogo}, "ec": {"H"}, "logo_size": {"0.15"}}},
	"logo_margin":      {{"logo": {reachLogo}, "ec": {"H"}, "logo_margin": {"2"}}},
	"logo_bg":          {{"logo": {reachLogo}, "ec": {"H"}, "logo_bg": {"ffee58"}}},
	"logo_shape":       {{"logo": {reachLogo}, "ec": {"H"}, "logo_bg": {"ffee58"}, "logo_shape": {"circle"}}},
	"outline":          {{"outline": {"circle"}}},
	"bg_radius":        {{"bg": {"ffee58"}, "bg_radius": {"8"}}},
	"frame_text":       {{"frame_text": {"SCAN ME"}}},
	"frame_color":      {{"frame": {"box"}, "frame_color": {"880e4f"}}},
	"frame_text_color": {{"frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}, "frame_text_color": {"ffee58"}}},
}

// enumCases are the parameters tried at every value of their enum but
// the default.
var enumCases = []params.Param{params.Format, params.Style, params.Eye, params.Frame}

func TestEveryParameterReachesTheTools(t *testing.T) {
	cases := maps.Clone(parameterCases)
	for _, p := range enumCases {
		for _, v := range p.Enum() {
			q := url.Values{p.Name: {v}}
			switch {
			case v == p.Default:
				continue
			case v == params.ZipFormat:
				q.Set("parts", "2")
			case p.Name == params.Frame.Name:
				q.Set("frame_text", "SCAN ME")
			}
			cases[p.Name] = append(cases[p.Name], q)
		}
	}
	for _, p := range params.Shared {
		if len(cases[p.Name]) == 0 {
			t.Errorf("%s: no case gives it a value (parameterCases)", p.Name)
		}
	}
	for name, qs := range cases {
		for _, q := range qs {
			q = maps.Clone(q)
			if !q.Has("data") {
				q.Set("data", "https://example.com/every/parameter/reaches/the/tools")
			}
			without := maps.Clone(q)
			without.Del(name)
			if name == "parts" || name == "symbol" || name == "logo" {
				without = url.Values{"data": q["data"]} // what they need is refused without them
			}
			reaches(t, "qr_generate", "/api/v1/qr", q, without, nil)
		}
	}
}

// fieldContext is what a field needs beside it that its kind's sample
// does not hold.
var fieldContext = map[string]url.Values{
	"otp.counter": {"type": {"hotp"}},
	"otp.type":    {"counter": {"7"}},
}

// fieldValues are values of a field that change the code where its
// example is its default.
var fieldValues = map[string]string{
	"bezahlcode.currency":     "CHF",
	"emv-merchant.template":   "27",
	"gs1-digital-link.domain": "https://example.com",
	"otp.period":              "60",
	"upn.code":                "CHAR",
}

func TestEveryFieldReachesTheTool(t *testing.T) {
	for _, k := range payload.All() {
		sample := k.Sample()
		if len(sample) == 0 {
			t.Errorf("%s: its sample has no field", k.Name)
			continue
		}
		for _, f := range k.Fields {
			q, without, ok := fieldCase(t, k, f, sample)
			if !ok {
				refused(t, k, f, sample)
				continue
			}
			reaches(t, "qr_generate_typed", "/api/v1/"+k.Name, q, without, k)
		}
	}
}

// fieldCase finds a call of k that f changes: its example, or another
// of its values, in the kind's sample or with its required fields alone
// (and fieldContext). without is the call without f, nil when that is
// refused (f is required).
func fieldCase(t *testing.T, k *payload.Kind, f payload.Field, sample payload.Fields) (q, without url.Values, ok bool) {
	values := append([]string{f.Example, fieldValues[k.Name+"."+f.Name]}, f.Enum...)
	if f.Format == payload.FormatBool {
		values = append(values, "true", "false")
	}
	full := url.Values{}
	for name, v := range sample {
		full.Set(name, v)
	}
	for _, v := range values {
		for _, base := range []url.Values{full, requiredOf(k, sample)} {
			if v == "" {
				continue
			}
			q := maps.Clone(base)
			for name, vs := range fieldContext[k.Name+"."+f.Name] {
				q[name] = vs
			}
			q.Set(f.Name, v)
			want := rest(t, "/api/v1/"+k.Name, q)
			if want == nil {
				continue
			}
			without := maps.Clone(q)
			without.Del(f.Name)
			other := rest(t, "/api/v1/"+k.Name, without)
			if other == nil {
				return q, nil, true
			}
			if !bytes.Equal(other, want) {
				return q, without, true
			}
		}
	}
	return nil, nil, false
}

// refused checks a field no value of which changes the sample's code
// (upi's cu, whose one value is its default): a value it does not take
// is refused by the REST call and by the tool alike, naming the field.
func refused(t *testing.T, k *payload.Kind, f payload.Field, sample payload.Fields) {
	t.Helper()
	fields := map[string]any{}
	q := url.Values{}
	for name, v := range sample {
		fields[name], q[name] = v, []string{v}
	}
	const bad = "not-a-value-of-it"
	fields[f.Name] = bad
	q.Set(f.Name, bad)
	r := callTool(t, "qr_generate_typed", map[string]any{"type": k.Name, "fields": fields})
	if rest(t, "/api/v1/"+k.Name, q) != nil || !r.IsError || !strings.Contains(r.Content[0].Text, `"field":"`+f.Name+`"`) {
		t.Errorf("%s.%s: no value of it changes the code, and %s=%s is not refused by both the REST call and the tool, naming it: %+v",
			k.Name, f.Name, f.Name, bad, r)
	}
}

// requiredOf is the sample's required fields alone, as a query.
func requiredOf(k *payload.Kind, sample payload.Fields) url.Values {
	q := url.Values{}
	for _, f := range k.Fields {
		if f.Required && sample[f.Name] != "" {
			q.Set(f.Name, sample[f.Name])
		}
	}
	return q
}

// rest is the body GET path?q answers, or nil for an answer but 200.
func rest(t *testing.T, path string, q url.Values) []byte {
	w := httptest.NewRecorder()
	service.ServeHTTP(w, httptest.NewRequest("GET", path+"?"+q.Encode(), nil))
	if w.Code != 200 {
		return nil
	}
	return w.Body.Bytes()
}

// reaches checks that the tool given q draws what GET path?q answers, and
// that q draws something else than without (nil: nothing to compare).
// For a kind, the fields go in fields and the rest beside them.
func reaches(t *testing.T, tool, path string, q, without url.Values, kind *payload.Kind) {
	t.Helper()
	want := rest(t, path, q)
	if want == nil {
		t.Errorf("GET %s?%s is refused", path, q.Encode())
		return
	}
	if without != nil && bytes.Equal(rest(t, path, without), want) {
		t.Errorf("GET %s?%s draws the same as without %v: the case shows nothing", path, q.Encode(), diff(q, without))
	}
	args, fields := map[string]any{}, map[string]any{}
	for name := range q {
		if kind != nil && kind.Field(name) != nil {
			fields[name] = q.Get(name)
		} else {
			args[name] = q.Get(name)
		}
	}
	if kind != nil {
		args["type"], args["fields"] = kind.Name, fields
	}
	r := callTool(t, tool, args)
	if r.IsError || len(r.Content) < 2 {
		t.Errorf("%s %v: %+v", tool, args, r)
		return
	}
	f := render.Formats[0]
	if name := q.Get("format"); name != "" && name != params.ZipFormat {
		f, _ = render.LookupFormat(name)
	}
	var got []byte
	switch {
	case q.Get("format") == params.ZipFormat || f.Binary && f.Name != "png":
		got, _ = base64.StdEncoding.DecodeString(r.Content[len(r.Content)-1].Resource.Blob)
	case f.Name == "png":
		got, _ = base64.StdEncoding.DecodeString(r.Content[0].Data)
	default:
		got = []byte(r.Content[2].Text)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s %v draws other bytes than GET %s?%s", tool, args, path, q.Encode())
	}
}

func diff(q, without url.Values) []string {
	var names []string
	for name := range q {
		if !without.Has(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
