package tutorial

import (
	"bytes"
	"embed"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

//go:embed templates/*.md.tmpl
var templateFS embed.FS

// templates are parsed on first use: every command links this package,
// and most render no lesson.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"join": strings.Join,
		"inc":  func(i int) int { return i + 1 },
	}).ParseFS(templateFS, "templates/*.md.tmpl"))
})

// Lessons are the concept templates in teaching order.
var Lessons = []struct{ Name, Title string }{
	{"cards", "The cards"},
	{"deal", "The deal"},
	{"bids", "The bids"},
	{"auction", "The auction"},
	{"exchange", "The talon and the exchange"},
	{"defence", "The defenders' choices"},
	{"play", "The play"},
	{"special", "Special contracts"},
	{"settlement", "Settlement"},
	{"sheet", "The score sheet"},
	{"options", "Options"},
}

// Lesson renders one concept of r as markdown ("" when r does not use it).
func Lesson(r *ruleset.Ruleset, name string, ascii bool) (string, error) {
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, name+".md.tmpl", newView(r, ascii, false)); err != nil {
		return "", err
	}
	return strings.TrimSpace(b.String()), nil
}

// Rulebook is the whole rulebook of r for authors (pref rules --detail)
// as one markdown document. Unlike the lessons it keeps each condition and
// amount as written, marked as the precise form, beside its words.
func Rulebook(r *ruleset.Ruleset, ascii bool) (string, error) {
	return document(r, ascii, true, Lessons)
}

// Book is the whole rulebook of r for players (pref rules): every lesson,
// the settlement as rules in sentences with worked examples, the score
// sheet explained before the settlement writes on it.
func Book(r *ruleset.Ruleset, ascii bool) (string, error) {
	return document(r, ascii, false, sheetFirst(Lessons))
}

// RulebookFor is Book, or with detail the authors' Rulebook.
func RulebookFor(r *ruleset.Ruleset, ascii, detail bool) (string, error) {
	if detail {
		return Rulebook(r, ascii)
	}
	return Book(r, ascii)
}

// sheetFirst is lessons with the score sheet before the settlement, so
// that its accounts are explained before the rules write to them.
func sheetFirst(lessons []struct{ Name, Title string }) []struct{ Name, Title string } {
	var out []struct{ Name, Title string }
	var sheet struct{ Name, Title string }
	for _, l := range lessons {
		if l.Name == "sheet" {
			sheet = l
		}
	}
	for _, l := range lessons {
		switch {
		case l.Name == "sheet":
		case l.Name == "settlement" && sheet.Name != "":
			out = append(out, sheet, l)
		default:
			out = append(out, l)
		}
	}
	return out
}

// Course is the lessons of r for a learner as one markdown document: first
// what any trick-taking game is made of (tricks, following suit, trumps,
// the talon), with examples in r's own cards, then r's rules, every
// condition and amount in words.
func Course(r *ruleset.Ruleset, ascii bool) (string, error) {
	return document(r, ascii, false, coursePlan())
}

// Page is one lesson of the course as markdown, under its title, with
// the questions that check it was understood.
type Page struct {
	Name, Title, Markdown string
	Questions             []Question
}

// CoursePages is Course one lesson a page, the first page the ruleset's
// title and description; a lesson r does not use has no page.
func CoursePages(r *ruleset.Ruleset, ascii bool) ([]Page, error) {
	return coursePages(r, ascii, false)
}

// FirstCoursePages is the first game of r, one lesson a page: the rules
// with fewer contracts (those in a trump suit, never from the hand, no
// misère or game without trumps), derived from r, before the full
// course. Its lessons: the basics (tricks, following suit, trumps), the
// bids, the auction, the talon, the defence, and the settlement those
// games meet; the play's finer rules wait for the full course.
func FirstCoursePages(r *ruleset.Ruleset, ascii bool) ([]Page, error) {
	return coursePages(r, ascii, true)
}

// firstLessons are the lessons of the first game.
var firstLessons = []struct{ Name, Title string }{
	{"basics", "Before the rules: tricks, suits and trumps"},
	{"bids", "The bids"},
	{"auction", "The auction"},
	{"exchange", "The talon"},
	{"defence", "The defenders' choices"},
	{"sheet", "The score sheet"},
	{"settlement", "Settlement"},
}

// coursePlan is the full course's lessons, in teaching order.
func coursePlan() []struct{ Name, Title string } {
	course := []struct{ Name, Title string }{{"basics", "Before the rules: tricks, suits and trumps"}}
	for _, l := range Lessons {
		course = append(course, l)
		if l.Name == "auction" { // how to judge a hand, once the bids and the auction are known
			course = append(course, struct{ Name, Title string }{"judging", "Judging a hand"})
		}
	}
	return sheetFirst(course)
}

func coursePages(r *ruleset.Ruleset, ascii, first bool) ([]Page, error) {
	v := newViewOf(r, ascii, false, first)
	plan := firstLessons
	title := Page{Name: "title", Title: r.Title, Markdown: strings.TrimSpace(header(r, v))}
	if first {
		title.Markdown = fmt.Sprintf("# %s\n\nA first game, with fewer rules: only the games with a trump suit.", r.Title)
	} else {
		plan = coursePlan()
		v.Example = example(r, ascii)
		v.Judging = judging(r, ascii)
	}
	pages := []Page{title}
	for _, l := range plan {
		var tb bytes.Buffer
		if err := templates().ExecuteTemplate(&tb, l.Name+".md.tmpl", v); err != nil {
			return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
		}
		if text := strings.TrimSpace(tb.String()); text != "" {
			pages = append(pages, Page{Name: l.Name, Title: l.Title, Markdown: "## " + l.Title + "\n\n" + text, Questions: questions(r, l.Name, v, ascii)})
		}
	}
	defineAtFirstUse(r, pages)
	return pages, nil
}

// header is a document's first lines: the ruleset's title, description
// and source (and, in the rulebook, its notes).
func header(r *ruleset.Ruleset, v *view) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n", r.Title, r.Description)
	if v.Source != "" {
		fmt.Fprintf(&b, "\nSource: %s\n", v.Source)
	}
	if notes := strings.TrimSpace(r.Spec.Notes); notes != "" && v.Precise {
		fmt.Fprintf(&b, "\n%s\n", notes)
	}
	return b.String()
}

func document(r *ruleset.Ruleset, ascii, precise bool, lessons []struct{ Name, Title string }) (string, error) {
	v := newView(r, ascii, precise)
	if !precise {
		v.Example = example(r, ascii)
		v.Judging = judging(r, ascii)
	}
	var b strings.Builder
	b.WriteString(header(r, v))
	for _, l := range lessons {
		var tb bytes.Buffer
		if err := templates().ExecuteTemplate(&tb, l.Name+".md.tmpl", v); err != nil {
			return "", fmt.Errorf("lesson %s: %w", l.Name, err)
		}
		if text := strings.TrimSpace(tb.String()); text != "" {
			fmt.Fprintf(&b, "\n## %s\n\n%s\n", l.Title, text)
		}
	}
	if precise {
		return b.String(), nil
	}
	doc := []Page{{Markdown: b.String()}} // the terms defined where first used
	defineAtFirstUse(r, doc)
	return doc[0].Markdown, nil
}

// view is what the templates see: the ruleset in words.
type view struct {
	R             *ruleset.Ruleset
	Precise       bool         // the rulebook: expressions as written too, marked as such
	First         bool         // the first game: suit contracts only, no hand games
	omitted       map[int]bool // contracts the first game leaves out
	FirstBids     []bidGroup   // the first game's contracts, by the tricks they need
	FirstHandOnly bool         // the first game's every bid is played from the hand: nobody takes the talon
	Defines       []defineView
	SheetClosed   string   // the sheet's closing condition, in words
	SheetPair     string   // what a player gains from another at the end, in words
	SheetAfter    []string // the sheet's bookkeeping after each deal (write-off, ceiling), in words
	Leader        string   // who leads to the first trick, contracts that say otherwise included
	Basics        basicsView
	Settle        settleView      // the settlement in sentences with worked examples (not in the precise rulebook)
	Example       exampleView     // a real deal, in the course only
	Judging       judgingView     // a hand counted as the computer players count it, in the course only
	InForce       map[string]bool // options the ruleset already applies
	Source        string
	Suits         []suitView
	Ranks         string
	Packets       []string
	Cards         int
	Contracts     []contractView
	Ladder        []string
	Special       []contractView
	Rules         []ruleView
	Offers        []string
	HasHand       bool
	Cooperation   []string // the defenders\' cooperation rules, when in force
	AllPass       string   // the contract everyone plays when all pass, or ""
	TalonLeads    string   // how its talon opens the first tricks, or ""
	Obligations   []string // "4 against 6-spades ...": the defence's obligations, grouped
	HalfContracts []string // contracts against which a defender may take half
}

type suitView struct{ ID, Name, Symbol, Aliases string }

type contractView struct {
	Everyone                    bool // no declarer: played by everyone when all pass
	Name, Label, Trumps, Target string
	Values                      string
	Notes                       []string
}

type ruleView struct {
	Name, Source, When string // When in words (and as written, in the rulebook)
	Pays               []string
}

type defineView struct{ Name, Words, Src string }

// exampleView is one deal played by the computer players (the guided
// deal's), told lesson by lesson: the auction, the exchange, the defence,
// the first trick, the settlement.
type exampleView struct {
	Auction, Exchange, Defence, Trick, Settlement string
}

// example plays the guided deal and tells it for the lessons.
func example(r *ruleset.Ruleset, ascii bool) exampleView {
	var e exampleView
	seed := teachingSeed(r, 1)
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	g := game.New(r, players)
	names := []string{"Anton", "Brigitte", "Charlotte", "Dora"}[:r.Hands]
	copy(g.Names[:], names)
	g.Deal(rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)))
	if g.Run() != nil || g.Declarer < 0 {
		return e
	}
	t := teller{r: r, g: g, names: names, ascii: ascii}
	e.Auction = t.auction()
	e.Exchange = t.exchange()
	e.Defence = t.defence()
	e.Trick = t.firstTrick()
	l, err := settle.New(r).Settle(g.Outcome(names), true)
	if err != nil {
		return e
	}
	e.Settlement = t.settlement(l)
	return e
}

// teller tells a deal played to its end, lesson by lesson.
type teller struct {
	r     *ruleset.Ruleset
	g     *game.Game
	names []string
	ascii bool
}

// hand writes cards as the lessons show them.
func (t *teller) hand(m cards.Mask) string { return t.r.Deck.Format(m, !t.ascii) }

// auction tells the calls and who became the declarer.
func (t *teller) auction() string {
	r := t.r
	var calls []string
	for _, c := range t.g.Calls {
		what := "passes"
		if c.Call != game.Pass {
			what = "bids " + r.Contracts[r.Ladder[c.Call].Contract].Display()
			if r.Ladder[c.Call].Hand {
				what += " from the hand"
			}
		}
		calls = append(calls, t.names[c.Seat]+" "+what)
	}
	return strings.Join(calls, ", ") + ": " + t.names[t.g.Declarer] + " is the declarer."
}

// exchange tells what the declarer did with the talon and what he
// announced, or "" when he did neither.
func (t *teller) exchange() string {
	g, d := t.g, t.names[t.g.Declarer]
	var s string
	switch {
	case g.Hand:
		s = d + " plays from the hand and leaves the talon untouched"
	case g.Laid != 0:
		s = fmt.Sprintf("%s takes the talon (%s) and lays aside %s", d, t.hand(g.Talon), t.hand(g.Laid))
	default:
		return ""
	}
	return s + fmt.Sprintf(", then announces %s: %d tricks needed.", t.r.Contracts[g.Contract].Display(), t.r.Need(g.Contract, g.Hand))
}

// defence tells what each defender chose, or "" when none chose.
func (t *teller) defence() string {
	r, g := t.r, t.g
	var def []string
	for k := 1; k < r.Hands; k++ {
		s := (g.Declarer + k) % r.Hands
		what := map[deal.Choice]string{deal.Play: "defends", deal.Drop: "drops out", deal.Half: "takes half", deal.Invite: "defends and invites"}[g.Defence[s]]
		if what != "" {
			def = append(def, t.names[s]+" "+what)
		}
	}
	if len(def) == 0 {
		return ""
	}
	return fmt.Sprintf("against %s's %s, %s.", t.names[g.Declarer], r.Contracts[g.Contract].Display(), strings.Join(def, " and "))
}

// firstTrick tells the first trick and why it went where it went, or ""
// when no card was played.
func (t *teller) firstTrick() string {
	g := t.g
	if g.NTricks == 0 {
		return ""
	}
	tr := &g.Record[0]
	var parts []string
	for k := 0; k < tr.N; k++ {
		who := "the talon"
		if tr.Seats[k] >= 0 {
			who = t.names[tr.Seats[k]]
		}
		parts = append(parts, who+" "+t.hand(tr.Cards[k].Bit()))
	}
	return fmt.Sprintf("the first trick of the deal: %s. %s.", strings.Join(parts, ", "), g.TrickReason(0))
}

// settlement tells the deal's settlement as pref settle does: what
// happened, then who pays whom or what is written, in sentences.
func (t *teller) settlement(l *settle.Ledger) string {
	told, err := rulings.Tell(l, money.Amount{}, nil)
	if err != nil {
		return ""
	}
	var out []string
	out = append(out, told.Deal...)
	for _, group := range [][]rulings.Said{told.Payments, told.Sheet} {
		for _, s := range group {
			out = append(out, s.Sentence)
		}
	}
	if len(out) == len(told.Deal) {
		return ""
	}
	return strings.Join(out, " ")
}

// basicsView is what the first lesson shows, in r's own cards.
type basicsView struct {
	Players, HandSize, Talon    int
	MustTrump                   bool
	FollowExample, TrumpExample string
	TrumpName                   string
}

// basics draws the first lesson's examples from r's deck: a trick that
// follows suit in the lowest suit, and one won by a trump of the highest.
func basics(r *ruleset.Ruleset, ascii bool) basicsView {
	d := &r.Deck
	name := func(s, rank int) string {
		c := cards.Make(cards.Suit(s), rank)
		if ascii {
			return d.Name(c)
		}
		return d.Pretty(c)
	}
	b := basicsView{Players: r.Hands, HandSize: r.HandSize, Talon: r.TalonSize, MustTrump: r.Play.MustTrump}
	top := len(d.Ranks) - 1
	if len(d.SuitIDs) < 2 || top < 2 {
		return b
	}
	low, high := 0, len(d.SuitIDs)-1
	players := []string{"Anton", "Brigitte", "Charlotte", "Dora"}
	second, third := players[1], players[min(2, r.Hands-1)]
	b.FollowExample = fmt.Sprintf("%s leads %s, %s plays %s, %s plays %s. Everybody followed suit; %s is the highest of the %s, so %s wins the trick and leads the next one.",
		players[0], name(low, 2), second, name(low, top-1), third, name(low, 0), name(low, top-1), d.SuitNames[low], second)
	b.TrumpName = d.SuitNames[high]
	b.TrumpExample = fmt.Sprintf("%s leads %s; %s has no %s and plays %s, a trump; %s plays %s. Even the lowest trump beats the highest %s: %s wins the trick.",
		players[0], name(low, top), second, d.SuitNames[low], name(high, 0), third, name(low, top-1), d.SuitNames[low], second)
	return b
}

func newView(r *ruleset.Ruleset, ascii, precise bool) *view {
	return newViewOf(r, ascii, precise, false)
}

// newViewOf is the view of r; first: the first game's, which keeps to the
// contracts in a trump suit, never from the hand.
func newViewOf(r *ruleset.Ruleset, ascii, precise, first bool) *view {
	v := &view{InForce: map[string]bool{}, R: r, Precise: precise, First: first, omitted: map[int]bool{}, Source: r.Spec.Source, Cards: r.Deck.Size(), Cooperation: game.CooperationRules[1:], Basics: basics(r, ascii)}
	for ci := range r.Contracts {
		if first && FirstGameLeavesOut(&r.Contracts[ci]) {
			v.omitted[ci] = true
		}
	}
	w := wording{r: r, precise: precise}
	for _, o := range r.Options {
		v.InForce[o.Name] = r.InForce(o)
	}
	for _, d := range r.Defines {
		v.Defines = append(v.Defines, defineView{Name: strings.ReplaceAll(d.Name, "_", " "), Words: w.words(Amount, d.Src), Src: d.Src})
	}
	if precise {
		v.sheet(w)
	} else {
		v.Settle = settleLesson(r, first)
		v.sheetLearn(w, first)
	}
	v.Leader = leaderSentences(r)
	v.Suits = suitViews(r, ascii)
	v.Ranks = strings.Join(r.Deck.Ranks, ", ")
	v.Packets = packetWords(r)
	v.contracts()
	v.Obligations = obligations(r, v.omitted)
	v.ladder()
	v.Offers = offerWords(r)
	if first {
		v.FirstBids = v.firstBids()
		v.FirstHandOnly = firstHandOnly(r)
	}
	v.Rules = ruleViews(r, w)
	return v
}

// bidGroup is the contracts that need the same tricks: "6-spades,
// 6-clubs, ...", each with its trumps where its name does not say them.
type bidGroup struct {
	Target string
	Labels []string
}

// firstBids groups the contracts of the view by the tricks they need.
func (v *view) firstBids() []bidGroup {
	var out []bidGroup
	for i := range v.R.Contracts {
		c := &v.R.Contracts[i]
		if v.omitted[i] || c.NoDeclarer {
			continue
		}
		label := c.Display()
		if c.Trumps != cards.NoSuit && !strings.Contains(strings.ToLower(label), strings.ToLower(v.R.Deck.SuitNames[c.Trumps])) {
			label += " (" + v.R.Deck.SuitNames[c.Trumps] + ")"
		}
		target := fmt.Sprintf("at least %d", c.Tricks)
		if n := len(out); n > 0 && out[n-1].Target == target {
			out[n-1].Labels = append(out[n-1].Labels, label)
			continue
		}
		out = append(out, bidGroup{Target: target, Labels: []string{label}})
	}
	return out
}

// contracts fills the view's contracts, the special ones and those a
// defender may take half against, leaving out what the view omits.
func (v *view) contracts() {
	r := v.R
	for i := range r.Contracts {
		c := &r.Contracts[i]
		if v.omitted[i] {
			if c.NoDeclarer {
				v.contract(c) // what happens when all pass is the auction's rule, in the first game too
			}
			continue
		}
		cv := v.contract(c)
		v.Contracts = append(v.Contracts, cv)
		if len(cv.Notes) > 0 || c.Exact || c.Trumps == cards.NoSuit {
			v.Special = append(v.Special, cv)
		}
		if c.Half {
			v.HalfContracts = append(v.HalfContracts, c.Display())
		}
	}
}

// ladder fills the view's bids, lowest first; the first game's has no
// hand game where the talon game is bid (FirstGameCall).
func (v *view) ladder() {
	r := v.R
	for _, call := range r.Ladder {
		if v.omitted[call.Contract] || (v.First && !FirstGameCall(r, call)) { // the first game's bids, as it plays them
			continue
		}
		s := r.Contracts[call.Contract].Display()
		if call.Hand {
			s += " from the hand"
			v.HasHand = true
		}
		v.Ladder = append(v.Ladder, s)
	}
}

// inCourse reports whether contract ci is taught in this view.
func (v *view) inCourse(ci int) bool { return !v.omitted[ci] }

// wording puts a ruleset's expressions into words; the rulebook (precise)
// adds each as written, where that says more than the words.
type wording struct {
	r       *ruleset.Ruleset
	precise bool
}

func (w wording) words(in func(*ruleset.Ruleset, string) string, src string) string {
	s := in(w.r, src)
	if w.precise && s != src {
		return s + " (precisely: `" + src + "`)"
	}
	return s
}

// when is the sentence that says when a step applies, or "" for always.
func (w wording) when(src string) string {
	if src == "" {
		return ""
	}
	return " This holds when " + w.words(Condition, src) + "."
}

// sheet puts the score sheet's rules into words: when it closes, what a
// player gains from another then, and its bookkeeping after each deal
// (write-off, ceiling).
func (v *view) sheet(w wording) {
	r := v.R
	if f := r.Sheet.Final; f != nil {
		v.SheetClosed, v.SheetPair = w.words(Condition, f.ClosedSrc), w.words(Amount, f.PairSrc)
	}
	if o := r.Sheet.WriteOff; o != nil {
		v.SheetAfter = append(v.SheetAfter, fmt.Sprintf("After each deal, what a player gains in his %s first comes off his %s while that stands above zero; only the rest stays in the %s.%s", r.AccountWord(o.Account), r.AccountWord(o.Off), r.AccountWord(o.Account), w.when(o.WhenSrc)))
	}
	if c := r.Sheet.Ceiling; c != nil {
		v.SheetAfter = append(v.SheetAfter, fmt.Sprintf("After each deal no player's %s passes %s: the excess fills the %s of the other players below it, the fullest first (between equals the nearest on his left), and for each point given he writes %s to his %s against the player helped; what no %s can take comes off his %s, below zero if need be.%s",
			r.AccountWord(c.Account), w.words(Amount, c.AtSrc), r.AccountWord(c.Account), w.words(Amount, c.PerSrc), r.AccountWord(c.HelpAccount), r.AccountWord(c.Account), r.AccountWord(c.Rest), w.when(c.WhenSrc)))
	}
}

// sheetLearn puts the score sheet's bookkeeping after each deal into
// words for a learner: the option values as figures, an option that
// switches it said as "at tables that play ...".
func (v *view) sheetLearn(w wording, first bool) {
	r := v.R
	if first { // the first game keeps to what is in force
		defer func() {
			v.SheetAfter = slices.DeleteFunc(v.SheetAfter, func(s string) bool { return strings.HasPrefix(s, "At tables that play") })
		}()
	}
	if o := r.Sheet.WriteOff; o != nil {
		v.SheetAfter = append(v.SheetAfter, tablesThatPlay(r, w, o.WhenSrc, fmt.Sprintf("after each deal, what a player gains in his %s first comes off his %s while that stands above zero; only the rest stays in the %s.", r.AccountWord(o.Account), r.AccountWord(o.Off), r.AccountWord(o.Account))))
	}
	if c := r.Sheet.Ceiling; c != nil {
		v.SheetAfter = append(v.SheetAfter, tablesThatPlay(r, w, c.WhenSrc, fmt.Sprintf("after each deal no player's %s passes %s: the excess fills the %s of the other players below it, the fullest first, and for each point given he writes %s to his %s against the player helped; what no %s can take comes off his %s.",
			r.AccountWord(c.Account), figure(r, w, c.AtSrc), r.AccountWord(c.Account), figure(r, w, c.PerSrc), r.AccountWord(c.HelpAccount), r.AccountWord(c.Account), r.AccountWord(c.Rest))))
	}
}

// tablesThatPlay is sentence under its condition when: always, where it is
// in force; "At tables that play X: ..." where an option off switches it.
func tablesThatPlay(r *ruleset.Ruleset, w wording, when, sentence string) string {
	if o := optionNamed(r, when); o != nil {
		if on, _ := o.Default.(bool); !on {
			return "At tables that play " + playWords(o, true) + ": " + sentence
		}
		return game.UpperFirst(sentence)
	}
	return game.UpperFirst(sentence) + w.when(when)
}

// figure is an amount a learner reads as a number: a number written, or an
// option's value; otherwise the amount in words.
func figure(r *ruleset.Ruleset, w wording, src string) string {
	src = strings.TrimSpace(src)
	if _, err := strconv.Atoi(src); err == nil {
		return src
	}
	if o := optionNamed(r, src); o != nil {
		return fmt.Sprint(o.Default)
	}
	return w.words(Amount, src)
}

// optionNamed is the option whose name an expression is, or nil.
func optionNamed(r *ruleset.Ruleset, src string) *ruleset.Option {
	src = strings.TrimSpace(src)
	for i := range r.Options {
		if r.Options[i].Ident == src {
			return &r.Options[i]
		}
	}
	return nil
}

// leaderSentences say who leads to the first trick, contracts that say
// otherwise included, and the rules of the lead.
func leaderSentences(r *ruleset.Ruleset) string {
	s := leaderWords(r.Play.Leader) + "."
	for ci := range r.Contracts {
		if l := r.Contracts[ci].Leader; l != ruleset.LeaderDefault && l != r.Play.Leader {
			s += fmt.Sprintf(" In %s, %s.", r.Contracts[ci].Display(), lowerFirst(leaderWords(l)))
		}
	}
	for i := range r.Play.Lead { // the rules of the lead (play.lead)
		s += " " + game.UpperFirst(r.Play.Lead[i].Words) + "."
	}
	return s
}

// suitViews are the deck's suits, each with its symbol (its letter in
// ASCII) and the other names it is written with.
func suitViews(r *ruleset.Ruleset, ascii bool) []suitView {
	var suits []suitView
	for i, id := range r.Deck.SuitIDs {
		sym := r.Deck.Symbols[i]
		if ascii {
			sym = id
		}
		suits = append(suits, suitView{ID: id, Name: r.Deck.SuitNames[i], Symbol: sym, Aliases: strings.Join(r.Spec.Cards.Suits[i].Aliases, ", ")})
	}
	return suits
}

// packetWords say how the cards are dealt, packet by packet.
func packetWords(r *ruleset.Ruleset) []string {
	var packets []string
	for _, p := range r.Packets {
		if p.ToTalon {
			packets = append(packets, fmt.Sprintf("%d to the talon, face down", p.Cards))
		} else {
			packets = append(packets, fmt.Sprintf("%d to each player", p.Cards))
		}
	}
	return packets
}

// contract is the view of contract c. The contract everyone plays when
// all pass (at most one, as the ruleset checks) also sets the view's
// AllPass and TalonLeads.
func (v *view) contract(c *ruleset.Contract) contractView {
	r := v.R
	cv := contractView{Name: c.Name, Label: c.Display(), Trumps: "none", Target: fmt.Sprintf("at least %d", c.Tricks), Values: v.contractValues(c)}
	if c.Trumps != cards.NoSuit {
		cv.Trumps = r.Deck.SuitNames[c.Trumps]
	}
	if c.Exact {
		cv.Target = fmt.Sprintf("exactly %d", c.Tricks)
	}
	cv.Notes = playNotes(c)
	if c.NoDeclarer {
		cv.Everyone, cv.Target = true, "no declarer (all passed):"
		v.AllPass = c.Display()
		if v.TalonLeads = talonLeadsWords(c.TalonLeads); v.TalonLeads != "" {
			v.TalonLeads += ". Forehand plays first to those tricks and leads the next"
			cv.Notes = append(cv.Notes, v.TalonLeads)
		}
	}
	return cv.withDefenceNotes(r, c)
}

// contractValues lists c's number and values: in words for a learner, as
// the names to write for an author (the rulebook).
func (v *view) contractValues(c *ruleset.Contract) string {
	var vals []string
	for k, name := range v.R.ValueNames {
		if !v.Precise {
			name = strings.ReplaceAll(name, "_", " ")
		}
		vals = append(vals, fmt.Sprintf("%s %d", name, c.Values[k]))
	}
	if c.Number != 0 {
		vals = append([]string{fmt.Sprintf("number %d", c.Number)}, vals...)
	}
	return strings.Join(vals, ", ")
}

// playNotes are the notes on how contract c is played.
func playNotes(c *ruleset.Contract) []string {
	var notes []string
	if c.StopWhenLost {
		notes = append(notes, "play stops as soon as the declarer can no longer make it")
	}
	if c.NoDrop {
		notes = append(notes, "the defenders may not drop out")
	}
	if c.FirstBidOnly {
		notes = append(notes, "it may be bid only as a player's first call")
	}
	if c.Open {
		notes = append(notes, "the declarer plays with the cards shown")
	}
	if c.DefendersOpen {
		notes = append(notes, "the defenders' cards are shown")
	}
	return notes
}

// talonLeadsWords say how the talon's cards open the first tricks, or ""
// when they do not.
func talonLeadsWords(t ruleset.TalonLeads) string {
	switch t {
	case ruleset.TalonSuit:
		return "the talon's cards are turned one per trick for the first tricks; each fixes the suit to follow but cannot win"
	case ruleset.TalonCard:
		return "the talon's cards are turned one per trick for the first tricks, fix the suit to follow and compete: a trick the talon wins is nobody's"
	case ruleset.TalonCardDealerOut:
		return "the talon's cards are turned one per trick for the first tricks; each fixes the suit to follow, and where the dealer sits out it plays as a fourth hand that may win the trick"
	}
	return ""
}

// withDefenceNotes adds the notes on the defence against contract c.
func (cv contractView) withDefenceNotes(r *ruleset.Ruleset, c *ruleset.Contract) contractView {
	switch {
	case c.EachNeeds != r.Defence.EachNeeds && c.EachNeeds == 0:
		cv.Notes = append(cv.Notes, "the defenders owe no tricks of their own")
	case c.EachNeeds != r.Defence.EachNeeds:
		cv.Notes = append(cv.Notes, fmt.Sprintf("each defender needs %d tricks", c.EachNeeds))
	}
	if c.MustContra {
		note := "played only against a " + r.ContraWord(1) + ": if the defenders who play call none, no card is played"
		if c.MustContraTalonOnly {
			note += " (with the talon; from the hand it is played as usual)"
		}
		cv.Notes = append(cv.Notes, note)
	}
	if c.NoInvite {
		cv.Notes = append(cv.Notes, "no invitation against it")
	}
	return cv
}

// obligations are the defence's obligations, grouped over runs of
// contracts that share one: "4 against 6-spades to 6-no-trumps".
func obligations(r *ruleset.Ruleset, omitted map[int]bool) []string {
	var out []string
	for i := 0; i < len(r.Contracts); {
		j := i
		for j+1 < len(r.Contracts) && r.Contracts[j+1].DefenceNeeds == r.Contracts[i].DefenceNeeds && !omitted[j+1] {
			j++
		}
		if n := r.Contracts[i].DefenceNeeds; n > 0 && !omitted[i] {
			span := r.Contracts[i].Display()
			if j > i {
				span += " to " + r.Contracts[j].Display()
			}
			out = append(out, fmt.Sprintf("%d against %s", n, span))
		}
		i = j + 1
	}
	return out
}

// offerWords say who may (or must) become declarer when all pass.
func offerWords(r *ruleset.Ruleset) []string {
	var offers []string
	for _, o := range r.Auction.Offers {
		seat := [...]string{"forehand", "middlehand", "the dealer"}[o.Seat]
		s := seat + " may become declarer after all"
		if o.Forced {
			s = seat + " must become declarer"
		}
		if o.MayConcede {
			s += ", and may give up after seeing the talon"
		}
		offers = append(offers, s)
	}
	return offers
}

// ruleViews are the settlement's rules, each payment line in words.
func ruleViews(r *ruleset.Ruleset, w wording) []ruleView {
	var rules []ruleView
	for k, rule := range r.Rules {
		rv := ruleView{Name: rule.Name, Source: rule.Source, When: w.words(Condition, rule.WhenSrc)}
		for i := range rule.Mark {
			rv.Pays = append(rv.Pays, markWords(&rule.Mark[i], &r.Spec.Settlement[k].Mark[i], w))
		}
		for i := range rule.Pay {
			rv.Pays = append(rv.Pays, payWords(&rule.Pay[i], &r.Spec.Settlement[k].Pay[i], w))
		}
		rules = append(rules, rv)
	}
	return rules
}

// payWords is one payment line in words: who pays whom or writes what,
// and when, from the line as compiled (p) and as written (ps).
func payWords(p *ruleset.Pay, ps *ruleset.PaySpec, w wording) string {
	amount := w.words(Amount, p.AmountSrc)
	line := fmt.Sprintf("%s pays %s: %s", who(ps.From.Text), who(ps.To.Text), amount)
	switch {
	case p.Pair:
		line = fmt.Sprintf("%s writes %s against %s: %s", who(ps.To.Text), p.Account, who(ps.From.Text), amount)
	case p.Account != "":
		line = fmt.Sprintf("%s writes to %s: %s", who(ps.To.Text), p.Account, amount)
	}
	if ps.Where.Text != "" {
		line += ", when " + w.words(Condition, ps.Where.Text)
	}
	return line
}

// markWords is one change of markings in words: "each player gets a
// marking", "the declarer uses up a marking", from the line as compiled
// (m) and as written (ms).
func markWords(m *ruleset.Mark, ms *ruleset.MarkSpec, w wording) string {
	var line string
	if n, err := strconv.Atoi(strings.TrimSpace(m.AddSrc)); err == nil {
		verb := "gets"
		if n < 0 {
			verb, n = "uses up", -n
		}
		what := fmt.Sprintf("%d markings", n)
		if n == 1 {
			what = "a marking"
		}
		if m.Kind > 0 { // a named kind (markings:) is said in its words
			kw := w.r.KindWords(m.Kind)
			what = fmt.Sprintf("%d %s", n, kw.Several)
			if n == 1 {
				what = "a " + kw.One
			}
		}
		line = fmt.Sprintf("%s %s %s", who(ms.Who.Text), verb, what)
	} else {
		several := "markings"
		if m.Kind > 0 {
			several = w.r.KindWords(m.Kind).Several
		}
		line = fmt.Sprintf("%s's %s change by %s", who(ms.Who.Text), several, w.words(Amount, m.AddSrc))
	}
	if ms.Where.Text != "" {
		line += ", when " + w.words(Condition, ms.Where.Text)
	}
	return line
}

func who(sel string) string {
	switch sel {
	case "defenders":
		return "each defender"
	case "players":
		return "each player"
	case "pot":
		return "the pot"
	}
	return "the " + sel
}

// leaderWords says who leads to the first trick, passing over seats not in
// play: a sentence for the rulebook, or (lower) a clause.
func leaderWords(l ruleset.Leader) string {
	switch l {
	case ruleset.LeaderForehand:
		return "Forehand leads to the first trick (if he does not play, the next player who does)"
	case ruleset.LeaderDeclarerLeft:
		return "The player after the declarer leads to the first trick (if he does not play, the next one)"
	case ruleset.LeaderDeclarerRight:
		return "The player before the declarer leads to the first trick, so that the lead comes through the declarer (if he does not play, the other defender)"
	}
	return "The declarer leads to the first trick"
}

// firstHandOnly reports whether every bid the first game keeps is a hand
// bid (a ladder of hand bids alone): then nobody takes the talon in it.
func firstHandOnly(r *ruleset.Ruleset) bool {
	first := FirstGame(r)
	return first != r && !slices.ContainsFunc(first.Ladder, func(c ruleset.Call) bool { return !c.Hand })
}
