package seats

import (
	"strings"
	"testing"
)

func TestCheckNameRefuses(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"", "has no name"},
		{"A->B", `"->"`},
		{"B->pot", `"->"`},
		{"pot", "reserved"},
		{"Talon", "reserved"},
		{"Ana Marija", "space"},
		{"Ana\tB", "space"},
		{"Ana\x1b[31m", "control"},
		{"Ana\u009b", "control"},
		{"Ana\u200b", "U+200B"},
		{"Ana\u200d", "U+200D"},
		{"\u202eanA", "bidi"},
		{"Ana\u2066", "bidi"},
		{"\ufeffAna", "U+FEFF"},
		{"An\u00ada", "U+00AD"},
		{"Ana\ufe0f", "invisible"},
		{"Ana\x7f", "control"},
		{"\xffAna", "UTF-8"},
	} {
		err := CheckName(tc.name)
		if err == nil {
			t.Errorf("%q: accepted", tc.name)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v; want it to say %s", tc.name, err, tc.want)
		}
		if strings.ContainsAny(err.Error(), "\x1b\u202e\u200b") {
			t.Errorf("%q: the message carries the raw character: %q", tc.name, err)
		}
	}
}

func TestCheckNameAccepts(t *testing.T) {
	for _, name := range []string{"Ana", "Đorđe", "Ж", "A-B", "A>B", "O'Neil", "anton_1", "Pot1"} {
		if err := CheckName(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
}

func TestCheckAlike(t *testing.T) {
	for _, names := range [][]string{
		{"Ana", "Boris", "Ana"},
		{"Ana", "Boris", "ana"},
		{"Ana", "Boris", "ＡＮＡ"},         // fullwidth
		{"Café", "Boris", "Cafe\u0301"}, // composed and decomposed
	} {
		err := Check(names)
		if err == nil {
			t.Errorf("%q: accepted", names)
			continue
		}
		if e := err.(*Error); e.Index != 2 {
			t.Errorf("%q: index %d, want 2", names, e.Index)
		}
	}
	if err := Check([]string{"A", "B->pot", "A->B"}); err == nil || err.(*Error).Index != 1 {
		t.Errorf("[A, B->pot, A->B]: %v; want the second refused", err)
	}
	if err := Check([]string{"Ana", "Boris", "Ciril"}); err != nil {
		t.Error(err)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"Ana":         `"Ana"`,
		"Đorđe":       `"Đorđe"`,
		"B C":         `"B C"`,
		"A\x1b[2J":    `"A\x1b[2J"`,
		"A\u200b":     `"A\u200b"`,
		"A\ufe0f":     `"A\ufe0f"`,
		"\u202eA":     `"\u202eA"`,
		"a\"b\\c":     `"a\"b\\c"`,
		"bad\xffbyte": `"bad\xffbyte"`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}
