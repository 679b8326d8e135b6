package web

import (
	"bytes"
	"html/template"
	"net/http"

	"github.com/preference-rules/pref/tutorial"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The rulebook as HTML: the tutorial's Markdown (the same pref rules
// prints) rendered with goldmark, its headings listed as the contents,
// then the glossary. goldmark escapes raw HTML in the Markdown (no
// WithUnsafe): a ruleset's text cannot put markup on the page.

var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Table),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// heading is an entry of the contents.
type heading struct {
	Level int
	ID    string
	Text  string
}

// rulesView is the rulebook page.
type rulesView struct {
	Title, Name string
	Play        string
	Contents    []heading
	Body        template.HTML
	Glossary    template.HTML
}

// toHTML renders md and lists its headings of level 2 and 3.
func toHTML(md string) (template.HTML, []heading, error) {
	src := []byte(md)
	doc := markdown.Parser().Parse(text.NewReader(src))
	var hs []heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering && h.Level >= 2 && h.Level <= 3 {
			id, _ := h.AttributeString("id")
			idb, _ := id.([]byte)
			hs = append(hs, heading{Level: h.Level, ID: string(idb), Text: plainText(h, src)})
		}
		return ast.WalkContinue, nil
	})
	var b bytes.Buffer
	if err := markdown.Renderer().Render(&b, src, doc); err != nil {
		return "", nil, err
	}
	return template.HTML(b.String()), hs, nil
}

// plainText is the text of a node, without its markup.
func plainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		if t, ok := c.(*ast.String); ok && entering {
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// rules shows a ruleset's rulebook and glossary.
func (s *Server) rules(w http.ResponseWriter, r *http.Request) {
	name, options, rs, err := openRuleset(r.URL.Query())
	if err != nil {
		refuse(w, err)
		return
	}
	book, err := tutorial.Rulebook(rs, false)
	if err != nil {
		fail(w, http.StatusInternalServerError, "rulebook: "+err.Error())
		return
	}
	gloss, err := tutorial.GlossaryMarkdown(rs, false)
	if err != nil {
		fail(w, http.StatusInternalServerError, "glossary: "+err.Error())
		return
	}
	v := &rulesView{Title: rs.Title, Name: name, Play: playURL(name, options, "", "simple")}
	if v.Body, v.Contents, err = toHTML(book); err != nil {
		fail(w, http.StatusInternalServerError, "rulebook: "+err.Error())
		return
	}
	if v.Glossary, _, err = toHTML(gloss); err != nil {
		fail(w, http.StatusInternalServerError, "glossary: "+err.Error())
		return
	}
	render(w, http.StatusOK, "rules.html", v)
}
