package payload

import (
	"strconv"
	"strings"
)

// The geo kind (docs/payloads.md §2.16) and the coordinate rules maps shares.

func init() { register(geoKind) }

// latField and lngField are the coordinates geo requires and maps takes
// in place of a query; latLng reads them for both.
var (
	latField = Field{Name: "lat", Label: "Latitude", Format: FormatDecimal, Example: "47.376887", Help: "-90 to 90, decimal degrees."}
	lngField = Field{Name: "lng", Label: "Longitude", Format: FormatDecimal, Example: "8.541694", Help: "-180 to 180, decimal degrees."}
)

// More than 7 decimals are rounded (half away from zero), not refused;
// a leading '+' and trailing zeros are dropped.
var geoKind = &Kind{
	Name:  "geo",
	Title: "Geographic location",
	Help:  "Opens a point in the phone's map app (geo: URI; iPhones do not open it reliably, maps is the portable choice).",
	Fields: []Field{
		required(latField),
		required(lngField),
		{Name: "alt", Label: "Altitude", Format: FormatDecimal, Example: "408", Help: "Metres, 0 or more."},
	},
	Build: buildGeo,
}

func buildGeo(f Fields) (string, error) {
	lat, lng, err := latLng("geo", f)
	if err != nil {
		return "", err
	}
	s := "geo:" + lat + "," + lng
	if f["alt"] != "" {
		// ZXing reads a negative altitude as no geo: URI at all.
		alt, ok := plainDecimal(f["alt"])
		if !ok || strings.HasPrefix(alt, "-") {
			return "", fieldError("geo", "alt", "must be a plain decimal number of metres, 0 or more")
		}
		s += "," + alt
	}
	return s, nil
}

// parseGeo takes what ZXing's GeoResultParser takes: the prefix in any
// case, numbers it can read, a latitude, longitude and altitude in range
// (ZXing reads a negative altitude as no geo: URI at all, docs/payloads.md
// §2.16), and a ?query after the numbers, which is not kept.
func parseGeo(s string, ns *notes) (Fields, bool) {
	if len(s) < 4 || !strings.EqualFold(s[:4], "geo:") {
		return nil, false
	}
	nums, query, hasQuery := strings.Cut(s[4:], "?")
	parts := strings.Split(nums, ",")
	if len(parts) < 2 || len(parts) > 3 {
		return nil, false
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || strings.Trim(p, "-0123456789.") != "" || i == 2 && v < 0 {
			return nil, false
		}
	}
	f := Fields{"lat": parts[0], "lng": parts[1]}
	if len(parts) == 3 {
		f["alt"] = parts[2]
	}
	if hasQuery {
		ns.add("", "?"+query+" is not kept; the geo kind writes coordinates only (use maps for a place name)")
	}
	return f, true
}

// latLng reads and normalises the lat and lng fields of kind.
func latLng(kind string, f Fields) (lat, lng string, err error) {
	lat, ok := plainDecimal(f["lat"])
	if !ok || !within(lat, 90) {
		return "", "", fieldError(kind, "lat", "must be a decimal number from -90 to 90")
	}
	lng, ok = plainDecimal(f["lng"])
	if !ok || !within(lng, 180) {
		return "", "", fieldError(kind, "lng", "must be a decimal number from -180 to 180")
	}
	return lat, lng, nil
}

func within(s string, limit float64) bool {
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && -limit <= v && v <= limit
}

// plainDecimal writes a decimal number the way geo: URIs need it: '.' as
// separator, no '+', no exponent, no leading zeros, no trailing fraction
// zeros, and at most 7 decimals (about 1 cm), rounded half away from zero.
// It works on the digits, so no binary float rounding creeps in.
func plainDecimal(s string) (string, bool) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || whole != "" && !numeric(whole) || frac != "" && !numeric(frac) || len(whole) > 20 {
		return "", false
	}
	if len(frac) > 7 {
		up := frac[7] >= '5'
		digits := []byte(whole + frac[:7])
		for i := len(digits) - 1; up && i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
			} else {
				digits[i]++
				up = false
			}
		}
		if up {
			digits = append([]byte{'1'}, digits...)
		}
		whole, frac = string(digits[:len(digits)-7]), string(digits[len(digits)-7:])
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	frac = strings.TrimRight(frac, "0")
	out := whole
	if frac != "" {
		out += "." + frac
	}
	if neg && out != "0" {
		out = "-" + out
	}
	return out, true
}

// isDecimal matches ^-?[0-9]+(\.[0-9]+)?$.
func isDecimal(s string) bool {
	whole, frac, dot := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	return numeric(whole) && (!dot || numeric(frac))
}
