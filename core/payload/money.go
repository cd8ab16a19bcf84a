package payload

// money names, for each payment kind, the fields that say who is paid, how
// much, in what currency or against what reference: register marks them
// Field.Money, so that no fix ever offers another valid account or sum.
// A payee's name or town is not among them: a wrong one is refused by the
// bank, a wrong account pays a stranger.
var money = map[string][]string{
	"bezahlcode":   {"iban", "bic", "amount", "currency", "reason"},
	"bitcoin":      {"address", "amount"},
	"bitcoincash":  {"address", "amount"},
	"duitnow":      {"acquirer", "merchantid", "amount", "reference"},
	"emv-merchant": {"gui", "account", "amount", "currency"},
	"epc":          {"iban", "bic", "amount", "reference"},
	"ethereum":     {"address", "chainid", "value", "token"},
	"litecoin":     {"address", "amount"},
	"monero":       {"address", "amount"},
	"paynow":       {"proxy", "amount", "reference"},
	"paypal":       {"username", "amount", "currency"},
	"khqr":         {"account", "merchantid", "bank", "amount", "currency", "expires", "created"},
	"pix":          {"key", "amount", "txid"},
	"promptpay":    {"target", "amount"},
	"qris":         {"acquirer", "pan", "merchantid", "nmid", "amount"},
	"ru-payment":   {"personalacc", "bic", "correspacc", "sum", "payeeinn", "kpp", "cbc", "oktmo", "persacc", "uin"},
	"spd":          {"acc", "amount", "currency", "vs", "ss", "ks"},
	"swiss-qr":     {"iban", "amount", "currency", "reference"},
	"upi":          {"pa", "am", "mam", "cu", "tr", "tid"},
	"upn":          {"iban", "amount", "reference"},
	"vietqr":       {"bank", "account", "amount"},
}

// markMoney sets Field.Money on k's fields that the money table names.
func markMoney(k *Kind) {
	for _, name := range money[k.Name] {
		fd := k.Field(name)
		if fd == nil {
			panic("payload: money names no field " + k.Name + "." + name)
		}
		fd.Money = true
	}
}
