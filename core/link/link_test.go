package link

import (
	"encoding/json"
	"testing"
)

// wifi is the form of the Wi-Fi page as templates/first.go writes it.
const wifi = `{"kind":"wifi","title":"Wi-Fi network","angle":"180","controls":[
{"name":"ssid","field":"ssid","input":"text","required":true},
{"name":"password","field":"password","input":"password","unless":[{"field":"security","values":["nopass","none","open",""]}],"secret":true},
{"name":"sec","aliases":["security"],"field":"security","input":"select","options":["","WPA","WPA2","WPA3","WEP","nopass"]},
{"name":"hidden","field":"hidden","input":"checkbox"},
{"name":"style","aliases":["dots"],"style":"style","input":"pictures","default":"square","options":["square","rounded","dot"]},
{"name":"eye","style":"eye","input":"pictures","default":"square","options":["square","circle"]},
{"name":"fg","aliases":["color","dark"],"style":"fg","input":"text","default":"000000","swatch":true},
{"name":"margin","aliases":["quiet"],"style":"margin","input":"number","default":"4"},
{"name":"size","style":"size","input":"number","default":"512"},
{"name":"frame_text","aliases":["label"],"style":"frame_text","input":"text"},
{"name":"eye_color","style":"eye_color","input":"text","swatch":true},
{"name":"logo","style":"logo","input":"file"}],
"looks":{"cafe":"color=4e342e&style=rounded&frame_text=MENU","event":"color=linear:4a148c,1a237e,135deg&style=dot"}}`

// inputs is a form with the input types whose values the browser cleans up.
const inputs = `{"kind":"k","controls":[
{"name":"to","field":"to","input":"email","required":true},
{"name":"when","field":"when","input":"date"},
{"name":"body","field":"body","input":"textarea"},
{"name":"u","field":"u","input":"url"}]}`

func TestCodeURL(t *testing.T) {
	tests := []struct {
		form, link string
		want       string // "" for no code
	}{
		{wifi, "", ""},
		{wifi, "ssid=Guest&sec=nopass", "/api/v1/wifi?ssid=Guest&sec=nopass&format=svg"},
		// A password is needed and a link never carries one.
		{wifi, "ssid=Home&sec=WPA", ""},
		{wifi, "ssid=Home&sec=WPA&password=hunter2", ""},
		// No security chosen: the rule does not ask for the password.
		{wifi, "ssid=Home", "/api/v1/wifi?ssid=Home&format=svg"},
		// Aliases, a choice in capitals, a space as '+', the password dropped.
		{wifi, "security=NOPASS&ssid=Caf%C3%A9+Wi-Fi&password=x", "/api/v1/wifi?ssid=Caf%C3%A9%20Wi-Fi&sec=nopass&format=svg"},
		// The serializer writes '~' escaped and '*' as it is; a checkbox's "YES" is on.
		{wifi, "ssid=a~b*c&sec=nopass&hidden=YES", "/api/v1/wifi?ssid=a%7Eb*c&sec=nopass&hidden=true&format=svg"},
		// A picture named in capitals is chosen; one that does not exist is none.
		{wifi, "ssid=G&sec=nopass&style=DOT&eye=bogus", "/api/v1/wifi?ssid=G&sec=nopass&style=dot&format=svg"},
		// Gradients get their angle (the page's default, or the link's as
		// parseFloat reads it); a colour loses its '#'.
		{wifi, "ssid=G&sec=nopass&fg=linear:%231a237e,4a148c", "/api/v1/wifi?ssid=G&sec=nopass&fg=linear%3A1a237e%2C4a148c%2C180deg&format=svg"},
		{wifi, "ssid=G&sec=nopass&fg=linear:1a237e,4a148c,045.50deg", "/api/v1/wifi?ssid=G&sec=nopass&fg=linear%3A1a237e%2C4a148c%2C45.5deg&format=svg"},
		{wifi, "ssid=G&sec=nopass&color=%23FF0000", "/api/v1/wifi?ssid=G&sec=nopass&fg=FF0000&format=svg"},
		{wifi, "ssid=G&sec=nopass&fg=radial:ff0000", "/api/v1/wifi?ssid=G&sec=nopass&fg=radial%3Aff0000&format=svg"},
		{wifi, "ssid=G&sec=nopass&fg=%23000000", "/api/v1/wifi?ssid=G&sec=nopass&format=svg"},
		// An angle JavaScript writes with an exponent is not copied: no code.
		{wifi, "ssid=G&sec=nopass&fg=linear:1a237e,4a148c,1e30deg", ""},
		// Numbers as an input type=number keeps them.
		{wifi, "ssid=G&sec=nopass&margin=%2B2&size=1e3", "/api/v1/wifi?ssid=G&sec=nopass&size=1e3&format=svg"},
		{wifi, "ssid=G&sec=nopass&quiet=2.0&size=1.", "/api/v1/wifi?ssid=G&sec=nopass&margin=2.0&format=svg"},
		// Text loses its line breaks; a swatch is trimmed.
		{wifi, "label=A%0AB&ssid=G&sec=nopass&eye_color=%20%23c62828%20", "/api/v1/wifi?ssid=G&sec=nopass&frame_text=AB&eye_color=c62828&format=svg"},
		// A colour per eye: each trimmed, an empty one the first given.
		{wifi, "ssid=G&sec=nopass&eye_color=%23cc0000,%20,%230000cc", "/api/v1/wifi?ssid=G&sec=nopass&eye_color=cc0000%2Ccc0000%2C0000cc&format=svg"},
		// The first of two values; a bad escape stays as it is.
		{wifi, "ssid=%zz&ssid=second&sec=nopass", "/api/v1/wifi?ssid=%25zz&sec=nopass&format=svg"},
		// Not UTF-8: the browser's U+FFFD is not copied.
		{wifi, "ssid=%FF&sec=nopass", ""},
		// Only a choice set: nothing typed, no code of the link's own.
		{wifi, "sec=nopass", ""},
		{wifi, "logo=x.png&ssid=G", "/api/v1/wifi?ssid=G&format=svg"},
		{inputs, "to=%20a%40b.c%0A&when=2024-02-30&body=x%0D%0Ay&u=%20http%3A%2F%2Fx%20", "/api/v1/k?to=a%40b.c&body=x%0D%0Ay&u=http%3A%2F%2Fx&format=svg"},
		{inputs, "to=a%40b.c&when=2024-02-29", "/api/v1/k?to=a%40b.c&when=2024-02-29&format=svg"},
		{inputs, "to=a%40b.c&when=2023-02-29", "/api/v1/k?to=a%40b.c&format=svg"},
		{inputs, "to=a%40b.c&when=12024-01-01", ""},
		{inputs, "to=a%40b.c&when=0000-01-01", "/api/v1/k?to=a%40b.c&format=svg"},
		{inputs, "to=a%40b.c&when=%2B024-01-01", "/api/v1/k?to=a%40b.c&format=svg"},
		{inputs, "to=a%40b.c&when=2024-1-05", "/api/v1/k?to=a%40b.c&format=svg"},
		// A link's preset: each control the link sets, else the look's
		// (trimmed, any case); an unknown one is none; beyond ASCII, no code.
		{wifi, "preset=%20Cafe%20&ssid=G&sec=nopass&dots=dot", "/api/v1/wifi?ssid=G&sec=nopass&style=dot&fg=4e342e&frame_text=MENU&format=svg"},
		{wifi, "preset=event&ssid=G&sec=nopass&style=square", "/api/v1/wifi?ssid=G&sec=nopass&fg=linear%3A4a148c%2C1a237e%2C135deg&format=svg"},
		{wifi, "preset=nosuch&ssid=G&sec=nopass", "/api/v1/wifi?ssid=G&sec=nopass&format=svg"},
		{wifi, "preset=caf%C3%A9&ssid=G&sec=nopass", ""},
		{`{"kind":"","controls":[{"name":"data","field":"data","input":"textarea","required":true}]}`, "data=hi", "/api/v1/qr?data=hi&format=svg"},
	}
	for _, tt := range tests {
		var f Form
		if err := json.Unmarshal([]byte(tt.form), &f); err != nil {
			t.Fatal(err)
		}
		got, ok := f.CodeURL(tt.link)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("%s %q: %q, %v; want %q", f.Kind, tt.link, got, ok, tt.want)
		}
	}
}

// The browser's number input keeps a valid floating-point number as
// written and clears anything else; parseFloat reads the longest decimal
// a string starts with.
func TestNumbers(t *testing.T) {
	for _, tt := range []struct {
		v          string
		valid      bool
		parseFloat string // "" where it is not copied (an exponent in the output)
	}{
		{"4", true, "4"}, {"-0", true, "0"}, {"2.50", true, "2.5"}, {".5", true, "0.5"}, {"1e3", true, "1000"},
		{"1E-2", true, "0.01"}, {"1e+21", true, ""}, {"1.", false, "1"}, {"+1", false, "1"}, {"--1", false, "NaN"},
		{"1.e5", false, "100000"}, {"1e", false, "1"}, {" 1", false, "1"}, {"", false, "NaN"}, {"-", false, "NaN"},
		{"0x10", false, "0"}, {"45deg", false, "45"}, {"1e400", true, ""},
	} {
		if got := isNumber(tt.v); got != tt.valid && !(tt.v == "1e400") {
			t.Errorf("isNumber(%q) = %v", tt.v, got)
		}
		got, ok := parseFloat(tt.v)
		if ok != (tt.parseFloat != "") || ok && got != tt.parseFloat {
			t.Errorf("parseFloat(%q) = %q, %v; want %q", tt.v, got, ok, tt.parseFloat)
		}
	}
	// 1e400 is a valid number by its grammar, but not finite: the input clears it.
	if sanitize("number", "1e400") != "" {
		t.Error("an infinite number is kept")
	}
}
