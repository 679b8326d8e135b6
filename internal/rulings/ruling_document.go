package rulings

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
	"gopkg.in/yaml.v3"
)

// A ruling document is what a referee hands over: the facts of the deal,
// each rule applied with the passage of the source it stands on (and
// whether the ruleset reads the source rather than quotes it), the
// arithmetic, the result, and a digest of the ruleset's text, the options
// and the record, so that anyone holding the same three gets the same
// ruling.

// Ruling is the document, for Markdown and JSON alike.
type Ruling struct {
	File    string         `json:"file"`
	Ruleset string         `json:"ruleset"`
	Options map[string]any `json:"options,omitempty"` // the options the record or case sets
	Deals   []Explained    `json:"deals"`
	Applied []AppliedRule  `json:"rules_applied"`
	Digest  Digest         `json:"digest"`
}

// AppliedRule is one rule that wrote something in a deal, with its source.
type AppliedRule struct {
	Deal     int      `json:"deal,omitempty"`
	Rule     string   `json:"rule"`
	Source   string   `json:"source,omitempty"`
	Reading  bool     `json:"reading,omitempty"` // the ruleset's reading of its sources, marked [reading]
	When     string   `json:"when"`
	Payments []string `json:"payments"`
	Derived  []string `json:"derived,omitempty"`
}

// Digest identifies the inputs of a ruling: sha256 of the ruleset's text
// (followed, for a ruleset that extends another, by each text it extends:
// rulesetText), of the record's (or case's) text, and of both with the
// options, framed as Framing says.
type Digest struct {
	Algorithm string `json:"algorithm"`
	Ruleset   string `json:"ruleset"`
	Record    string `json:"record"`
	Inputs    string `json:"inputs"`
	Framing   string `json:"framing"`
}

const digestFraming = `sha256 of "pref ruling 1\nruleset <ruleset digest>\noptions <the options set, as JSON with sorted keys>\nrecord <record digest>\n"`

// NewRuling makes the ruling document of the deals explained from the
// record or case data read from path.
func NewRuling(path string, data []byte, deals []Explained) (*Ruling, error) {
	var head struct {
		Ruleset string         `yaml:"ruleset"`
		Options map[string]any `yaml:"options"`
	}
	if err := yaml.Unmarshal(data, &head); err != nil {
		return nil, err
	}
	text, err := rulesetText(path, head.Ruleset)
	if err != nil {
		return nil, err
	}
	r := &Ruling{File: path, Ruleset: head.Ruleset, Options: head.Options, Deals: deals}
	for _, e := range deals {
		for _, rr := range e.Settlement {
			if !rr.Applied || len(rr.Payments) == 0 {
				continue
			}
			r.Applied = append(r.Applied, AppliedRule{Deal: e.Deal, Rule: rr.Rule, Source: rr.Source,
				Reading: strings.Contains(rr.Source, "[reading]"), When: rr.When, Payments: rr.Payments, Derived: rr.Derived})
		}
	}
	opts, err := json.Marshal(head.Options) // maps marshal with sorted keys
	if err != nil {
		return nil, err
	}
	r.Digest = Digest{Algorithm: "sha256", Ruleset: sum(text), Record: sum(data), Framing: digestFraming}
	r.Digest.Inputs = sum([]byte(fmt.Sprintf("pref ruling 1\nruleset %s\noptions %s\nrecord %s\n", r.Digest.Ruleset, opts, r.Digest.Record)))
	return r, nil
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// rulesetText is the text of the ruleset a document names, found as
// rulesets.OpenFrom finds it (embedded, the user's, or a file in or below
// the document's folder), followed by the text of each ruleset it
// extends, in turn: a house file's ruling changes when its base does. A
// ruleset that extends none is its own text alone.
func rulesetText(doc, name string) ([]byte, error) {
	text, err := rulesets.SourceFrom(doc, name)
	if err != nil {
		return nil, err
	}
	from := filepath.Join(filepath.Dir(doc), name)
	if _, embedded := rulesets.Source(name); embedded && !strings.ContainsAny(name, `/\`) {
		from = "rulesets/" + name + ".yaml"
	}
	out := append([]byte(nil), text...)
	for range 8 { // as the loader, which refuses longer chains and loops
		base := extendsOf(text)
		if base == "" || ruleset.DefaultResolver == nil {
			break
		}
		file, data, err := ruleset.DefaultResolver(from, base)
		if err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("\n--- extends %s\n", base)...)
		out = append(out, data...)
		from, text = file, data
	}
	return out, nil
}

// extendsOf is the ruleset a ruleset's text extends, "" for none.
func extendsOf(text []byte) string {
	var head struct {
		Extends string `yaml:"extends"`
	}
	if yaml.Unmarshal(text, &head) != nil {
		return ""
	}
	return head.Extends
}

// netLines is each party's result and each sheet place's gain.
func netLines(l *settle.Ledger) []string {
	if l == nil {
		return nil
	}
	var out []string
	for i, v := range l.Net() {
		if !v.IsZero() {
			out = append(out, fmt.Sprintf("%s %s", l.Name(partyIndex(l, i)), v.Signed()))
		}
	}
	sheet := l.SheetNet()
	keys := make([]string, 0, len(sheet))
	for k := range sheet {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%s %s", k, sheet[k].Signed()))
	}
	return out
}

// partyIndex turns Net's position (the seats, then the pot) into a party.
func partyIndex(l *settle.Ledger, i int) int {
	if i == len(l.Seats) {
		return settle.Pot
	}
	return i
}

// PrintRuling writes the document as Markdown, or with asJSON as JSON.
func PrintRuling(w io.Writer, r *Ruling, asJSON bool) {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		_ = enc.Encode(r)
		return
	}
	fmt.Fprintf(w, "# Ruling on %s\n\n", r.File)
	fmt.Fprintf(w, "Ruleset: %s; %s.\n\n", r.Ruleset, optionWords(r.Options))
	fmt.Fprintln(w, "## The facts")
	for _, e := range r.Deals {
		var b strings.Builder
		printExplainedPlay(&b, e)
		fmt.Fprintln(w)
		for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
			fmt.Fprintf(w, "- %s\n", strings.TrimSpace(line))
		}
		if e.Fault != "" {
			fmt.Fprintf(w, "- **Fault**: %s.\n", e.Fault)
		}
	}
	printApplied(w, r.Applied)
	printResults(w, r.Deals)
	fmt.Fprintln(w, "\n## Digest")
	fmt.Fprintf(w, "\n- ruleset text: sha256 %s\n- record: sha256 %s\n- ruleset, options and record: sha256 %s\n", r.Digest.Ruleset, r.Digest.Record, r.Digest.Inputs)
	fmt.Fprintf(w, "\nThe last digest is the %s. `pref explain --ruling %s` with the same ruleset text, options and record gives the same ruling and digests.\n", r.Digest.Framing, r.File)
}

// optionWords says which options the record sets.
func optionWords(opts map[string]any) string {
	if len(opts) == 0 {
		return "every option at the ruleset's default"
	}
	var set []string
	for k, v := range opts {
		set = append(set, fmt.Sprintf("%s %v", k, v))
	}
	sort.Strings(set)
	return "options set: " + strings.Join(set, ", ") + "; the others at the ruleset's default"
}

// printApplied writes each rule applied with its source and arithmetic.
func printApplied(w io.Writer, applied []AppliedRule) {
	fmt.Fprintln(w, "\n## The rules applied")
	if len(applied) == 0 {
		fmt.Fprintln(w, "\nNo rule wrote anything.")
	}
	for _, a := range applied {
		fmt.Fprintf(w, "\n### Deal %d: %s\n\n", a.Deal, a.Rule)
		if a.Source != "" {
			fmt.Fprintf(w, "- Source: %s\n", a.Source)
		}
		if a.Reading {
			fmt.Fprintln(w, "- This rule is the ruleset's reading of its sources, not their words ([reading]).")
		}
		fmt.Fprintf(w, "- It applies: %s\n", a.When)
		fmt.Fprintln(w, "- Arithmetic:")
		for _, p := range a.Payments {
			fmt.Fprintf(w, "  - %s\n", p)
		}
		for _, x := range a.Derived {
			fmt.Fprintf(w, "  - %s\n", x)
		}
	}
}

// printResults writes each deal's result, and what a case expected wrongly.
func printResults(w io.Writer, deals []Explained) {
	fmt.Fprintln(w, "\n## The result")
	for _, e := range deals {
		fmt.Fprintln(w)
		label := "The deal"
		if e.Deal > 0 {
			label = fmt.Sprintf("Deal %d", e.Deal)
		}
		switch {
		case e.Fault != "":
			fmt.Fprintf(w, "- %s: refused, nothing settled (%s).\n", label, e.Fault)
		case len(e.Net) == 0:
			fmt.Fprintf(w, "- %s: nothing is paid or written.\n", label)
		default:
			fmt.Fprintf(w, "- %s: %s.\n", label, strings.Join(e.Net, ", "))
		}
		if e.Fault == "" {
			for _, s := range e.Sentences { // the same in words, as a player reads it
				fmt.Fprintf(w, "  - %s\n", s)
			}
		}
		for _, p := range e.Expectation {
			fmt.Fprintf(w, "- The case's expect: is wrong: %s\n", p)
		}
	}
}
