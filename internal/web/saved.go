package web

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/preference-rules/pref/rulesets"
)

// savedVariant is one ruleset of the user's folder (where /author saves),
// as the landing page lists it: its title, or why it does not load, and
// its links.
type savedVariant struct {
	Name, Title, Problem string
	Play, Rules, Author  string
}

// maxListed bounds the user's rulesets the landing page opens and lists: a
// folder of thousands is not a page of thousands (the rest are counted).
const maxListed = 100

// savedVariants lists the user's rulesets, each opened by name as /play
// opens it (so a file that does not load says why, with a link to mend
// it), and how many more there are than maxListed.
func savedVariants() ([]savedVariant, int) {
	names := rulesets.UserNames()
	more := max(0, len(names)-maxListed)
	names = names[:len(names)-more]
	folder := folderStamp(rulesets.UserDir())
	var out []savedVariant
	for _, n := range names {
		v := savedVariant{Name: n, Play: playURL(n, nil, "", "simple"), Rules: rulesURL(n, nil),
			Author: "/author?" + url.Values{"edit": {n}}.Encode()}
		v.Title, v.Problem = saved.opened(n, folder)
		out = append(out, v)
	}
	return out, more
}

// openSaved opens a user's ruleset by name (a test counts the openings).
var openSaved = rulesets.Open

// saved keeps what opening each of the user's rulesets gave, so that the
// landing page does not compile up to maxListed rulesets at every request.
var saved savedCache

// savedCache is each user ruleset's title, or why it does not load, by
// its file's path, kept while the file and its folder stay as they were.
type savedCache struct {
	mu   sync.Mutex
	kept map[string]savedOpening
}

// savedOpening is what opening a file gave, and the folder's stamp then
// (folderStamp: every ruleset file's name, modification time and size,
// the file's own among them; a ruleset of the folder may extend another
// one of it, which may have changed alone).
type savedOpening struct {
	folder         string
	title, problem string
}

// opened is the title of the user's ruleset name, or why it does not load:
// kept from an earlier opening while the folder (folderStamp's) is
// unchanged.
func (c *savedCache) opened(name, folder string) (title, problem string) {
	path := filepath.Join(rulesets.UserDir(), name+".yaml")
	c.mu.Lock()
	o, ok := c.kept[path]
	c.mu.Unlock()
	if ok && o.folder == folder {
		return o.title, o.problem
	}
	title, problem = open(name)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept == nil || len(c.kept) >= 2*maxListed {
		c.kept = map[string]savedOpening{} // start again rather than track which is oldest
	}
	c.kept[path] = savedOpening{folder: folder, title: title, problem: problem}
	return title, problem
}

// open opens the user's ruleset name: its title, or why it does not load.
func open(name string) (title, problem string) {
	r, err := openSaved(name)
	if err != nil {
		return "", err.Error()
	}
	return r.Title, ""
}

// folderStamp is each ruleset file of dir with its modification time and
// size: it changes whenever a file of the folder is saved, added or
// removed.
func folderStamp(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		if info, err := e.Info(); err == nil {
			fmt.Fprintf(&b, "%s\x00%d\x00%d\x00", e.Name(), info.ModTime().UnixNano(), info.Size())
		}
	}
	return b.String()
}
