package record

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// places are where a deal's parts are written, for errors at a line and
// column: the deal's map, its keys' values, each action and each trick.
type places struct {
	deal            *yaml.Node
	keys            map[string]*yaml.Node
	actions, tricks []*yaml.Node
	file            string
	lines           []string // the file's lines, for the caret
}

// locate finds where each deal of rec is written in doc (a deal written
// at the top level is the document's map).
func locate(path string, data []byte, doc *yaml.Node, rec *Record) {
	top := deref(doc)
	if top != nil && top.Kind == yaml.DocumentNode && len(top.Content) > 0 {
		top = deref(top.Content[0])
	}
	if top == nil || top.Kind != yaml.MappingNode {
		return
	}
	lines := strings.Split(string(data), "\n")
	maps := []*yaml.Node{top}
	if deals := deref(mapValue(top, "deals")); deals != nil && deals.Kind == yaml.SequenceNode {
		maps = deals.Content
	}
	for i := range rec.Deals {
		if i >= len(maps) {
			return
		}
		m := deref(maps[i])
		p := &places{deal: m, keys: map[string]*yaml.Node{}, file: path, lines: lines}
		if m != nil && m.Kind == yaml.MappingNode {
			for k := 0; k+1 < len(m.Content); k += 2 {
				p.keys[m.Content[k].Value] = m.Content[k+1]
			}
		}
		if a := deref(p.keys["actions"]); a != nil && a.Kind == yaml.SequenceNode {
			p.actions = a.Content
		}
		if t := deref(p.keys["tricks"]); t != nil && t.Kind == yaml.SequenceNode {
			p.tricks = t.Content
		}
		rec.Deals[i].at = p
	}
}

// node is where the part of the deal a refused step names is written:
// "action 3 (...)" the action, "trick 4" or "after trick 4" the trick,
// "hands", "dealer", "claim", "unfinished" their values; else the deal.
func (p *places) node(where string) *yaml.Node {
	var n int
	switch {
	case p == nil:
		return nil
	case strings.HasPrefix(where, "action "):
		if _, err := fmt.Sscanf(where, "action %d", &n); err == nil && n >= 1 && n <= len(p.actions) {
			return p.actions[n-1]
		}
		if len(p.actions) > 0 { // the record stops before the action wanted
			return p.actions[len(p.actions)-1]
		}
	case strings.HasPrefix(where, "trick ") || strings.HasPrefix(where, "after trick "):
		if _, err := fmt.Sscanf(strings.TrimPrefix(where, "after "), "trick %d", &n); err == nil && n >= 1 && n <= len(p.tricks) {
			return p.tricks[n-1]
		}
		if len(p.tricks) > 0 {
			return p.tricks[len(p.tricks)-1]
		}
	}
	for _, key := range []string{"hands", "dealer", "claim", "unfinished", "talon"} {
		if strings.HasPrefix(where, key) && p.keys[key] != nil {
			return p.keys[key]
		}
	}
	if where == "before the first trick" && p.keys["claim"] != nil {
		return p.keys["claim"]
	}
	return p.deal
}

// errorAt is msg at node n of the deal, with the line written under it.
func (p *places) errorAt(n *yaml.Node, msg string) *schema.Error {
	e := &schema.Error{File: p.file, Msg: msg}
	if n != nil && n.Line > 0 {
		e.Line, e.Col = n.Line, n.Column
		if n.Line <= len(p.lines) {
			e.Source = strings.TrimRight(p.lines[n.Line-1], "\r")
		}
	}
	return e
}
