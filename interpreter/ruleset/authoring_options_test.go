package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// An option that is a number may say its bounds (minimum, maximum,
// multiple_of): a value outside them, however it comes (--option, a case,
// a record), is refused with the option's description, which says why;
// bounds that contradict themselves or the default are refused where they
// are written.
func TestOptionBounds(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[int]string{61: `option "bula": 61 is not a multiple of 2 (`, 0: `option "bula": 0 is below 2, the least it takes`, 60: ""} {
		_, err := r.With(map[string]any{"bula": v})
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("bula=%d: want %q, got %v", v, want, err)
		}
	}
	for _, c := range []struct{ name, option, want string }{
		{"default outside", "    default: 3\n    minimum: 4\n", ":6:14: default: option \"n\": 3 is below 4"},
		{"odd default", "    default: 3\n    multiple_of: 2\n", ":6:14: default: option \"n\": 3 is not a multiple of 2"},
		{"crossed", "    default: 3\n    minimum: 4\n    maximum: 2\n", ":6:14: option \"n\": minimum 4 is above maximum 2"},
		{"not a number", "    default: true\n    maximum: 2\n", ":6:14: option \"n\": minimum, maximum and multiple_of are for a number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeHouse(t, "house.yaml", "extends: sochi\nname: h\noptions:\n  n:\n    description: a number\n"+c.option)
			_, err := rulesets.Open(path)
			if err == nil || !strings.Contains(err.Error(), path+c.want) {
				t.Errorf("want %s%s, got %v", path, c.want, err)
			}
		})
	}
}
