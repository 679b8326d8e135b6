package web

import (
	"fmt"
	"html"
	"html/template"
	"math"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
)

// The quick comparison: pref simulate --compare of the variant and its
// base on the same cards, a few hundred deals (the most a page waits
// for), drawn as a bar chart by pref.

const (
	compareDeals    = 200  // deals played when the page names no number
	maxCompareDeals = 1000 // the most a page may ask for: a second or two
	compareSeed     = 1
)

// seatResult is one seat's result per deal in the base and the variant,
// and the difference on the same deals with its 95% interval.
type seatResult struct {
	Seat          string
	Base, Variant simulate.Stat
	Diff          simulate.Stat
}

// comparison is what the page shows of a quick comparison.
type comparison struct {
	Base, Variant string
	Deals         int
	Seed          uint64
	Unit          string
	AllPassBase   float64 // the share of deals nobody declared, in per cent
	AllPassVar    float64
	Seats         []seatResult
	Chart         template.HTML
}

// compareWithBase plays deals of the base and of the variant on the same
// cards (the same seed), as pref simulate --ruleset BASE --compare VARIANT.
func compareWithBase(d *draft, deals int) (*comparison, error) {
	if d.ruleset == nil {
		return nil, &badInput{"the ruleset has mistakes: it is compared once it is valid"}
	}
	if d.base == "" {
		return nil, &badInput{"the ruleset extends none: there is no base to compare it with"}
	}
	if deals < 1 || deals > maxCompareDeals {
		return nil, &badInput{fmt.Sprintf("deals %d: want 1 to %d here (pref simulate plays more)", deals, maxCompareDeals)}
	}
	base, err := rulesets.Open(d.base)
	if err != nil {
		return nil, &badInput{err.Error()}
	}
	if base.Hands != d.ruleset.Hands {
		return nil, &badInput{fmt.Sprintf("%s deals %d hands, the variant %d: the same cards cannot be played", d.base, base.Hands, d.ruleset.Hands)}
	}
	cfg := simulate.Config{Deals: deals, Workers: 2, Seed: compareSeed, KeepPerDeal: true, Bots: "simple"}
	a, err := simulate.Run(base, cfg, nil)
	if err != nil {
		return nil, err
	}
	b, err := simulate.Run(d.ruleset, cfg, nil)
	if err != nil {
		return nil, err
	}
	c := &comparison{Base: d.base, Variant: d.ruleset.Name, Deals: deals, Seed: compareSeed, Unit: a.Unit, AllPassBase: 100 * a.AllPass.Mean, AllPassVar: 100 * b.AllPass.Mean}
	diff := simulate.SeatDifference(a, b)
	for i := range a.Seats {
		c.Seats = append(c.Seats, seatResult{Seat: rulings.SeatWord(i, len(a.Seats)), Base: a.Seats[i], Variant: b.Seats[i], Diff: diff[i]})
	}
	c.Chart = chartSVG(c)
	return c, nil
}

// chartSVG draws each seat's mean result per deal in the base and in the
// variant as two horizontal bars from a zero line, each labelled with its
// ruleset and figure (the pattern and the words, not the colour alone,
// tell them apart).
func chartSVG(c *comparison) template.HTML {
	const (
		width, left, right = 560.0, 100.0, 130.0
		barH, gap, top     = 20.0, 14.0, 26.0
	)
	most := 0.0
	for _, s := range c.Seats {
		most = math.Max(most, math.Max(math.Abs(s.Base.Mean), math.Abs(s.Variant.Mean)))
	}
	if most == 0 {
		most = 1
	}
	plot := width - left - right
	zero := left + plot/2
	scale := plot / 2 / most
	height := top + float64(len(c.Seats))*(2*barH+gap) + 8
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %.0f %.0f" role="img" aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">`, width, height)
	fmt.Fprintf(&b, `<title id="chart-title">Result per deal by seat, %s and %s, %d deals on the same cards</title>`, html.EscapeString(c.Base), html.EscapeString(c.Variant), c.Deals)
	b.WriteString(`<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f2c14e"/><line x1="0" y1="0" x2="0" y2="6" stroke="#6b4e00" stroke-width="2"/></pattern></defs>`)
	fmt.Fprintf(&b, `<text x="%.0f" y="16" class="axis" text-anchor="middle">0 (%s per deal)</text>`, zero, html.EscapeString(c.Unit))
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#333"/>`, zero, top-4, zero, height-4)
	y := top
	for _, s := range c.Seats {
		fmt.Fprintf(&b, `<text x="4" y="%.1f" class="seat">%s</text>`, y+barH+5, html.EscapeString(s.Seat))
		bar(&b, zero, y, barH, s.Base.Mean*scale, "#5b8fd9", "base", s.Base.Mean)
		bar(&b, zero, y+barH, barH, s.Variant.Mean*scale, "url(#hatch)", "variant", s.Variant.Mean)
		y += 2*barH + gap
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// bar draws one bar of length size (negative: to the left of zero) with
// its label and figure beside it.
func bar(b *strings.Builder, zero, y, h, size float64, fill, label string, value float64) {
	x, w := zero, size
	if size < 0 {
		x, w = zero+size, -size
	}
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#222" stroke-width=".5"><title>%s %+.2f</title></rect>`, x, y+1, math.Max(w, 1), h-2, fill, label, value)
	tx, anchor := zero+size+4, "start"
	if size < 0 {
		tx, anchor = zero+size-4, "end"
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" class="figure" text-anchor="%s">%s %+.2f</text>`, tx, y+h-4, anchor, label, value)
}
