package ruleset

import "github.com/expr-lang/expr/ast"

// Reads reports whether a settlement expression of r reads the name (an
// interpreter's variable, an option, a define): what a session must keep
// for a ruleset that reads it, such as the session's agreed length.
func (r *Ruleset) Reads(name string) bool {
	for _, c := range r.codes {
		if c != nil && c.Program != nil && readsName(c.Node(), name) {
			return true
		}
	}
	return false
}

// readsName reports whether the expression tree names name.
func readsName(root ast.Node, name string) bool {
	found := false
	ast.Walk(&root, visitor(func(n *ast.Node) {
		if id, ok := (*n).(*ast.IdentifierNode); ok && id.Value == name {
			found = true
		}
	}))
	return found
}

// movingNames are the interpreter's variables that change while the rules
// of a deal pay (settle moves them): a define or an event is worked out
// once, before any rule, so one that read them would read a stale value.
var movingNames = []string{"pot_after"}

// readsMoving is the moving name the expression reads ("" if none). A
// define that reads one is refused, so none reads one through a define.
func (c *compiler) readsMoving(root ast.Node) string {
	for _, name := range movingNames {
		if readsName(root, name) {
			return name
		}
	}
	return ""
}
