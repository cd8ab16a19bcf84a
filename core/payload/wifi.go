package payload

import (
	"strings"
	"unicode/utf8"
)

// The wifi kind (docs/payloads.md §2.3): WIFI:T:<type>;S:<ssid>;P:<password>;H:true;;

func init() { register(wifiKind) }

// An empty security means WPA when a password is given and nopass when
// not, which reconciles "default WPA" with "\"\" -> nopass" (docs/payloads.md §2.3, §3).
// WPA3 and SAE both write T:SAE (WPA3-only); Parse reads T:SAE as WPA3.
var wifiKind = &Kind{
	Name:  "wifi",
	Title: "Wi-Fi network",
	Help:  "Joins a Wi-Fi network without typing the password.",
	Fields: []Field{
		{Name: "ssid", Label: "Network name", Required: true, Format: FormatText, Example: "Cafe Guest",
			Help: "The SSID, 1 to 32 bytes."},
		{Name: "password", Label: "Password", Format: FormatText, Secret: true, Example: "correct horse",
			Help: "Required unless security is nopass. WPA: 8-63 characters or 64 hex digits."},
		{Name: "security", Short: "sec", Label: "Security", Format: FormatEnum,
			Enum: []string{"WPA", "WPA2", "WPA3", "WEP", "nopass"}, Aliases: []string{"SAE", "WPA/WPA2", "WPA2/WPA3", "none", "open"}, Example: "WPA",
			Choices: []string{"WPA/WPA2 (most networks)", "WPA2", "WPA3 only", "WEP (old)", "None (open network)"},
			Help:    "WPA for most networks (WPA, WPA2, mixed WPA2/WPA3); WPA3 (or SAE) for WPA3-only ones; nopass (or none) for open ones. Not set: WPA with a password, nopass without."},
		{Name: "hidden", Label: "Hidden network", Format: FormatBool, Example: "false",
			Help: "The network does not broadcast its name."},
	},
	// No security (or an empty one) with no password is an open network
	// too, so the password is needed only when security names another.
	Unless: []Unless{{Field: "security", Values: []string{"nopass", "none", "open", ""}, Needs: []string{"password"}}},
	Build:  buildWifi,
}

// wifiTypes maps the accepted security names, upper-cased, to the T: value.
var wifiTypes = map[string]string{
	"WPA": "WPA", "WPA2": "WPA", "WPA/WPA2": "WPA", "WPA2/WPA3": "WPA",
	"WPA3": "SAE", "SAE": "SAE",
	"WEP":    "WEP",
	"NOPASS": "nopass", "NONE": "nopass", "OPEN": "nopass",
}

func buildWifi(f Fields) (string, error) {
	ssid, pw := f["ssid"], f["password"]
	switch {
	case ssid == "":
		return "", fieldError("wifi", "ssid", "is required")
	case len(ssid) > 32:
		return "", fieldError("wifi", "ssid", "is longer than 32 bytes, the most an SSID holds")
	}
	sec := strings.TrimSpace(f["security"])
	t := wifiTypes[strings.ToUpper(sec)]
	switch {
	case sec == "" && pw == "":
		t = "nopass"
	case sec == "":
		t = "WPA"
	case t == "":
		return "", fieldError("wifi", "security", "must be WPA, WPA2, WPA3, WEP or nopass")
	}
	if t == "nopass" && pw != "" {
		return "", &FieldError{Field: "password", Problem: "must be empty for an open network; clear it or set security to WPA"}
	}
	if t != "nopass" {
		if problem := wifiPassword(t, pw); problem != "" {
			return "", fieldError("wifi", "password", problem)
		}
	}
	hidden, err := flag("wifi", f, "hidden")
	if err != nil {
		return "", err
	}
	s := "WIFI:T:" + t + ";S:" + meEscape(ssid) + ";"
	if t != "nopass" {
		s += "P:" + meEscape(pw) + ";"
	}
	if hidden {
		s += "H:true;"
	}
	return s + ";", nil
}

// wifiPassword returns what is wrong with a password for a network of
// type t (WPA, SAE or WEP), or "".
func wifiPassword(t, pw string) string {
	hex := pw != "" && strings.Trim(pw, "0123456789abcdefABCDEF") == ""
	if t == "WEP" {
		switch {
		case len(pw) == 5 || len(pw) == 13 || len(pw) == 16:
			if utf8.ValidString(pw) && printable(pw) {
				return ""
			}
		case hex && (len(pw) == 10 || len(pw) == 26 || len(pw) == 32 || len(pw) == 58):
			return ""
		}
		return "must be a WEP key: 5, 13 or 16 characters, or 10, 26, 32 or 58 hex digits"
	}
	if pw == "" {
		return "is required for a " + t + " network; set security to nopass for an open one"
	}
	if hex && len(pw) == 64 || len(pw) >= 8 && len(pw) <= 63 && printable(pw) {
		return ""
	}
	return "must be 8 to 63 printable ASCII characters, or 64 hex digits"
}

func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// parseWifi reads the fields in any order, as ZXing and Android do. A
// missing T: means WPA when there is a password and nopass otherwise;
// enterprise types (WPA2-EAP) are not this kind. A password on an open
// network is left to settle, which leaves it out and notes it.
func parseWifi(s string, ns *notes) (Fields, bool) {
	body, ok := strings.CutPrefix(s, "WIFI:")
	if !ok {
		return nil, false
	}
	f := Fields{}
	keys, vals := meSplit(body)
	for i, k := range keys {
		v := meUnescape(vals[i])
		switch k {
		case "T":
			switch strings.ToUpper(v) {
			case "WPA", "WPA2":
				f["security"] = "WPA"
			case "SAE":
				f["security"] = "WPA3"
			case "WEP":
				f["security"] = "WEP"
			case "NOPASS", "":
				f["security"] = "nopass"
			default:
				return nil, false
			}
		case "S":
			f["ssid"] = v
		case "P":
			f["password"] = v
		case "H":
			wifiHidden(f, v, ns)
		default:
			// R:1 (WPA3 transition disable) and the enterprise keys: ZXing
			// ignores R, and this kind has no field for either.
			ns.add("", k+": is not kept; the wifi kind writes only T, S, P and H")
		}
	}
	switch {
	case f["security"] == "" && f["password"] == "":
		f["security"] = "nopass"
	case f["security"] == "":
		f["security"] = "WPA"
	}
	return f, true
}

// wifiHidden reads H: as ZXing does (docs/payloads.md §2.3, what readers
// disagree on, 6): true or false in any case is the hidden flag; any other value is the
// EAP phase-2 method of a legacy enterprise code, so the network is not
// hidden. The builder's flag takes yes, on and 1 too, so that value is
// noted here rather than handed to it.
func wifiHidden(f Fields, v string, ns *notes) {
	switch {
	case strings.EqualFold(v, "true"):
		f["hidden"] = "true"
	case strings.EqualFold(v, "false"):
	default:
		ns.add("hidden", "H:"+v+" is not true or false; scanners read it as an EAP phase-2 method, so the network is not marked hidden")
	}
}
