package payload

import "testing"

const ssKey32 = "YctPZ6U7xPPcU+gp3u+0tx/tRizJN9K8y+uKlW2qjlI=" // docs/payloads.md §2.38

var ssExamples = []example{
	// §2.38, both examples of docs/payloads.md.
	{kind: "shadowsocks", fields: Fields{"method": "aes-256-gcm", "password": "s3cr3t:pw", "host": "192.0.2.10", "port": "8388", "tag": "Home SS"},
		text: "ss://YWVzLTI1Ni1nY206czNjcjN0OnB3@192.0.2.10:8388#Home%20SS"},
	{kind: "shadowsocks", fields: Fields{"method": "2022-blake3-aes-256-gcm", "password": ssKey32, "host": "192.0.2.10", "port": "8388", "tag": "srv"},
		text: "ss://2022-blake3-aes-256-gcm:YctPZ6U7xPPcU%2Bgp3u%2B0tx%2FtRizJN9K8y%2BuKlW2qjlI%3D@192.0.2.10:8388#srv"},
	// Rules of SIP002: the plugin is percent-encoded after /?plugin=; IPv6 hosts in brackets.
	{kind: "shadowsocks", fields: Fields{"method": "aes-256-gcm", "password": "s3cr3t:pw", "host": "2001:db8::1", "port": "8388", "plugin": "obfs-local;obfs=http"},
		text:   "ss://YWVzLTI1Ni1nY206czNjcjN0OnB3@[2001:db8::1]:8388/?plugin=obfs-local%3Bobfs%3Dhttp",
		parsed: Fields{"method": "aes-256-gcm", "password": "s3cr3t:pw", "host": "[2001:db8::1]", "port": "8388", "plugin": "obfs-local;obfs=http"}},
}

func TestShadowsocksExamples(t *testing.T) { checkExamples(t, ssExamples) }

func TestShadowsocksRefusals(t *testing.T) {
	ok := Fields{"method": "aes-256-gcm", "password": "s3cr3t:pw", "host": "192.0.2.10", "port": "8388"}
	checkRefusals(t, []refusal{
		{"shadowsocks", with(ok, "method", "rc4-md5"), "method", "AEAD"},
		{"shadowsocks", with(ok, "password", ""), "password", "required"},
		{"shadowsocks", with(ok, "method", "2022-blake3-aes-128-gcm", "password", ssKey32), "password", "16 bytes"}, // a 32-byte key
		{"shadowsocks", with(ok, "method", "2022-blake3-aes-256-gcm", "password", "s3cr3t"), "password", "base64 key"},
		{"shadowsocks", with(ok, "host", "exa mple.com"), "host", "not a host"},
		{"shadowsocks", with(ok, "host", "bücher.example"), "host", "punycode"},
		{"shadowsocks", with(ok, "port", "65536"), "port", "1 to 65535"},
		{"shadowsocks", with(ok, "port", "0"), "port", "1 to 65535"},
	})
}

func TestShadowsocksScans(t *testing.T) {
	classic := Fields{"method": "aes-256-gcm", "password": "s3cr3t:pw", "host": "192.0.2.10", "port": "8388", "tag": "Home SS"}
	checkScans(t, []scan{
		// The legacy whole-base64 form QRCoder writes, padded standard base64 (encoded with Python).
		{"shadowsocks", "ss://YWVzLTI1Ni1nY206czNjcjN0OnB3QDE5Mi4wLjIuMTA6ODM4OA==#Home%20SS", classic},
		// A slash before the fragment, as some clients write it.
		{"shadowsocks", "ss://YWVzLTI1Ni1nY206czNjcjN0OnB3@192.0.2.10:8388/#Home%20SS", classic},
		{"shadowsocks", "ss://YWVzLTI1Ni1nY206czNjcjN0OnB3@192.0.2.10#x", nil}, // no port
		{"shadowsocks", "ss://cmM0LW1kNTpwdw@192.0.2.10:8388", nil},            // rc4-md5:pw, not AEAD
	})
}

func FuzzShadowsocksParse(f *testing.F) {
	var seeds []string
	for _, ex := range ssExamples {
		seeds = append(seeds, ex.text)
	}
	fuzzParsers(f, []string{"shadowsocks"}, append(seeds, "ss://@:", "ss://%zz@h:1", "ss://YQ@[::1]:1/?plugin=%")...)
}
