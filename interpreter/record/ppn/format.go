package ppn

import (
	"strconv"
	"strings"
)

// Format writes f as PPN text: the tags one a line, a blank line, then one
// deal record a line. A deal nobody played writes 0 for starts and - for
// the throws (the notation gives no form for it); the refa field is left
// out only where it was read without one.
func (f *File) Format() []byte {
	var b strings.Builder
	for _, t := range f.Tags {
		b.WriteString("[" + t.Name + " " + quote(t.Value) + "]\n")
	}
	if len(f.Tags) > 0 && len(f.Deals) > 0 {
		b.WriteString("\n")
	}
	for i := range f.Deals {
		b.WriteString(f.Deals[i].String())
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// quote writes a tag's value, in double quotes where it holds a space or
// anything else that would end it.
func quote(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\r\n\"\\[];") {
		return v
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")
	return `"` + r.Replace(v) + `"`
}

// String is the deal's record in brackets.
func (d *Deal) String() string {
	var order strings.Builder
	for _, p := range d.Order {
		order.WriteString(strconv.Itoa(p))
	}
	bids := make([]string, 3)
	for i, b := range d.Bids {
		bids[i] = b.String()
	}
	fields := []string{strconv.Itoa(d.ID), order.String(), string(d.Cards[:]), strings.Join(bids, ",")}
	if d.Declared {
		throws := "-"
		if len(d.Throws) > 0 {
			ts := make([]string, len(d.Throws))
			for i, t := range d.Throws {
				ts[i] = t.String()
			}
			throws = strings.Join(ts, ",")
		}
		sum := make([]string, 3)
		for i, e := range d.Summary {
			sum[i] = e.String()
		}
		fields = append(fields, strconv.Itoa(d.Main), string(d.Discarded[:]), d.Contract.String(),
			strconv.Itoa(d.Accepted), d.Kontra.String())
		if d.Refa >= 0 {
			fields = append(fields, strconv.Itoa(d.Refa))
		}
		fields = append(fields, strconv.Itoa(d.Value), strconv.Itoa(d.Starts), throws, strings.Join(sum, ","))
	}
	return "[" + strings.Join(fields, " ") + "]"
}
