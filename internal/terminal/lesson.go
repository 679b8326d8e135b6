package terminal

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/glamour"
	glamouransi "github.com/charmbracelet/glamour/ansi"
	"github.com/charmbracelet/glamour/styles"
	"github.com/charmbracelet/x/ansi"
)

// A lesson at the full screen is laid out for the terminal's width. Two
// things of glamour's are worked around here:
//   - its styles write a heading's "##" (and, without colour, a strong
//     word's "**") out: here a heading and a strong word are bold, an
//     emphasised one italic, without the markers;
//   - it wraps a paragraph twice, the second time with other break
//     points, so a word can be left on a line of its own ("If you / have /
//     never played one"). Paragraphs and list items are therefore rendered
//     unwrapped and wrapped here once; only tables are taken as glamour
//     fits them to the width.

// unwrapped is the wrap width at which no paragraph of a lesson wraps.
const unwrapped = 1000

// renderLesson renders a lesson's Markdown w columns wide; plain: without
// colour (NO_COLOR, --ascii or --plain), bold and italics only.
func renderLesson(md string, plain bool, w int) (string, error) {
	w = max(20, w)
	narrow, err := glamourRender(md, plain, w)
	if err != nil {
		return "", err
	}
	wide, err := glamourRender(md, plain, unwrapped)
	if err != nil {
		return "", err
	}
	nb, wb := blocks(narrow), blocks(wide)
	if len(nb) != len(wb) { // not the same blocks: glamour's own layout
		return strings.Join(narrow, "\n"), nil
	}
	var out []string
	for i := range nb {
		switch {
		case len(nb[i]) == 1 && ansi.Strip(nb[i][0]) == "": // a blank line
			out = append(out, "")
		case isTable(nb[i]):
			out = append(out, nb[i]...)
		default:
			for _, l := range wb[i] {
				out = append(out, wrapIndented(l, w)...)
			}
		}
	}
	return strings.Join(out, "\n"), nil
}

// glamourRender is md rendered by glamour at wrap width w, as lines
// without the padding to the width and without blank lines at the end
// (which would scroll as "more below").
func glamourRender(md string, plain bool, w int) ([]string, error) {
	r, err := glamour.NewTermRenderer(glamour.WithStyles(lessonStyle(plain)), glamour.WithWordWrap(w))
	if err != nil {
		return nil, err
	}
	out, err := r.Render(md)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = trimPadding(l)
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, nil
}

// lessonStyle is glamour's dark style, or its plain one, without the
// Markdown markers.
func lessonStyle(plain bool) glamouransi.StyleConfig {
	yes := true
	style := styles.DarkStyleConfig
	if plain {
		style = styles.ASCIIStyleConfig
		style.H1.Prefix = ""
		style.Heading.Bold = &yes
		style.Strong = glamouransi.StylePrimitive{Bold: &yes}
		style.Emph = glamouransi.StylePrimitive{Italic: &yes}
	}
	for _, h := range []*glamouransi.StyleBlock{&style.H2, &style.H3, &style.H4, &style.H5, &style.H6} {
		h.Prefix = ""
	}
	return style
}

// padding is the length of the spaces glamour pads line with at its
// end, each maybe in colour: the longest end made of spaces and colour
// codes (ESC [ digits and semicolons m), if it holds a space; 0 if none.
// (A regular expression anchored at the end was tried from every
// position of every line: half of the lessons' rendering time.)
func padding(line string) int {
	end, space := len(line), false
	for end > 0 {
		switch {
		case line[end-1] == ' ':
			end--
			space = true
		case line[end-1] == 'm':
			k := end - 2
			for k >= 0 && (line[k] == ';' || line[k] >= '0' && line[k] <= '9') {
				k--
			}
			if k < 1 || line[k] != '[' || line[k-1] != '\x1b' {
				return paddingLen(line, end, space)
			}
			end = k - 1
		default:
			return paddingLen(line, end, space)
		}
	}
	return paddingLen(line, end, space)
}

// paddingLen is the padding from end on, if it holds a space.
func paddingLen(line string, end int, space bool) int {
	if !space {
		return 0
	}
	return len(line) - end
}

// trimPadding is line without its padding; a line in colour ends with a
// reset, so that no style runs on.
func trimPadding(line string) string {
	trimmed := line[:len(line)-padding(line)]
	if strings.TrimSpace(ansi.Strip(trimmed)) == "" {
		return ""
	}
	if strings.Contains(trimmed, "\x1b[") {
		trimmed += "\x1b[0m"
	}
	return trimmed
}

// blocks splits lines at blank lines: each blank line a block of its own.
func blocks(lines []string) [][]string {
	var out [][]string
	var cur []string
	for _, l := range lines {
		if strings.TrimSpace(ansi.Strip(l)) != "" {
			cur = append(cur, l)
			continue
		}
		if cur != nil {
			out = append(out, cur)
			cur = nil
		}
		out = append(out, []string{""})
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

// isTable reports whether a block is a table: a rule between its head and
// its rows.
func isTable(block []string) bool {
	for _, l := range block {
		if p := ansi.Strip(l); strings.Contains(p, "─┼─") || strings.Contains(p, "-|-") {
			return true
		}
	}
	return false
}

// listMarker is a list item's bullet or number, after the indent.
var listMarker = regexp.MustCompile(`^(• |[0-9]+\. )`)

// wrapIndented wraps a line w columns wide between words; the lines after
// the first stand at its indent, and a list item's under its text.
func wrapIndented(line string, w int) []string {
	plain := ansi.Strip(line)
	indent := len(plain) - len(strings.TrimLeft(plain, " "))
	hang := indent + len(listMarker.FindString(plain[indent:]))
	if ansi.StringWidth(line) <= w || w-hang < 10 {
		return []string{line}
	}
	text := ansi.TruncateLeft(line, indent, "") // the indent may be in colour
	lines := wrapWords(text, w-hang)
	for i := range lines {
		pad := hang
		if i == 0 {
			pad = indent
		}
		lines[i] = strings.Repeat(" ", pad) + strings.TrimLeft(lines[i], " ")
	}
	return lines
}

// wrapWords wraps text limit columns wide between words. ansi.Wordwrap can
// leave a line one column over after a hyphen; then the limit is lowered.
func wrapWords(text string, limit int) []string {
	for lim := limit; ; lim-- {
		lines := strings.Split(ansi.Wordwrap(text, lim, ""), "\n")
		fits := true
		for _, l := range lines {
			fits = fits && ansi.StringWidth(strings.TrimLeft(l, " ")) <= limit
		}
		if fits || lim <= limit/2 {
			return lines
		}
	}
}
