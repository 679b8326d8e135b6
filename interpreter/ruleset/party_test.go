package ruleset

import (
	"reflect"
	"testing"
)

// TestPartyFields: every field of Party that expressions may name (its
// expr tag) has an accessor for the closures, of its kind, reading that
// field and no other.
func TestPartyFields(t *testing.T) {
	pt := reflect.TypeOf(Party{})
	n := 0
	for i := range pt.NumField() {
		fd := pt.Field(i)
		name := fd.Tag.Get("expr")
		if name == "" {
			continue
		}
		n++
		var p Party
		fv := reflect.ValueOf(&p).Elem().Field(i)
		switch fd.Type.Kind() {
		case reflect.Int:
			get := partyInts[name]
			if get == nil {
				t.Errorf("%s (%s): no accessor", fd.Name, name)
				continue
			}
			fv.SetInt(7)
			if get(&p) != 7 {
				t.Errorf("%s: the accessor of %s reads another field", fd.Name, name)
			}
		case reflect.Bool:
			get := partyBools[name]
			if get == nil {
				t.Errorf("%s (%s): no accessor", fd.Name, name)
				continue
			}
			fv.SetBool(true)
			if !get(&p) {
				t.Errorf("%s: the accessor of %s reads another field", fd.Name, name)
			}
		case reflect.String:
			get := partyStrings[name]
			if get == nil {
				t.Errorf("%s (%s): no accessor", fd.Name, name)
				continue
			}
			fv.SetString("x")
			if get(&p) != "x" {
				t.Errorf("%s: the accessor of %s reads another field", fd.Name, name)
			}
		default:
			t.Errorf("%s: a field of kind %s; the closures read ints, bools and strings", fd.Name, fd.Type.Kind())
		}
	}
	if got := len(partyInts) + len(partyBools) + len(partyStrings); got != n {
		t.Errorf("%d accessors for %d fields", got, n)
	}
}
