package termtext

import (
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Anton":                  "Anton",
		"Đorđe\tx\n":             "Đorđe\tx\n",
		"a\x1b]0;pwned\x07b":     `a\x1b]0;pwned\x07b`,
		"\x1b[2J":                `\x1b[2J`,
		"x\x7fy\u009bz":          `x\u007fy\u009bz`,
		"\u202eevil\u2066\u200b": `\u202eevil\u2066\u200b`,
		"\ufeff\u00ad":           `\ufeff\u00ad`,
		"bad\xffbyte":            `bad\xffbyte`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := Check("title", "A fine title — ünïcode", true); err != nil {
		t.Error(err)
	}
	for _, s := range []string{"a\x1b[31m", "two\nlines", "\u202e", "x\x9by", "bad\xff"} {
		err := Check("title", s, true)
		if err == nil {
			t.Errorf("%q accepted", s)
			continue
		}
		if strings.ContainsAny(err.Error(), "\x1b\u202e\u009b") || !strings.HasPrefix(err.Error(), "title: ") {
			t.Errorf("%q: %q", s, err)
		}
	}
	if err := Check("comment", "two\nlines", false); err != nil {
		t.Error(err)
	}
}

func TestNewWriter(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	n, err := w.Write([]byte("title \x1b]0;x\x07 ok\n"))
	if err != nil || n != 16 {
		t.Fatalf("wrote %d, %v", n, err)
	}
	w.Write([]byte("plain\n"))
	if got := b.String(); got != "title \\x1b]0;x\\x07 ok\nplain\n" {
		t.Errorf("got %q", got)
	}
}
