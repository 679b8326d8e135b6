package record

import (
	"bytes"
	"fmt"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Record is a game record as written.
type Record struct {
	Ruleset string         `yaml:"ruleset"`
	Title   string         `yaml:"title,omitempty"`
	Source  string         `yaml:"source,omitempty"`
	Options map[string]any `yaml:"options,omitempty"`
	Seats   []string       `yaml:"seats"` // around the table, clockwise
	Table   *Table         `yaml:"table,omitempty"`
	// SessionDeals is the deals the session was agreed to last, written
	// when the ruleset reads it (session_deals); 0: not agreed.
	SessionDeals int    `yaml:"session_deals,omitempty"`
	Deals        []Deal `yaml:"deals,omitempty"`
	// A record of one deal may write it at the top level instead of under
	// deals.
	Deal `yaml:",inline"`
}

// Table is the table before the first deal.
type Table struct {
	Pot        string                          `yaml:"pot,omitempty"`
	Sheet      map[string]map[string]yaml.Node `yaml:"sheet,omitempty"` // {Anton: {pool: 10, whists: {Brigitte: 4}}}; figures read as written, never through a float
	Marks      map[string]int                  `yaml:"marks,omitempty"`
	MarksGiven int                             `yaml:"marks_given,omitempty"`
	MarksOf    map[string]map[string]int       `yaml:"marks_of,omitempty"` // markers of the ruleset's named kinds held: {double: {Anton: 1}}
	AllPassRun int                             `yaml:"all_pass_run,omitempty"`
	DealNumber int                             `yaml:"deal_number,omitempty"` // the first deal's place in the session (0: the session is under way, its place not said)
}

// Deal is one deal: who dealt, the cards, the decisions and the tricks.
type Deal struct {
	Dealer  string   `yaml:"dealer,omitempty"` // default: the last seat, then passing left
	Hands   Hands    `yaml:"hands,omitempty"`
	Talon   string   `yaml:"talon,omitempty"`
	Actions []Step   `yaml:"actions,omitempty"`
	Tricks  []string `yaml:"tricks,omitempty"`
	// Claim ends the play after the tricks written: the tricks each player
	// takes in the whole deal, as agreed at the table.
	Claim map[string]int `yaml:"claim,omitempty"`
	// Unfinished marks a deal left in the middle (a player left the
	// table): every step written is checked, nothing is settled. Only the
	// last deal of a record may be unfinished.
	Unfinished bool      `yaml:"unfinished,omitempty"`
	Expect     yaml.Node `yaml:"expect,omitempty"` // as in outcome cases; read by conformance

	at *places // where its parts are written (Parse), for errors at a line
}

// Hands are the players' cards, in seat order.
type Hands []Hand

// Hand is one player's cards as a string: "AS KS 10S 7S QC JD 10D 9D 8H 7H".
type Hand struct{ Seat, Cards string }

func (h *Hands) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: hands: want a map of player to cards", n.Line)}}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		*h = append(*h, Hand{Seat: n.Content[i].Value, Cards: n.Content[i+1].Value})
	}
	return nil
}

func (h Hands) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, x := range h {
		n.Content = append(n.Content, quoteWord(x.Seat),
			&yaml.Node{Kind: yaml.ScalarNode, Value: x.Cards, Style: yaml.DoubleQuotedStyle})
	}
	return n, nil
}

// Step is one decision: who, and what in words ("pass", "diamonds",
// "discard 7D 8C", "drop", "contra"). Written `- Anton: diamonds`.
type Step struct {
	Seat, Word string
	Line       int // where it was written, for errors
}

func (s *Step) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: an action is one player and the decision, like `- Anton: pass`", n.Line)}}
	}
	s.Seat, s.Word, s.Line = n.Content[0].Value, n.Content[1].Value, n.Line
	return nil
}

func (s Step) MarshalYAML() (any, error) {
	return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
		quoteWord(s.Seat), quoteWord(s.Word)}}, nil
}

// IsRecord reports whether a YAML document looks like a game record (it
// deals cards) rather than an outcome case or a ruleset.
func IsRecord(data []byte) bool {
	var top map[string]yaml.Node
	if yaml.Unmarshal(data, &top) != nil {
		return false
	}
	_, deals := top["deals"]
	_, hands := top["hands"]
	return deals || hands
}

// Parse reads a record; misspelt keys are errors.
func Parse(path string, data []byte) (*Record, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, schema.YAMLError(path, err)
	}
	if doc.Kind == 0 {
		return nil, &schema.Error{File: path, Msg: "empty file: a record is a YAML map (pref schema record)"}
	}
	if err := checkSize(path, &doc); err != nil {
		return nil, err
	}
	if err := schema.ValidateRecord(path, &doc); err != nil {
		return nil, err
	}
	var rec Record
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&rec); err != nil {
		return nil, schema.YAMLError(path, err)
	}
	if rec.Ruleset == "" {
		return nil, &schema.Error{File: path, Msg: "record names no ruleset"}
	}
	top := rec.Deal
	if len(top.Hands) > 0 || len(top.Actions) > 0 || len(top.Tricks) > 0 || top.Dealer != "" || top.Talon != "" || top.Claim != nil || top.Expect.Kind != 0 {
		if len(rec.Deals) > 0 {
			return nil, &schema.Error{File: path, Msg: "a record writes its deal at the top level or under deals, not both (dealer, hands, talon, actions, tricks, claim and expect belong to a deal)"}
		}
		rec.Deals = []Deal{rec.Deal}
		rec.Deal = Deal{}
	}
	if len(rec.Deals) == 0 {
		return nil, &schema.Error{File: path, Msg: "record has no deal: give hands (and actions, tricks) or deals"}
	}
	if len(rec.Seats) == 0 {
		for _, h := range rec.Deals[0].Hands {
			rec.Seats = append(rec.Seats, h.Seat)
		}
	}
	if err := checkWords(path, &doc, &rec); err != nil {
		return nil, err
	}
	locate(path, data, &doc, &rec)
	return &rec, nil
}

// Marshal writes a record as YAML, one deal at the top level or several
// under deals.
func Marshal(rec *Record) ([]byte, error) {
	out := *rec
	if len(out.Deals) == 1 {
		out.Deal, out.Deals = out.Deals[0], nil
	}
	var b bytes.Buffer
	b.WriteString("# A pref game record: pref verify replays it, pref explain tells its rulings.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&out); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
