package record

import (
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
	data            []byte // the file, for the line under an error (split only then)
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
	maps := []*yaml.Node{top}
	if deals := deref(mapValue(top, "deals")); deals != nil && deals.Kind == yaml.SequenceNode {
		maps = deals.Content
	}
	for i := range rec.Deals {
		if i >= len(maps) {
			return
		}
		m := deref(maps[i])
		p := &places{deal: m, keys: map[string]*yaml.Node{}, file: path, data: data}
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

// node is where the part of the deal refused step e names is written:
// its action, its trick (the last written when the record stops before
// it), the value of its key ("hands", "dealer", "claim", "unfinished");
// else the deal.
func (p *places) node(e *StepError) *yaml.Node {
	if p == nil {
		return nil
	}
	switch {
	case e.Action > 0 && len(p.actions) > 0:
		return p.actions[min(e.Action, len(p.actions))-1]
	case e.Trick > 0 && len(p.tricks) > 0:
		return p.tricks[min(e.Trick, len(p.tricks))-1]
	}
	if n := p.keys[e.Key]; e.Key != "" && n != nil {
		return n
	}
	return p.deal
}

// errorAt is msg at node n of the deal, with the line written under it.
func (p *places) errorAt(n *yaml.Node, msg string) *schema.Error {
	e := &schema.Error{File: p.file, Msg: msg}
	if n != nil && n.Line > 0 {
		e.Line, e.Col = n.Line, n.Column
		schema.AddSources(e, map[string][]byte{p.file: p.data})
	}
	return e
}
