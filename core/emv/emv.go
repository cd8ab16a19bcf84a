// Package emv writes and reads EMVCo merchant-presented QR payloads (QR
// Code Specification for Payment Systems, Merchant-Presented Mode v1.1):
// the tag-length-value data objects, the CRC-16 that closes a payload,
// Merchant, the data objects of one payment code as every scheme's codes
// share them, and Describe, which names each object of any code.
package emv

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Object is one EMV data object: a two-digit tag and its value.
type Object struct{ Tag, Value string }

// Write writes data objects: each tag, its value's length in two digits,
// the value. Callers keep values ASCII and at most 99 characters, so that
// the length counts bytes and characters alike.
func Write(objs ...Object) string {
	var b strings.Builder
	for _, o := range objs {
		fmt.Fprintf(&b, "%s%02d%s", o.Tag, len(o.Value), o.Value)
	}
	return b.String()
}

// Payload writes a whole merchant-presented payload: the objects, then
// tag 63 with the CRC of everything before it including "6304".
func Payload(objs ...Object) string {
	s := Write(objs...) + "6304"
	return s + fmt.Sprintf("%04X", CRC(s))
}

// CRC is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no
// final xor), the checksum of merchant-presented payloads.
func CRC(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// Read splits s into data objects; ok is false unless s is exactly a run
// of well-formed ones.
func Read(s string) ([]Object, bool) {
	var out []Object
	for len(s) > 0 {
		if len(s) < 4 || strings.Trim(s[:4], "0123456789") != "" {
			return nil, false
		}
		// The length counts characters (KHQR's Khmer names take several
		// bytes each); Write is given ASCII only, where the two agree.
		n, end := int(s[2]-'0')*10+int(s[3]-'0'), 4
		for ; n > 0 && end < len(s); n-- {
			_, size := utf8.DecodeRuneInString(s[end:])
			end += size
		}
		if n > 0 {
			return nil, false
		}
		out = append(out, Object{s[:2], s[4:end]})
		s = s[end:]
	}
	return out, true
}

// Tags holds data objects by tag.
type Tags map[string]string

// Parse reads a merchant-presented payload: tag 00 first, "01" (EMVCo) or
// "02" (DuitNow), and tag 63 last. It returns the objects between them by
// tag, and whether the CRC in tag 63 matches; ok is false unless the text
// is such a run of objects with no tag given twice. A payload whose CRC
// is wrong is still read, so that a caller can say so: scanners that
// check it refuse the code.
func Parse(text string) (t Tags, crcOK, ok bool) {
	if len(text) < 14 || !strings.HasPrefix(text, "000201") && !strings.HasPrefix(text, "000202") {
		return nil, false, false
	}
	body, crc := text[:len(text)-4], text[len(text)-4:]
	if !strings.HasSuffix(body, "6304") {
		return nil, false, false
	}
	objs, ok := Read(body[6 : len(body)-4])
	if !ok {
		return nil, false, false
	}
	t = Tags{}
	for _, o := range objs {
		if _, dup := t[o.Tag]; dup {
			return nil, false, false
		}
		t[o.Tag] = o.Value
	}
	return t, fmt.Sprintf("%04X", CRC(body)) == strings.ToUpper(crc), true
}

// Sub reads the data objects inside the template at tag, by tag; of a
// sub-tag given twice the last counts. A tag t lacks is an empty template.
func (t Tags) Sub(tag string) (Tags, bool) {
	objs, ok := Read(t[tag])
	if !ok {
		return nil, false
	}
	sub := Tags{}
	for _, o := range objs {
		sub[o.Tag] = o.Value
	}
	return sub, true
}

// AccountAt returns the sub-objects of the template at tag when its
// globally unique id, sub-tag 00, is gui in any case.
func (t Tags) AccountAt(tag, gui string) (Tags, bool) {
	sub, ok := t.Sub(tag)
	if !ok || !strings.EqualFold(sub["00"], gui) {
		return nil, false
	}
	return sub, true
}

// Account finds the merchant account template, of tags 26 to 51, whose
// globally unique id is gui, and returns its sub-objects.
func (t Tags) Account(gui string) (Tags, bool) {
	for tag := 26; tag <= 51; tag++ {
		if _, ok := t[strconv.Itoa(tag)]; !ok {
			continue
		}
		if sub, ok := t.AccountAt(strconv.Itoa(tag), gui); ok {
			return sub, true
		}
	}
	return nil, false
}
