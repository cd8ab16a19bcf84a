package emv

// Merchant is a merchant-presented payment code before it is written: the
// data objects every scheme's codes share, by name. Payload writes them in
// tag order, 00 first and the CRC last, and leaves out the empty ones.
type Merchant struct {
	Format     string   // tag 00, the payload format indicator: "01" when empty (DuitNow writes "02")
	Initiation string   // tag 01, the point of initiation: Static or Dynamic (a Pix code has none)
	Accounts   []Object // merchant account templates, tags 02 to 51
	Category   string   // tag 52, the ISO 18245 merchant category code
	Currency   string   // tag 53, the ISO 4217 numeric currency code
	Amount     string   // tag 54, the transaction amount
	Country    string   // tag 58, ISO 3166-1 alpha-2
	Name       string   // tag 59, the merchant's name
	City       string   // tag 60, the merchant's city
	Postal     string   // tag 61, the postal code
	Additional []Object // tag 62's sub-objects: bill number, reference label, terminal label…
	Extra      []Object // objects written after tag 62 in the order given (KHQR's timestamps in 99)
}

// Points of initiation, tag 01.
const (
	Static  = "11" // a code for any number of payments
	Dynamic = "12" // a code for one payment
)

// Payload writes m as a whole merchant-presented payload, its CRC last.
func (m Merchant) Payload() string {
	format := m.Format
	if format == "" {
		format = "01"
	}
	objs := []Object{{"00", format}}
	add := func(tag, value string) {
		if value != "" {
			objs = append(objs, Object{tag, value})
		}
	}
	add("01", m.Initiation)
	objs = append(objs, m.Accounts...)
	for _, o := range []Object{{"52", m.Category}, {"53", m.Currency}, {"54", m.Amount}, {"58", m.Country}, {"59", m.Name}, {"60", m.City}, {"61", m.Postal}} {
		add(o.Tag, o.Value)
	}
	if len(m.Additional) > 0 {
		add("62", Write(m.Additional...))
	}
	return Payload(append(objs, m.Extra...)...)
}
