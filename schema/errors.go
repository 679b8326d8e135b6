package schema

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Error is one problem in a file, at a line and column (1-based; 0 if unknown).
type Error struct {
	File      string
	Line, Col int
	Msg       string
	// Source is the text of the line, when known: shown under the message
	// with a caret at the column.
	Source string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Source != "":
		src, col := window(strings.ReplaceAll(e.Source, "\t", " "), e.Col)
		caret := strings.Repeat(" ", max(0, visualColumn(src, col)-1)) + "^"
		return fmt.Sprintf("%s:%d:%d: %s\n    %s\n    %s", e.File, e.Line, e.Col, e.Msg, src, caret)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return e.Msg
}

// At makes an Error at node n of file.
func At(file string, n *yaml.Node, format string, args ...any) *Error {
	e := &Error{File: file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	return e
}

// List is several errors, reported sorted by position, one a line.
type List []*Error

func (l List) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list, else the sorted list.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
	return l
}

// window clips a long source line to the part around column col (bytes,
// 1-based), marking what was cut; it returns the column within the part.
func window(line string, col int) (string, int) {
	const side = 60
	if len(line) <= 2*side {
		return line, col
	}
	from := max(0, col-1-side)
	for from > 0 && !utf8.RuneStart(line[from]) {
		from--
	}
	to := min(len(line), col-1+side)
	for to < len(line) && !utf8.RuneStart(line[to]) {
		to++
	}
	part, col := line[from:to], col-from
	if from > 0 {
		part, col = "…"+part, col+len("…")
	}
	if to < len(line) {
		part += "…"
	}
	return part, col
}

// visualColumn is the screen column of byte column col (1-based) of line:
// a multi-byte character takes one column.
func visualColumn(line string, col int) int {
	if col-1 > len(line) {
		return col
	}
	return utf8.RuneCountInString(line[:max(0, col-1)]) + 1
}

// AddSources fills in the source line of each error in err whose file is
// one of texts (file name -> contents).
func AddSources(err error, texts map[string][]byte) {
	var list List
	switch e := err.(type) {
	case *Error:
		list = List{e}
	case List:
		list = e
	default:
		return
	}
	lines := map[string][]string{}
	for _, e := range list {
		text, ok := texts[e.File]
		if !ok || e.Line <= 0 {
			continue
		}
		if lines[e.File] == nil {
			lines[e.File] = strings.Split(string(text), "\n")
		}
		if l := lines[e.File]; e.Line <= len(l) {
			e.Source = strings.TrimRight(l[e.Line-1], "\r")
		}
	}
}

// Nearest is the candidate closest to name in spelling, when it is close
// enough to be the name meant (at most a third of its letters off, and at
// least one); "" otherwise.
func Nearest(name string, candidates []string) string {
	best, bestD := "", -1
	limit := max(1, len([]rune(name))/3)
	for _, c := range candidates {
		// The distance is at least the difference in length: a candidate
		// too far by that alone is never measured (a name of a megabyte
		// would otherwise cost seconds).
		if diff := len([]rune(name)) - len([]rune(c)); diff > limit || -diff > limit {
			continue
		}
		d := distance(strings.ToLower(name), strings.ToLower(c))
		if d > 0 && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > limit {
		return ""
	}
	return best
}

// distance is the edit distance of a and b, a swap of neighbours counting
// as one edit (Damerau).
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
