package ppn

import (
	"errors"
	"strings"
	"testing"
)

// TestPrefOptionsTagReadAsOptionIs: the PrefOptions tag is read by the
// reader --option uses (ruleset.ParseOptions): an option named twice was
// silently the later value; it is refused, naming it, as on the command
// line.
func TestPrefOptionsTagReadAsOptionIs(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{"must-head=true,must-head=false", `tag PrefOptions: "must-head=false": option "must-head" is given twice`},
	} {
		text := "[Bula 100]\n[Refe 2]\n[PrefOptions " + c.tag + "]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + allPass1
		_, err := Import([]byte(text), nil)
		var pe *Error
		switch {
		case err == nil:
			t.Errorf("[PrefOptions %s]: imported", c.tag)
		case !errors.As(err, &pe) || pe.Line != 3:
			t.Errorf("[PrefOptions %s]: %v, want an *Error at line 3", c.tag, err)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("[PrefOptions %s]:\n got %v\nwant %s", c.tag, err, c.want)
		}
	}
	// a lone name is true, as --option must-head is
	text := "[Bula 100]\n[Refe 2]\n[PrefOptions must-head]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + allPass1
	if _, err := Import([]byte(text), nil); err != nil {
		t.Errorf("[PrefOptions must-head]: %v", err)
	}
}
