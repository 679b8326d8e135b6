package main

import (
	"bytes"
	"strings"
	"testing"
)

// settleOut runs pref settle with args and returns its output, failing
// the test unless it exits with wantCode.
func settleOut(t *testing.T, wantCode int, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"settle"}, args...), &out, &errOut); code != wantCode {
		t.Fatalf("pref settle %s: exit %d, want %d\n%s%s", strings.Join(args, " "), code, wantCode, out.String(), errOut.String())
	}
	return out.String(), errOut.String()
}

// wantLines fails unless out holds each line whole.
func wantLines(t *testing.T, out string, lines ...string) {
	t.Helper()
	for _, line := range lines {
		if !strings.Contains("\n"+out, "\n"+line+"\n") {
			t.Errorf("missing line %q in:\n%s", line, out)
		}
	}
}

// TestPlainStateContraChangesPayments: --contra and --recontra state the
// doublings an outcome case states, and each doubles what passes (West
// Balkans with contra-recontra: the base value 2 of spades, doubled by
// each call). Before, pref settle had no way to say a contra.
func TestPlainStateContraChangesPayments(t *testing.T) {
	deal := []string{"--ruleset", "west-balkans", "--option", "contra-recontra=true",
		"--declarer", "Anton", "--bid", "spades", "--tricks", "7,2,1"}
	plain, _ := settleOut(t, 0, deal...)
	wantLines(t, plain, "Anton draws 40 from the pot (20 times the base value) and pays Brigitte 8 for 2 tricks at 4 and Charlotte 4 for 1 trick at 4.")

	contra, _ := settleOut(t, 0, append(deal, "--contra", "Brigitte")...)
	wantLines(t, contra,
		"Brigitte called contra.",
		"Anton draws 80 from the pot (20 times the base value) and pays Brigitte 24 for 3 tricks at 8.")

	for _, recontra := range [][]string{
		{"--contra", "Brigitte", "--recontra", "Anton"}, // the declarer, answering the one contra
		{"--recontra", "Brigitte"},                      // the defender whose contra was answered
		{"--contra", "Brigitte=recontra"},               // the chain's length
	} {
		out, _ := settleOut(t, 0, append(deal, recontra...)...)
		wantLines(t, out,
			"Brigitte called contra and Anton recontra.",
			"Anton draws 160 from the pot (20 times the base value) and pays Brigitte 48 for 3 tricks at 16.",
			"Anton: +112 this deal.")
	}
}

// TestPlainStateContraRefused: a contra the game would not have offered
// is refused (exit 2) with the ruleset's rule (deal.Defence.WhyNoContra),
// and a flag that cannot be read names itself.
func TestPlainStateContraRefused(t *testing.T) {
	deal := []string{"--declarer", "Anton", "--bid", "spades", "--tricks", "7,2,1"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--ruleset", "west-balkans", "--option", "contra-recontra=true", "--drop", "Brigitte", "--contra", "Brigitte"},
			"Brigitte called contra, but he dropped out and nobody invited him"},
		{[]string{"--ruleset", "west-balkans", "--contra", "Brigitte"},
			"Brigitte called contra, but this ruleset has no contra"},
		{[]string{"--ruleset", "west-balkans", "--option", "contra-recontra=true", "--contra", "Anton"},
			"Anton is not a defender and cannot call contra"},
		{[]string{"--ruleset", "west-balkans", "--option", "contra-recontra=true", "--contra", "Brigitte=subcontra"},
			"this ruleset's doublings stop at recontra"},
		{[]string{"--ruleset", "west-balkans", "--option", "contra-recontra=true", "--contra", "Brigitte=double"},
			`--contra Brigitte=double: "double" is not a call`},
		{[]string{"--ruleset", "west-balkans", "--option", "contra-recontra=true", "--contra", "Zoe"},
			`--contra Zoe: "Zoe" is not one of the seats`},
		{[]string{"--ruleset", "danube-swabian", "--contra", "Brigitte", "--contra", "Charlotte", "--recontra", "Anton"},
			"--recontra Anton: Anton declared; name the defender whose contra Anton answered"},
		{[]string{"--ruleset", "west-balkans", "--option", "refa=true", "--marks", "Anton"},
			"--marks Anton: want Name=N"},
		{[]string{"--ruleset", "west-balkans", "--option", "refa=true", "--marks", "Anton=-1"},
			`--marks Anton=-1: "-1" is not a number of markings`},
		{[]string{"--ruleset", "west-balkans", "--option", "refa=true", "--marks-given", "-3"},
			"--marks-given -3: want 0 to 1000"},
	} {
		out, errOut := settleOut(t, 2, append(c.args, deal...)...)
		if out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: printed %q, error %q; want no output and an error saying %q", c.args, out, errOut, c.want)
		}
	}
}

// TestPlainStateRefaMarkings: when everybody passes with refa on, the
// settlement says who gets a marking and what each holds then (before:
// "Nobody pays anything." and nothing of the markings; the Serbian rules,
// which only write on the sheet, said "Nothing is written on the sheet.").
func TestPlainStateRefaMarkings(t *testing.T) {
	// each ruleset's own word for a marking (marking:): refa, refas in
	// West Balkans, refe in Serbian
	out, _ := settleOut(t, 0, "--ruleset", "west-balkans", "--option", "refa=true", "--passed")
	wantLines(t, out, "Anton, Brigitte and Charlotte each get a refa.",
		"Refas held now: Anton 1, Brigitte 1 and Charlotte 1.", "Nobody pays anything.")
	out, _ = settleOut(t, 0, "--ruleset", "serbian", "--passed")
	wantLines(t, out, "Anton, Brigitte and Charlotte each get a refa.",
		"Refe held now: Anton 1, Brigitte 1 and Charlotte 1.")
	if strings.Contains(out, "Nothing is written") {
		t.Errorf("the markings are written, yet:\n%s", out)
	}
	// without refa, nothing is given
	out, _ = settleOut(t, 0, "--ruleset", "west-balkans", "--passed")
	if strings.Contains(out, "refa") || strings.Contains(out, "marking") {
		t.Errorf("refa off, yet:\n%s", out)
	}
}

// TestPlainStateMarksHeld: --marks states a marking held before the deal;
// the declarer's refa doubles the base and is used up, and the settlement
// says so.
func TestPlainStateMarksHeld(t *testing.T) {
	out, _ := settleOut(t, 0, "--ruleset", "west-balkans", "--option", "refa=true",
		"--marks", "Anton=2,Brigitte=1", "--declarer", "Anton", "--bid", "spades", "--tricks", "7,2,1", "--arithmetic")
	wantLines(t, out,
		"Anton draws 80 from the pot (20 times the base value) and pays Brigitte 16 for 2 tricks at 8 and Charlotte 8 for 1 trick at 8.",
		"Anton uses up a refa.",
		`  Anton markings -1  (rule "a declarer with a refa marking plays for double and uses it up")`,
		"Refas held now: Anton 1, Brigitte 1 and Charlotte 0.")
}
