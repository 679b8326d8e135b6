package ppn

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/seats"
	"github.com/preference-rules/pref/rulesets"
	"gopkg.in/yaml.v3"
)

// SourceName begins the source: of a record read from PPN.
const SourceName = "Portable Preferans Notation"

// OptionsTag is a tag pref writes for the options of the ruleset
// (the one its ppn: section binds) that PPN has no tag of its own for ("must-head=true,no-subkontra=true"); readers that
// do not know it pass it over.
const OptionsTag = "PrefOptions"

// Imported is a PPN text turned into a pref record, replayed and settled.
type Imported struct {
	File    *File
	Record  *record.Record
	Ruleset *ruleset.Ruleset // the ruleset PPN records (bound by its ppn: section) with the options of the tags
	Deals   []record.DealResult
	// Notes say how an ambiguity was resolved or what was not carried
	// over; Differences are what PPN states and pref's rules settle
	// otherwise (the value, refa, a summary entry, the results). A record
	// with differences still replays: its expect: blocks hold PPN's
	// figures, so pref verify shows them too.
	Notes       []Note
	Differences []Note
}

// Import reads a PPN text, turns it into a record of the bound ruleset (options, as
// name=value pairs already typed, override the tags'), replays it through
// the rules and compares what PPN states with pref's settlement. A text
// that is malformed, or that the rules refuse, is an *Error.
func Import(data []byte, options map[string]any) (*Imported, error) {
	f, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return ImportFile(f, options)
}

// ImportFile is Import of a text already parsed.
func ImportFile(f *File, options map[string]any) (*Imported, error) {
	rec, r, notes, err := ToRecord(f, options)
	if err != nil {
		return nil, err
	}
	im := &Imported{File: f, Record: rec, Ruleset: r, Notes: notes}
	deals, t, err := record.ReplayTable(rec, r)
	if err != nil {
		var step *record.StepError
		if errors.As(err, &step) {
			e := &Error{Deal: step.Deal, Field: fieldOf(step), Msg: step.Err.Error(), Rules: true}
			if step.Deal >= 1 && step.Deal <= len(f.Deals) {
				e.ID, e.Line = f.Deals[step.Deal-1].ID, f.Deals[step.Deal-1].Line
			}
			return nil, e
		}
		return nil, &Error{Msg: err.Error(), Rules: true}
	}
	b, err := bindingOf(r) // ToRecord read it already: it cannot fail here
	if err != nil {
		return nil, err
	}
	im.Deals = deals
	im.Differences = compare(f, r, b, deals)
	im.Differences = append(im.Differences, compareResults(f, rec, t, b, &im.Notes)...)
	return im, nil
}

// fieldOf is where in PPN's words the step refused is written: the deal
// order for the record's dealer, the cards for its hands, the throws for a
// trick as written; else the record's words. It reads what the step is
// (its part, its key), never the words of its Where: a claim refused
// "after trick 4" is no trick as written.
func fieldOf(step *record.StepError) string {
	switch {
	case step.Part == record.PartKey && step.Key == "dealer":
		return "deal order"
	case step.Part == record.PartKey && step.Key == "hands":
		return "cards"
	case step.Part == record.PartTrick:
		return "throws, " + step.Where
	}
	return step.Where
}

// Options are the options of the ruleset PPN records (bound by its ppn: section) the tags
// give: Bula, Refe (the options its ppn: section binds them to) and pref's
// own PrefOptions. r is that ruleset without options, for their types.
func (f *File) Options(r *ruleset.Ruleset) (map[string]any, error) {
	b, err := bindingOf(r)
	if err != nil {
		return nil, err
	}
	opts := map[string]any{}
	for i, tag := range optionTags {
		v, ok := f.Tag(tag.name)
		if !ok {
			return nil, &Error{Field: "tag " + tag.name, Msg: "missing: PPN requires it (" + tag.means + ")"}
		}
		n, ok := number(v)
		if !ok {
			return nil, &Error{Line: tagLine(f, tag.name), Field: "tag " + tag.name, Msg: fmt.Sprintf("%q: want a whole number", clip(v))}
		}
		opts[b.options[i]] = n
	}
	if v, ok := f.Tag(OptionsTag); ok && v != "" {
		var pairs []string
		for _, kv := range strings.Split(v, ",") {
			kv = strings.TrimSpace(kv)
			name, _, _ := strings.Cut(kv, "=")
			if _, ok := r.Option(name); !ok || b.tagged(name) {
				return nil, &Error{Line: tagLine(f, OptionsTag), Field: "tag " + OptionsTag, Msg: fmt.Sprintf("%q: %s has no such option (%s)", clip(kv), r.Name, b.taggedWords())}
			}
			pairs = append(pairs, kv)
		}
		// read as --option reads them: one reader, one bound for both doors
		given, err := r.ParseOptions(pairs)
		if err != nil {
			msg := err.Error()
			if oe, ok := err.(*ruleset.OptionError); ok {
				msg = fmt.Sprintf("%q: %s", clip(oe.Pair), oe.Msg)
			}
			return nil, &Error{Line: tagLine(f, OptionsTag), Field: "tag " + OptionsTag, Msg: msg}
		}
		for name, val := range given {
			opts[name] = val
		}
	}
	return opts, nil
}

func tagLine(f *File, name string) int {
	for _, t := range f.Tags {
		if t.Name == name {
			return t.Line
		}
	}
	return 0
}

// Players are the names of Player1..Player3 as pref writes them: one word
// each (spaces become underscores), distinct.
func (f *File) Players() ([3]string, []Note, error) {
	var names [3]string
	var notes []Note
	for i := range 3 {
		tag := fmt.Sprintf("Player%d", i+1)
		v, ok := f.Tag(tag)
		if !ok {
			return names, nil, &Error{Field: "tag " + tag, Msg: "missing: PPN requires the players' names"}
		}
		name := strings.Join(strings.Fields(v), "_")
		if name == "" {
			return names, nil, &Error{Line: tagLine(f, tag), Field: "tag " + tag, Msg: "empty: each player needs a name"}
		}
		if name != v {
			notes = append(notes, Note{Field: "tag " + tag, Msg: fmt.Sprintf("%s is written %s: a name in a pref record is one word", seats.Quote(v), seats.Quote(name))})
		}
		names[i] = name
	}
	// The one rule for names at a pref table (package seats).
	if err := seats.Check(names[:]); err != nil {
		se := err.(*seats.Error)
		tag := fmt.Sprintf("Player%d", se.Index+1)
		msg := fmt.Sprintf("%s cannot name a player in a pref record: %s", seats.Quote(se.Name), se.Msg)
		if se.Twin {
			msg = seats.Quote(se.Name) + " " + se.Msg
		}
		return names, nil, &Error{Line: tagLine(f, tag), Field: "tag " + tag, Msg: msg}
	}
	return names, notes, nil
}

// ToRecord turns a parsed PPN text into a record of the ruleset PPN
// records (the bound one, Ruleset), with the
// options of its tags (options override them) and the ruleset they make.
// Every deal is stepped through the rules as it is converted: an auction
// no rule allows, a card that must follow suit, a trick given to the wrong
// player is an *Error with Rules set.
func ToRecord(f *File, options map[string]any) (*record.Record, *ruleset.Ruleset, []Note, error) {
	name, r, opts, err := f.boundRuleset(options)
	if err != nil {
		return nil, nil, nil, err
	}
	players, notes, err := f.Players()
	if err != nil {
		return nil, nil, nil, err
	}
	if len(f.Deals) == 0 {
		return nil, nil, nil, &Error{Msg: "no deal records: a game section is one [id order cards bids ...] a deal"}
	}
	cycle := f.seatCycle()
	b, err := bindingOf(r)
	if err != nil {
		return nil, nil, nil, err
	}
	rec := &record.Record{Ruleset: name, Options: opts}
	for _, p := range cycle {
		rec.Seats = append(rec.Seats, players[p-1])
	}
	f.describe(rec)
	if dropped := f.droppedTags(); len(dropped) > 0 {
		notes = append(notes, Note{Field: "info", Msg: "not carried into the record (no field for them): tags " + strings.Join(dropped, ", ")})
	}
	for i := range f.Deals {
		d := &f.Deals[i]
		if err := f.checkOrder(i, cycle); err != nil {
			return nil, nil, nil, err
		}
		cv := converter{r: r, b: b, d: d, n: i + 1, players: players}
		rd, dn, err := cv.deal()
		if err != nil {
			return nil, nil, nil, err
		}
		notes = append(notes, dn...)
		rec.Deals = append(rec.Deals, rd)
	}
	return rec, r, notes, nil
}

// boundRuleset is the ruleset PPN records with the options of the tags,
// options overriding them: its name, itself and the options.
func (f *File) boundRuleset(options map[string]any) (string, *ruleset.Ruleset, map[string]any, error) {
	name, err := rulesetName()
	if err != nil {
		return "", nil, nil, err
	}
	base, err := rulesets.Open(name)
	if err != nil {
		return "", nil, nil, err
	}
	opts, err := f.Options(base)
	if err != nil {
		return "", nil, nil, err
	}
	for k, v := range options {
		opts[k] = v
	}
	r, err := base.With(opts)
	if err != nil {
		return "", nil, nil, &Error{Field: "options", Msg: err.Error()}
	}
	if r.Hands != 3 || r.HandSize != 10 || r.TalonSize != 2 || r.Deck.Size() != 32 {
		return "", nil, nil, &Error{Field: "options", Msg: "PPN records three hands of ten from 32 cards and a talon of two"}
	}
	return name, r, opts, nil
}

// seatCycle is the players (1 to 3) in playing order, Player1 first: deal
// 1's order turned round to start at player 1 (every deal's order turns
// the same way).
func (f *File) seatCycle() [3]int {
	first := f.Deals[0].Order
	k := slices.Index(first[:], 1)
	return [3]int{first[k], first[(k+1)%3], first[(k+2)%3]}
}

// checkOrder checks that deal i seats the players in the cycle of deal 1.
func (f *File) checkOrder(i int, cycle [3]int) error {
	d, first := &f.Deals[i], f.Deals[0].Order
	for j := range 3 {
		if d.Order[(j+1)%3] != cycle[(slices.Index(cycle[:], d.Order[j])+1)%3] {
			return &Error{Deal: i + 1, ID: d.ID, Line: d.Line, Field: "deal order", Msg: fmt.Sprintf(
				"%d%d%d seats the players in another order than deal 1's %d%d%d: the players keep their places", d.Order[0], d.Order[1], d.Order[2], first[0], first[1], first[2])}
		}
	}
	return nil
}

// describe sets the record's source (with the tags Date and Location) and
// title (the tag Event, as pref writes a record's title).
func (f *File) describe(rec *record.Record) {
	rec.Source = SourceName
	for _, t := range []string{"Date", "Location"} {
		if v, ok := f.Tag(t); ok && v != "" {
			rec.Source += ", " + v
		}
	}
	if v, ok := f.Tag("Event"); ok {
		rec.Title = v
	}
}

// droppedTags are the names of the tags a record has no field for.
func (f *File) droppedTags() []string {
	var dropped []string
	for _, t := range f.Tags {
		switch {
		case isOptionTag(t.Name) || t.Name == OptionsTag || t.Name == "Event" || t.Name == "Date" || t.Name == "Location":
		case len(t.Name) == 7 && (strings.HasPrefix(t.Name, "Player") || strings.HasPrefix(t.Name, "Result")) && t.Name[6] >= '1' && t.Name[6] <= '3':
		default:
			dropped = append(dropped, t.Name)
		}
	}
	return dropped
}

// isOptionTag reports whether PPN's tag sets an option (optionTags).
func isOptionTag(name string) bool {
	for _, t := range optionTags {
		if t.name == name {
			return true
		}
	}
	return false
}

// converter turns one deal record into a record deal, stepping it through
// the rules as it goes.
type converter struct {
	r       *ruleset.Ruleset
	b       binding
	d       *Deal
	n       int // the deal's place, from 1
	players [3]string
	g       *game.Game
	names   [3]string // by seat: playing order, forehand first
}

func (c *converter) fail(field, format string, args ...any) error {
	return &Error{Deal: c.n, ID: c.d.ID, Line: c.d.Line, Field: field, Msg: fmt.Sprintf(format, args...), Rules: true}
}

// seatOf is the seat of player p (1..3) in this deal.
func (c *converter) seatOf(p int) int { return slices.Index(c.d.Order[:], p) }

// who names player p: "2 (Boris)".
func (c *converter) who(p int) string { return fmt.Sprintf("%d (%s)", p, c.players[p-1]) }

func (c *converter) card(code byte) cards.Card {
	cd, err := c.r.Deck.Parse(cardName(code))
	if err != nil {
		panic(fmt.Sprintf("ppn: %s's deck has no %s: %v", c.r.Name, cardName(code), err)) // the deck is fixed: 32 cards, checked in ToRecord
	}
	return cd
}

func (c *converter) cardNames(codes []byte) string {
	parts := make([]string, len(codes))
	for i, code := range codes {
		parts[i] = cardName(code)
	}
	return strings.Join(parts, " ")
}

func (c *converter) deal() (record.Deal, []Note, error) {
	r, d := c.r, c.d
	var out record.Deal
	var notes []Note
	for s := range 3 {
		c.names[s] = c.players[d.Order[s]-1]
	}
	out.Dealer = c.names[2]
	hands := make([]cards.Mask, 3)
	for s := range 3 {
		codes := d.Cards[10*s : 10*s+10]
		for _, code := range codes {
			hands[s] |= c.card(code).Bit()
		}
		out.Hands = append(out.Hands, record.Hand{Seat: c.names[s], Cards: c.cardNames(codes)})
	}
	out.Talon = c.cardNames(d.Cards[30:32])
	talon := c.card(d.Cards[30]).Bit() | c.card(d.Cards[31]).Bit()
	c.g = game.New(r, nil)
	for s := range 3 {
		c.g.Names[s] = c.names[s]
	}
	if err := c.g.SetHands(hands, talon); err != nil {
		return out, nil, c.fail("cards", "%v", err)
	}
	c.g.SetTalonOrder([]cards.Card{c.card(d.Cards[30]), c.card(d.Cards[31])})

	calls, an, err := c.auction()
	if err != nil {
		return out, nil, err
	}
	notes = append(notes, an...)
	for _, call := range calls {
		if err := c.step(&out, "bids", game.Action{Phase: game.PhaseAuction, Seat: call.Seat, Value: call.Call}); err != nil {
			return out, nil, err
		}
	}
	if !d.Declared {
		if !c.g.Over() {
			return out, nil, c.fail("bids", "the record stops after the bids, but %s won the auction: main, discarded, contract and the rest are missing", c.names[c.g.Declarer])
		}
		return out, notes, nil
	}
	if err := c.decisions(&out); err != nil {
		return out, nil, err
	}
	if err := c.play(&out); err != nil {
		return out, nil, err
	}
	out.Expect = c.expect()
	return out, notes, nil
}

// step applies one decision and writes it as a record action.
func (c *converter) step(out *record.Deal, field string, a game.Action) error {
	word := record.Word(&c.g.State, a)
	if _, err := c.g.Apply(a); err != nil {
		return c.fail(field, "%s: %v", word, err)
	}
	out.Actions = append(out.Actions, record.Step{Seat: c.names[a.Seat], Word: word})
	return nil
}

// decisions answers every question between the auction and the first
// card from the fields main, discarded, contract, accepted and kontra.
func (c *converter) decisions(out *record.Deal) error {
	d, g := c.d, c.g
	if d.Accepted >= 1 && d.Accepted <= 3 && d.Accepted == d.Main {
		return c.fail("accepted", "%d is the main player: write the defender who came, 0 for nobody or 8 for both", d.Accepted)
	}
	var asked kontraAsked
	var came [3]bool
	defended := false
	for !g.Over() && g.Phase() != game.PhasePlay {
		a, field, err := c.decision(&asked)
		if err != nil {
			return err
		}
		if err := c.step(out, field, a); err != nil {
			return err
		}
		if !defended && g.Phase() > game.PhaseDefend {
			defended = true
			came = c.came()
		}
	}
	if !defended {
		came = c.came()
	}
	if err := c.checkAccepted(came); err != nil {
		return err
	}
	return c.checkKontra(asked)
}

// kontraAsked says whether the player the kontra field names was asked
// what it says of him: to invite, or to say kontra (and said it).
type kontraAsked struct{ invited, contra bool }

// decision is the answer to the question the game asks now, read from
// the field it is written in, and that field's name.
func (c *converter) decision(asked *kontraAsked) (game.Action, string, error) {
	d, g := c.d, c.g
	s := g.ToAct()
	p := d.Order[s]
	a := game.Action{Phase: g.Phase(), Seat: s}
	switch g.Phase() {
	case game.PhaseFromHand:
		a.Value = game.No
		if d.Contract.Game {
			a.Value = game.Yes
		}
		return a, "contract", nil
	case game.PhaseDiscard:
		err := c.discard(&a) // before a is returned: it sets a's cards
		return a, "discarded", err
	case game.PhaseAnnounce:
		err := c.announce(&a)
		return a, "contract", err
	case game.PhaseDefend:
		a.Value = int(deal.Drop)
		if d.Accepted >= 4 || d.Accepted == p {
			a.Value = int(deal.Play)
		}
		return a, "accepted", nil
	case game.PhaseInvite:
		a.Value = game.No
		if d.Kontra.Kind == 'I' && d.Kontra.By == p {
			a.Value, asked.invited = game.Yes, true
		}
		return a, fieldNames[fieldKontra], nil
	case game.PhaseContra:
		a.Value = game.No
		if d.Kontra.level() > 0 && d.Kontra.By == p {
			a.Value, asked.contra = game.Yes, true
		}
		return a, fieldNames[fieldKontra], nil
	case game.PhaseRecontra:
		a.Value = game.No
		if g.Doubled[g.ContraBy()] < d.Kontra.level() {
			a.Value = game.Yes
		}
		return a, fieldNames[fieldKontra], nil
	}
	return a, "", c.fail("", "%s asks %s for a decision (%s) that PPN does not record", c.r.Name, c.names[s], g.Phase())
}

// discard lays aside the two cards the field discarded names.
func (c *converter) discard(a *game.Action) error {
	d := c.d
	if d.Discarded[0] == 'X' {
		return c.fail("discarded", "XX, but %s took the talon (%s) and lays aside two cards", c.names[a.Seat], c.r.Deck.Format(c.g.Talon, false))
	}
	a.Cards = c.card(d.Discarded[0]).Bit() | c.card(d.Discarded[1]).Bit()
	return nil
}

// announce announces the contract the field contract names, from the hand
// as the auction was won or after the talon.
func (c *converter) announce(a *game.Action) error {
	d, g, r := c.d, c.g, c.r
	if d.Discarded[0] != 'X' && g.Hand {
		return c.fail("discarded", "%s, but %s plays from the hand (igra) and lays nothing aside: write XX", string(d.Discarded[:]), c.names[a.Seat])
	}
	if d.Contract.Game != g.Hand {
		if g.Hand {
			return c.fail("contract", "%s, but %s won the auction with igra: the contract is a game from the hand, G%d", d.Contract, c.names[a.Seat], d.Contract.Number)
		}
		return c.fail("contract", "%s, a game from the hand, but %s won the auction with a bid for the talon", d.Contract, c.names[a.Seat])
	}
	a.Value = -1
	for ci := range r.Contracts {
		if r.Contracts[ci].Number == d.Contract.Number {
			a.Value = ci
		}
	}
	if a.Value < 0 {
		return c.fail("contract", "%s: %s has no contract %d (preferans, 8, is not yet an option)", d.Contract, r.Name, d.Contract.Number)
	}
	return nil
}

// came is, per seat, whether it came to defend.
func (c *converter) came() [3]bool {
	var came [3]bool
	for s := range 3 {
		came[s] = c.g.Defence[s] == deal.Play
	}
	return came
}

// checkAccepted checks that who came is as the field accepted says
// (betl is defended by both unasked).
func (c *converter) checkAccepted(came [3]bool) error {
	d, g, r := c.d, c.g, c.r
	main := c.seatOf(d.Main)
	for s := range 3 {
		if s == main {
			continue
		}
		want := d.Accepted >= 4 || d.Accepted == d.Order[s]
		if came[s] != want {
			ct := ""
			if g.Contract >= 0 {
				ct = r.Contracts[g.Contract].Name
			}
			return c.fail("accepted", "%d, but %s came to defend %s (betl is defended by both: 8)", d.Accepted, c.names[s], ct)
		}
	}
	return nil
}

// checkKontra checks that the invitation or kontra written was asked for
// and stands under the rules.
func (c *converter) checkKontra(asked kontraAsked) error {
	g := c.g
	switch k := c.d.Kontra; {
	case k.Kind == 'I' && !asked.invited:
		return c.fail(fieldNames[fieldKontra], "%s, but %s was not asked to invite: only a defender who came alone may invite the other", k, c.who(k.By))
	case k.level() > 0 && !asked.contra:
		return c.fail(fieldNames[fieldKontra], "%s, but %s was not asked for kontra: only a defender who came may say it", k, c.who(k.By))
	case k.level() > 0 && g.Doubled[c.seatOf(k.By)] != k.level():
		return c.fail(fieldNames[fieldKontra], "%s, but the doublings stop at %s under these rules", k, ruleset.ContraCalls[g.Doubled[c.seatOf(k.By)]])
	}
	return nil
}

// play steps the throws through the rules: the leader, each card, each
// trick's winner.
func (c *converter) play(out *record.Deal) error {
	d, g := c.d, c.g
	if g.Over() {
		if len(d.Throws) > 0 || d.Starts != 0 {
			return c.fail("throws", "nobody came to defend, so nothing is played (starts 0, throws -), but PPN writes %d tricks led by %d", len(d.Throws), d.Starts)
		}
		return nil
	}
	leader := g.ToAct()
	if d.Starts == 0 {
		return c.fail("starts", "0, but the deal is played and %s leads", c.names[leader])
	}
	if d.Order[leader] != d.Starts {
		return c.fail("starts", "%s leads in PPN; under %s's rules %s leads to the first trick", c.who(d.Starts), c.r.Name, c.names[leader])
	}
	for i, t := range d.Throws {
		if g.Over() {
			return c.fail("throws", "the play is over after trick %d (%s), but PPN writes %d tricks", i, c.stopped(), len(d.Throws))
		}
		field := fmt.Sprintf("throws, trick %d", i+1)
		for k, code := range t.Cards {
			if g.NTricks > i {
				return c.fail(field, "%s: the trick is complete after %d cards (%d play), but PPN writes %d", c.cardNames(t.Cards), k, k, len(t.Cards))
			}
			s := g.ToAct()
			if _, err := g.Apply(game.Action{Phase: game.PhasePlay, Seat: s, Cards: c.card(code).Bit()}); err != nil {
				return c.fail("throws", "%v", err)
			}
		}
		if g.NTricks == i {
			return c.fail(field, "%s: %d cards, but %s is still to play to it", c.cardNames(t.Cards), len(t.Cards), c.names[g.ToAct()])
		}
		won := g.Record[i].Winner
		if d.Order[won] != t.Winner {
			return c.fail(field, "%s: PPN gives it to %s; under %s's rules %s wins it (%s)", c.cardNames(t.Cards), c.who(t.Winner), c.r.Name, c.names[won], g.TrickReason(i))
		}
		out.Tricks = append(out.Tricks, c.cardNames(t.Cards))
	}
	if !g.Over() {
		return c.fail("throws", "%d tricks written, but the deal goes on: %s is to play to trick %d", len(d.Throws), c.names[g.ToAct()], g.NTricks+1)
	}
	return nil
}

func (c *converter) stopped() string {
	if c.g.Stopped {
		return "the contract was lost and play stops"
	}
	return "all ten played"
}

// expect writes the deal's summary as the expect: block of the record:
// the sheet entries PPN states, which pref verify compares with its own.
func (c *converter) expect() yaml.Node {
	d := c.d
	mainName := c.players[d.Main-1]
	sheet := map[string]map[string]any{}
	put := func(name, account string, v any) {
		if sheet[name] == nil {
			sheet[name] = map[string]any{}
		}
		sheet[name][account] = v
	}
	for k, e := range d.Summary {
		name := c.players[d.Order[k]-1]
		switch e.Kind {
		case 'M':
			if e.Middle != 0 {
				put(name, c.b.middle, e.Middle)
			}
		case 'F':
			if e.SideValue != 0 {
				put(name, c.b.sides, map[string]any{mainName: e.SideValue})
			}
			if e.Middle != 0 {
				put(name, c.b.middle, e.Middle)
			}
		}
	}
	var n yaml.Node
	if err := n.Encode(map[string]any{"sheet": sheet}); err != nil {
		panic(err) // names, strings and numbers always encode
	}
	return n
}

// auction rebuilds the calls from each player's highest bid under the
// rules: every legal auction whose highest calls are those written, won by
// the main player with a call the contract may follow. When several fit,
// the first found is taken (calls before passes; for a bare G the game the
// contract names, else the lowest igra) and a note says so.
func (c *converter) auction() ([]game.CallRecord, []Note, error) {
	d, r := c.d, c.r
	bids := make([]string, 3)
	for i, b := range d.Bids {
		bids[i] = b.String()
	}
	written := strings.Join(bids, ",")
	main := -1
	if d.Declared {
		main = c.seatOf(d.Main)
	}
	srch := search{r: r, targets: d.Bids, main: main, contract: d.Contract}
	found, fit := c.searchAuctions(&srch)
	if srch.nodes > maxNodes {
		return nil, nil, c.fail("bids", "%s: too many auctions to try", written)
	}
	if len(found) == 0 {
		return nil, nil, c.fail("bids", "%s: no auction under %s's rules gives these highest bids (2 opens, one step at a time, each raise answered by moje (M) or a pass; igra, G, never after a bid with the talon)", written, r.Name)
	}
	if len(fit) == 0 {
		return nil, nil, c.misfit(found[0], written, main)
	}
	notes := c.bareIgraNotes(fit[0], main)
	if len(fit) > 1 {
		notes = append(notes, Note{Deal: c.n, Field: "bids", Msg: fmt.Sprintf("%s: %d auctions under the rules give these highest bids; taken: %s", written, len(fit), c.words(fit[0]))})
	}
	return fit[0], notes, nil
}

// searchAuctions finds the auctions that give the highest bids (found,
// those of the shortest length that gives any) and those of them that
// fit the record (fit), the shortest first (iterative deepening): where
// igra bidders may outbid each other step by step, many auctions give the
// same highest bids, and the fewest calls is the natural reading.
func (c *converter) searchAuctions(srch *search) (found, fit [][]game.CallRecord) {
	for srch.maxLen = 3; srch.maxLen <= maxCalls && len(fit) == 0 && srch.nodes <= maxNodes; srch.maxLen++ {
		srch.found = srch.found[:0]
		srch.run(c.g.State.Clone(), nil, [3]int{game.Pass, game.Pass, game.Pass}, [3]bool{})
		if len(found) == 0 {
			found = slices.Clone(srch.found)
		}
		for _, seq := range srch.found {
			if c.fits(seq) {
				fit = append(fit, seq)
			}
		}
	}
	return found, fit
}

// misfit is the error of bids whose auction (seq, the first found) does
// not end as the record goes on.
func (c *converter) misfit(seq []game.CallRecord, written string, main int) error {
	d := c.d
	st := c.g.State.Clone()
	for _, call := range seq {
		_, _ = st.Apply(game.Action{Phase: game.PhaseAuction, Seat: call.Seat, Value: call.Call})
	}
	switch {
	case !d.Declared:
		return c.fail("bids", "%s: the auction (%s) is won by %s, but the record stops after the bids as if everybody passed", written, c.words(seq), c.names[st.Declarer])
	case st.Declarer < 0:
		return c.fail("bids", "%s: everybody passed, but the record goes on as if %s won the auction", written, c.who(d.Main))
	case st.Declarer != main:
		return c.fail("main", "%d, but the auction these bids give (%s) is won by %s", d.Main, c.words(seq), c.names[st.Declarer])
	}
	return c.fail("contract", "%s cannot follow the auction these bids give (%s): a game from the hand is won with igra, and the contract is at least the bid", d.Contract, c.words(seq))
}

// bareIgraNotes say, for each G written without its game, which call the
// auction taken (seq) reads it as, and why.
func (c *converter) bareIgraNotes(seq []game.CallRecord, main int) []Note {
	r := c.r
	var notes []Note
	for s, t := range c.d.Bids {
		if t.Kind != 'G' || t.Level != 0 {
			continue
		}
		got := "pass"
		for _, call := range seq {
			if call.Call != game.Pass && call.Seat == s {
				got = r.CallName(r.Ladder[call.Call])
			}
		}
		why := "the lowest igra the rules allow there"
		switch {
		case s == main:
			why = "the game the contract names (in pref the igra bidder names his game as he bids)"
		case got == "pass":
			why = "no igra of his fits under " + r.Name + "'s rules, where the igra bidder names his game as he bids and a later igra must be higher"
		}
		notes = append(notes, Note{Deal: c.n, Field: "bids", Msg: fmt.Sprintf("%s's G (igra, the game not named) is written %s: %s", c.names[s], got, why)})
	}
	return notes
}

// fits reports whether an auction ends as the record goes on: won by the
// main player with a call the contract may follow, or passed out.
func (c *converter) fits(seq []game.CallRecord) bool {
	st := c.g.State.Clone()
	for _, call := range seq {
		if _, err := st.Apply(game.Action{Phase: game.PhaseAuction, Seat: call.Seat, Value: call.Call}); err != nil {
			return false
		}
	}
	if !c.d.Declared {
		return st.Declarer < 0
	}
	if st.Declarer != c.seatOf(c.d.Main) {
		return false
	}
	call := c.r.Ladder[st.Bid]
	return call.Hand == c.d.Contract.Game && c.r.Contracts[call.Contract].Number <= c.d.Contract.Number
}

// words writes an auction as "Ana pik, Boris pass, ...".
func (c *converter) words(seq []game.CallRecord) string {
	parts := make([]string, len(seq))
	for i, call := range seq {
		w := "pass"
		if call.Call != game.Pass {
			w = c.r.CallName(c.r.Ladder[call.Call])
		}
		parts[i] = c.names[call.Seat] + " " + w
	}
	return strings.Join(parts, ", ")
}

// maxNodes bounds the auction search: an auction climbs one step a call,
// so real searches visit a few dozen states.
const maxNodes = 100000

// maxFound is how many auctions the search collects before it stops.
const maxFound = 16

// maxCalls bounds an auction's length: three players climbing from 2 to 8
// with moje at every step, and igra above, stay well under it.
const maxCalls = 64

// search finds the auctions whose highest calls are the targets.
type search struct {
	r        *ruleset.Ruleset
	targets  [3]Bid
	main     int // the seat that won, or -1
	contract Contract
	maxLen   int // the most calls an auction tried may have
	found    [][]game.CallRecord
	nodes    int
}

func (s *search) level(call int) int { return s.r.Contracts[s.r.Ladder[call].Contract].Number }

func (s *search) hand(call int) bool { return s.r.Ladder[call].Hand }

// may reports whether seat's call keeps its highest call within its target.
func (s *search) may(seat, call int) bool {
	t := s.targets[seat]
	switch t.Kind {
	case 'N', 'M':
		return !s.hand(call) && s.level(call) <= t.Level
	case 'G':
		return s.hand(call) && (t.Level == 0 || s.level(call) <= t.Level)
	}
	return false
}

// done reports whether seat's highest call (and whether it held) is its
// target.
func (s *search) done(seat, high int, held bool) bool {
	t := s.targets[seat]
	switch t.Kind {
	case 'P':
		return high == game.Pass
	case 'N', 'M':
		return high != game.Pass && !s.hand(high) && s.level(high) == t.Level && held == (t.Kind == 'M')
	case 'G':
		if high == game.Pass {
			return t.Level == 0 && seat != s.main // a bare G that lost may have been no call pref knows
		}
		return s.hand(high) && (t.Level == 0 || s.level(high) == t.Level)
	}
	return false
}

func (s *search) run(st *game.State, seq []game.CallRecord, high [3]int, held [3]bool) {
	if s.nodes++; s.nodes > maxNodes || len(s.found) >= maxFound {
		return
	}
	if len(seq) > s.maxLen {
		return
	}
	if st.Phase() != game.PhaseAuction {
		for seat := range 3 {
			if !s.done(seat, high[seat], held[seat]) {
				return
			}
		}
		s.found = append(s.found, slices.Clone(seq))
		return
	}
	seat := st.ToAct()
	var calls []int
	for _, a := range st.LegalActions(nil) {
		if a.Value != game.Pass && s.may(seat, a.Value) {
			calls = append(calls, a.Value)
		}
	}
	// for a bare G of the main player, the game his contract names first
	if t := s.targets[seat]; t.Kind == 'G' && t.Level == 0 && seat == s.main {
		slices.SortStableFunc(calls, func(a, b int) int {
			ka, kb := s.level(a) != s.contract.Number, s.level(b) != s.contract.Number
			switch {
			case ka == kb:
				return 0
			case !ka:
				return -1
			}
			return 1
		})
	}
	for _, call := range calls {
		next := st.Clone()
		h := call == st.Bid
		if _, err := next.Apply(game.Action{Phase: game.PhaseAuction, Seat: seat, Value: call}); err != nil {
			continue
		}
		nh, nd := high, held
		nh[seat], nd[seat] = call, h
		s.run(next, append(seq, game.CallRecord{Seat: seat, Call: call}), nh, nd)
	}
	// a pass ends the seat's bidding: only where its highest call is done
	if s.done(seat, high[seat], held[seat]) {
		next := st.Clone()
		if _, err := next.Apply(game.Action{Phase: game.PhaseAuction, Seat: seat, Value: game.Pass}); err == nil {
			s.run(next, append(seq, game.CallRecord{Seat: seat, Call: game.Pass}), high, held)
		}
	}
}
