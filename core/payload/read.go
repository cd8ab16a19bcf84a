package payload

// reader reads a text of a kind into its fields as the text has them,
// valid or not (empty ones too), and notes anything it reads differently
// from how Build writes it; ok is false when the text is not of the kind.
// Kind.parse follows it with settle.
type reader func(text string, ns *notes) (f Fields, ok bool)

// readerOf returns the reader of the kind called name, or nil. The readers
// are found here rather than held by each Kind so that a program that
// builds payloads and never reads one back links none of them: the
// linker keeps what a reachable function calls, but every value a
// registry entry holds. Only Parse, ParseNotes and RecognizeNotes reach
// this function, so the editor's program (which builds) is about 105 KB
// of gzip smaller than with a reader in every Kind. TestReaders holds it
// to the registry: every kind has one.
func readerOf(name string) reader {
	switch name {
	case "epc":
		return parseEPC
	case "swiss-qr":
		return parseSwissQR
	case "spd":
		return parseSPD
	case "upn":
		return parseUPN
	case "ru-payment":
		return parseRuPayment
	case "vcard":
		return parseVCard
	case "mecard":
		return parseMecard
	case "ethereum":
		return parseEthereum
	case "monero":
		return parseMonero
	case "pix":
		return parsePix
	case "promptpay":
		return parsePromptPay
	case "paynow":
		return parsePayNow
	case "event":
		return parseEvent
	case "geo":
		return parseGeo
	case "gs1-digital-link":
		return readGS1DL
	case "emv-merchant":
		return readEMVMerchant
	case "vietqr":
		return parseVietQR
	case "qris":
		return parseQRIS
	case "duitnow":
		return parseDuitNow
	case "khqr":
		return parseKHQR
	case "email":
		return parseEmail
	case "matmsg":
		return parseMatmsg
	case "phone":
		return parsePhone
	case "sms":
		return parseSMS
	case "mms":
		return parseMMS
	case "whatsapp":
		return parseWhatsApp
	case "telegram":
		return parseTelegram
	case "facetime":
		return parseFaceTime
	case "skype":
		return parseSkype
	case "otp":
		return parseOTP
	case "upi":
		return parseUPI
	case "paypal":
		return parsePayPal
	case "bezahlcode":
		return parseBezahlCode
	case "shadowsocks":
		return parseShadowsocks
	case "url":
		return parseURL
	case "text":
		return parseText
	case "bookmark":
		return parseBookmark
	case "app":
		return parseApp
	case "social":
		return parseSocial
	case "maps":
		return parseMaps
	case "wifi":
		return parseWifi
	case "bitcoin":
		return bip21Reader("bitcoin", bitcoinAddress)
	case "bitcoincash":
		return bip21Reader("bitcoincash", bitcoincashAddress)
	case "litecoin":
		return bip21Reader("litecoin", litecoinAddress)
	}
	return nil
}

// secretReaderOf returns the reader of the kind called name when that
// kind has a secret field, or nil: the readers redaction needs
// (secretsIn), which every program that shows a fix reaches. TestReaders
// holds it to the registry: the kinds with a secret field, each with its
// readerOf.
func secretReaderOf(name string) reader {
	switch name {
	case "otp":
		return parseOTP
	case "shadowsocks":
		return parseShadowsocks
	case "wifi":
		return parseWifi
	}
	return nil
}

// parseText reads any text as the text kind's one field.
func parseText(s string, _ *notes) (Fields, bool) { return Fields{"text": s}, true }
