package payload

import (
	"strconv"
	"strings"
	"time"
)

// The event kind (docs/payloads.md §2.15): a bare VEVENT, times in UTC.

func init() { register(eventKind) }

// Only the bare VEVENT is built (one iPhone report refuses the
// VCALENDAR wrapper); Parse reads both. An all-day event also takes a
// date-time for start and end and uses its date as written.
var eventKind = &Kind{
	Name:  "event",
	Title: "Calendar event",
	Help:  "Adds an event to the calendar.",
	Fields: []Field{
		{Name: "title", Label: "Title", Required: true, Format: FormatText, Example: "Team sync"},
		{Name: "start", Label: "Start", Required: true, Format: FormatDateTime, Example: "2025-07-01T09:00:00+02:00",
			Help: "ISO 8601 with offset, e.g. 2025-07-01T09:00:00+02:00; a date YYYY-MM-DD when allday."},
		{Name: "end", Label: "End", Format: FormatDateTime, Example: "2025-07-01T10:30:00+02:00",
			Help: "Not before start. For an all-day event, the last day (inclusive)."},
		{Name: "location", Label: "Location", Format: FormatText, Example: "Room 4, HQ"},
		{Name: "description", Label: "Description", Format: FormatLongText, Example: "Agenda: Q3; budget"},
		{Name: "allday", Label: "All day", Format: FormatBool, Example: "false"},
		{Name: "reminder", Label: "Reminder", Format: FormatInteger, Example: "15",
			Help: "Minutes before the start to show an alert."},
	},
	Build: buildEvent,
}

const icalUTC = "20060102T150405Z"

// eventTime reads an ISO 8601 date-time with offset (seconds optional).
func eventTime(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			u := t.UTC()
			return u, u.Year() >= 1 && u.Year() <= 9999
		}
	}
	return time.Time{}, false
}

// eventDate reads YYYY-MM-DD, or the date part of a date-time with offset.
func eventDate(s string) (time.Time, bool) {
	if _, ok := eventTime(s); ok {
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

func buildEvent(f Fields) (string, error) {
	if err := need("event", f, "title", "start"); err != nil {
		return "", err
	}
	allday, err := flag("event", f, "allday")
	if err != nil {
		return "", err
	}
	start, end := strings.TrimSpace(f["start"]), strings.TrimSpace(f["end"])
	var dtstart, dtend string
	if allday {
		s, ok := eventDate(start)
		if !ok {
			return "", &FieldError{Field: "start", Problem: "must be a date YYYY-MM-DD for an all-day event", Example: "2025-08-01"}
		}
		e := s
		if end != "" {
			if e, ok = eventDate(end); !ok {
				return "", &FieldError{Field: "end", Problem: "must be a date YYYY-MM-DD for an all-day event", Example: "2025-08-01"}
			}
			if e.Before(s) {
				return "", &FieldError{Field: "end", Problem: "is before start", Example: s.Format(time.DateOnly)}
			}
		}
		if e.Year() > 9998 {
			return "", &FieldError{Field: "end", Problem: "must be before the year 9999", Example: "2025-08-01"}
		}
		// DTEND is exclusive in RFC 5545; end is the last day of the event.
		dtstart = "DTSTART;VALUE=DATE:" + s.Format("20060102")
		dtend = "DTEND;VALUE=DATE:" + e.AddDate(0, 0, 1).Format("20060102")
	} else {
		s, ok := eventTime(start)
		if !ok {
			return "", fieldError("event", "start", "must be an ISO 8601 date-time with offset, e.g. 2025-07-01T09:00:00+02:00")
		}
		dtstart = "DTSTART:" + s.Format(icalUTC)
		if end != "" {
			e, ok := eventTime(end)
			if !ok {
				return "", fieldError("event", "end", "must be an ISO 8601 date-time with offset, e.g. 2025-07-01T10:30:00+02:00")
			}
			if e.Before(s) {
				return "", &FieldError{Field: "end", Problem: "is before start", Example: start}
			}
			dtend = "DTEND:" + e.Format(icalUTC)
		}
	}
	reminder := -1
	if r := strings.TrimSpace(f["reminder"]); r != "" {
		n, err := strconv.Atoi(r)
		if err != nil || n < 0 || !numeric(r) {
			return "", fieldError("event", "reminder", "must be a whole number of minutes, 0 or more")
		}
		reminder = n
	}
	title := icalEscape(f["title"])
	var w contentLines
	w.line("BEGIN:VEVENT")
	w.line("SUMMARY:" + title)
	w.line(dtstart)
	if dtend != "" {
		w.line(dtend)
	}
	if v := f["location"]; v != "" {
		w.line("LOCATION:" + icalEscape(v))
	}
	// The event's DESCRIPTION must come before the VALARM: ZXing takes the
	// first DESCRIPTION anywhere.
	if v := f["description"]; v != "" {
		w.line("DESCRIPTION:" + icalEscape(v))
	}
	if reminder >= 0 {
		w.line("BEGIN:VALARM")
		w.line("ACTION:DISPLAY")
		w.line("DESCRIPTION:" + title)
		w.line("TRIGGER:-PT" + strconv.Itoa(reminder) + "M")
		w.line("END:VALARM")
	}
	w.line("END:VEVENT")
	return w.String(), nil
}

// parseEvent reads the first VEVENT, bare or inside a VCALENDAR. Times
// without Z (floating, or with a TZID) are read as UTC, as ZXing does on a
// UTC device; the time zone database is not shipped to the browser.
func parseEvent(s string, _ *notes) (Fields, bool) {
	lines := contentSplit(strings.TrimLeft(s, "\ufeff \t\r\n"))
	if len(lines) == 0 || !strings.EqualFold(lines[0], "BEGIN:VEVENT") && !strings.EqualFold(lines[0], "BEGIN:VCALENDAR") {
		return nil, false
	}
	f := Fields{}
	var dtend string
	in, alarm, closed := false, false, false
	for _, line := range lines {
		name, params, value := contentLine(line)
		switch {
		case name == "BEGIN" && strings.EqualFold(value, "VEVENT"):
			in = true
		case !in:
		case name == "BEGIN" && strings.EqualFold(value, "VALARM"):
			alarm = true
		case name == "END" && strings.EqualFold(value, "VALARM"):
			alarm = false
		case name == "END" && strings.EqualFold(value, "VEVENT"):
			closed = true
		case alarm:
			if name == "TRIGGER" && f["reminder"] == "" {
				if n, ok := triggerMinutes(value); ok {
					f["reminder"] = strconv.Itoa(n)
				}
			}
		case name == "SUMMARY" || name == "LOCATION" || name == "DESCRIPTION":
			k := map[string]string{"SUMMARY": "title", "LOCATION": "location", "DESCRIPTION": "description"}[name]
			if f[k] == "" {
				f[k] = icalUnescape(value)
			}
		case name == "DTSTART":
			t, date, ok := icalTime(params, value)
			if !ok {
				return nil, false
			}
			if date {
				f["allday"] = "true"
				f["start"] = t.Format(time.DateOnly)
			} else {
				f["start"] = t.Format(time.RFC3339)
			}
		case name == "DTEND":
			dtend = line
		}
		if closed {
			break
		}
	}
	if !closed {
		return nil, false
	}
	if _, params, value := contentLine(dtend); dtend != "" {
		if t, date, ok := icalTime(params, value); ok {
			if f["allday"] == "true" {
				// Back from RFC 5545's exclusive end to the inclusive last day.
				if date {
					t = t.AddDate(0, 0, -1)
				}
				f["end"] = t.Format(time.DateOnly)
			} else {
				f["end"] = t.Format(time.RFC3339)
			}
		}
	}
	return f, true
}

// icalTime reads a DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS[Z]) value.
func icalTime(params, value string) (t time.Time, date bool, ok bool) {
	if len(value) == 8 || strings.Contains(strings.ToUpper(params), "VALUE=DATE") && !strings.Contains(value, "T") {
		t, err := time.Parse("20060102", value)
		return t, true, err == nil
	}
	t, err := time.Parse("20060102T150405", strings.TrimSuffix(value, "Z"))
	return t, false, err == nil
}

// triggerMinutes reads a TRIGGER before the start, such as -PT15M, -PT1H
// or -P1D, as minutes; ok is false for other triggers.
func triggerMinutes(v string) (int, bool) {
	before := strings.HasPrefix(v, "-")
	rest, ok := strings.CutPrefix(strings.TrimLeft(v, "+-"), "P")
	if !ok {
		return 0, false
	}
	units := map[byte]int{'W': 7 * 24 * 60, 'D': 24 * 60, 'H': 60, 'M': 1, 'S': 0}
	total, n, timePart := 0, -1, false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == 'T':
			timePart = true
		case isNum(c):
			if n < 0 {
				n = 0
			}
			n = n*10 + int(c-'0')
			if n > 1e7 {
				return 0, false
			}
		default:
			u, known := units[c]
			if !known || n < 0 || (c == 'M' || c == 'H' || c == 'S') != timePart || c == 'S' && n%60 != 0 {
				return 0, false
			}
			if c == 'S' {
				u, n = 1, n/60
			}
			total += n * u
			n = -1
		}
	}
	return total, n < 0 && total <= 1e8 && (before || total == 0)
}
