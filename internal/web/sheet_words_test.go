package web

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// drawnSheet renders the sheet template for a new table of ruleset r, the
// first player holding 1 of each named kind of marker.
func drawnSheet(t *testing.T, r *ruleset.Ruleset) string {
	t.Helper()
	tb, err := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	if err != nil {
		t.Fatal(err)
	}
	for k := range tb.KindMarks {
		tb.KindMarks[k][0] = 1
	}
	f, err := app.SheetOf(tb)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, "sheet", &sheetView{SheetFigures: f, Caption: "The score sheet"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestDrawnSheetSaysTheTableWords: with terms=russian the drawn sheet's
// headers say gora and visty (they once said mountain and whists), while
// the cells keep the canonical names in their data-sheet keys.
func TestDrawnSheetSaysTheTableWords(t *testing.T) {
	r, err := rulesets.Open("leningrad")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := r.ParseOptions([]string{"terms=russian"})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.With(opts); err != nil {
		t.Fatal(err)
	}
	html := drawnSheet(t, r)
	for _, want := range []string{`rowspan="2">gora</th>`, `class="pairhead">visty against</th>`, `data-sheet="Anton mountain"`, `data-sheet="Anton whists Brigitte"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the drawn sheet lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, `rowspan="2">mountain</th>`) {
		t.Errorf("the drawn sheet's header says mountain under terms=russian:\n%s", html)
	}
}

// TestDrawnSheetNamedKinds: a named kind of marker (double rounds) has its
// column in its words, with what each player holds.
func TestDrawnSheetNamedKinds(t *testing.T) {
	r, err := ruleset.LoadFile("../../conformance/house-markers/testdata/double-rounds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	html := drawnSheet(t, r)
	for _, want := range []string{`rowspan="2">double rounds</th>`, `data-kind-marks="Anton double">1</td>`, `data-kind-marks="Brigitte double">0</td>`} {
		if !strings.Contains(html, want) {
			t.Errorf("the drawn sheet lacks %s:\n%s", want, html)
		}
	}
}
