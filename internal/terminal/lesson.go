package terminal

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

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
	nb := blocks(narrow)
	wb, err := wideBlocks(md, plain, nb)
	if err != nil {
		return "", err
	}
	return layLesson(narrow, nb, wb, w), nil
}

// layLesson is the lesson w columns wide from glamour's rendering at w
// (narrow, in blocks nb) and unwrapped (in blocks wb).
func layLesson(narrow []string, nb, wb [][]string, w int) string {
	if len(nb) != len(wb) { // not the same blocks: glamour's own layout
		return strings.Join(narrow, "\n")
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
	return strings.Join(out, "\n")
}

// wideBlocks are md's blocks rendered at the unwrapped width, or as they
// would be there. glamour pads each line to the wrap width, in colour one
// styled space at a time: at the unwrapped width that padding was most of
// a lesson's rendering. So md is first rendered at a width its longest
// paragraph should not reach (paragraphWidth); when no line used of that
// rendering can have been wrapped (noneWrapped), it differs from the one at
// the unwrapped width only in the padding glamourRender cuts. Else it is
// rendered at the unwrapped width.
func wideBlocks(md string, plain bool, nb [][]string) ([][]string, error) {
	if fit := paragraphWidth(md); fit < unwrapped {
		if wide, err := glamourRender(md, plain, fit); err == nil {
			if wb := blocks(wide); noneWrapped(wb, nb, fit) {
				return wb, nil
			}
		}
	}
	wide, err := glamourRender(md, plain, unwrapped)
	if err != nil {
		return nil, err
	}
	return blocks(wide), nil
}

// paragraphWidth is a wrap width md's paragraphs should not reach: its
// longest run of lines without a blank one or a list item, heading or
// table row starting, joined, in characters, with room for margins,
// indents and a word. A guess: noneWrapped checks it.
func paragraphWidth(md string) int {
	longest, run := 0, 0
	for _, l := range strings.Split(md, "\n") {
		if strings.TrimSpace(l) == "" {
			run = 0
			continue
		}
		if startsItem(l) {
			run = 0
		}
		run += utf8.RuneCountInString(l) + 1
		longest = max(longest, run)
	}
	return longest + 100
}

// itemStart is the start of a line that begins a paragraph of its own even
// without a blank line before it: a list item, a heading, a table's row.
var itemStart = regexp.MustCompile(`^ *([-*+] |[0-9]+[.)] |#|\|)`)

// startsItem reports whether line begins a list item, a heading or a
// table's row.
func startsItem(line string) bool { return itemStart.MatchString(line) }

// noneWrapped reports whether no line of wb, md rendered at wrap width fit,
// that renderLesson uses (a block that is not blank and not a table where
// narrow has one) can have been wrapped, and wb has narrow's blocks.
//
// glamour wraps a block's text at fit less the block's indent and twice
// its margin, the margin being on the line's left too; it breaks a line
// when the next word would not fit. So a line broken is at least that
// width, less the next word: a line whose width, plus its lead (the
// indent and margin are in it), plus the longest word of the rendering
// stays under fit was not broken, nor was any before the next word.
func noneWrapped(wb, nb [][]string, fit int) bool {
	if len(wb) != len(nb) {
		return false
	}
	word := longestWord(wb)
	for i := range nb {
		if isTable(nb[i]) || len(nb[i]) == 1 && ansi.Strip(nb[i][0]) == "" {
			continue
		}
		for _, l := range wb[i] {
			if ansi.StringWidth(l)+lead(ansi.Strip(l))+word+8 >= fit {
				return false
			}
		}
	}
	return true
}

// longestWord is the widest run of characters without a space in blocks.
func longestWord(blocks [][]string) int {
	longest := 0
	for _, b := range blocks {
		for _, l := range b {
			for _, w := range strings.Fields(ansi.Strip(l)) {
				longest = max(longest, ansi.StringWidth(w))
			}
		}
	}
	return longest
}

// lead is the width of line's start before its first letter or digit: at
// least its indent and margin (spaces, a quote's bar, a bullet).
func lead(line string) int {
	for i, r := range line {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return ansi.StringWidth(line[:i])
		}
	}
	return ansi.StringWidth(line)
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
