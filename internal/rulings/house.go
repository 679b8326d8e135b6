package rulings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/lint"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/schema"
)

// What a house variant starts from: pref new's starter and the schemas
// beside it, and the notes pref validate adds on a valid ruleset.

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// CheckVariantName refuses a name a new ruleset cannot have.
func CheckVariantName(name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("%q: a ruleset name is lower case letters, digits and hyphens, e.g. kitchen-rules", name)
	}
	return nil
}

// WriteVariant writes dir/NAME.yaml, a house variant that extends the
// ruleset from (base, as opened) with commented examples, and
// ruleset.schema.json beside it where nothing has that name. It returns
// the file written and how it names what it extends: from as it is, or a
// path relative to the new file, which is where pref looks.
func WriteVariant(dir, name, from string, base *ruleset.Ruleset, force bool) (path, extends string, err error) {
	path = filepath.Join(dir, name+".yaml")
	extends = from
	if strings.ContainsAny(from, `/\`) || strings.HasSuffix(from, ".yaml") {
		if rel, err := filepath.Rel(dir, from); err == nil {
			extends = rel // relative to the new file, which is where pref looks
		}
	}
	if err := safeio.WriteFile(path, []byte(Starter(name, extends, base)), 0o644, force); err != nil {
		if os.IsExist(err) {
			return "", "", fmt.Errorf("%s exists (--force overwrites it)", path)
		}
		return "", "", err
	}
	// The schema is written only where there is nothing by its name
	// (Lstat: not even a symbolic link), --force or not: it is the
	// user's if it is there.
	schemaPath := filepath.Join(dir, "ruleset.schema.json")
	if _, err := os.Lstat(schemaPath); os.IsNotExist(err) {
		if err := safeio.WriteFile(schemaPath, []byte(schema.RulesetSchema()), 0o644, false); err != nil {
			return "", "", err
		}
	}
	return path, extends, nil
}

// Starter is a new house variant's text: what it extends, its names, and
// commented examples drawn from the base, so each can be uncommented as
// it stands.
func Starter(name, extends string, base *ruleset.Ruleset) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# yaml-language-server: $schema=ruleset.schema.json
#
# %s: house rules on %s.
# Write here only what differs: pref merges this file onto %s (maps key
# by key; contracts and options by name; settlement rules by rule, a new
# one added at the end; any other list whole).
#   pref rules %s.yaml                 the rulebook
#   pref diff %s %s.yaml     what differs
#   pref play --ruleset %s.yaml
extends: %s
name: %s
title: %q
description: %q
`, name, base.Title, extends, name, extends, name, name, extends, name, name+" (house rules)", "House rules on "+base.Title+".")
	b.WriteString("\n# Examples of what tables change most: uncomment and edit.\n#\n")
	if len(base.Contracts) > 0 {
		c := &base.Contracts[len(base.Contracts)-1]
		vals := ""
		if len(base.ValueNames) > 0 {
			vals = fmt.Sprintf(", values: {%s: %d}", base.ValueNames[0], c.Values[0]+1)
		}
		fmt.Fprintf(&b, "# contracts:                        # change a contract by its name\n#   - {name: %s, tricks: %d%s}\n#\n", c.Name, c.Tricks, vals)
	}
	b.WriteString("# play:\n#   head: must                       # everybody must head the trick\n#   trump: may                       # a player out of the suit led need not trump\n#\n")
	if len(base.Options) > 0 {
		o := base.Options[0]
		fmt.Fprintf(&b, "# options:                          # change an option's default\n#   %s: {default: %v}\n#\n", o.Name, o.Default)
	}
	b.WriteString(`# settlement:                       # add a rule (or change one by its rule)
#   - rule: a bonus for four aces
#     when: played && made && declarer_aces == 4
#     pay:
#       - {from: defenders, to: declarer, amount: 10}
`)
	return b.String()
}

// CheckTarget refuses, before any work is done, a file a command is to
// write (named by flag): one that exists, unless force, and anything but a
// regular file, even with force. The write itself checks again
// (safeio.WriteFile).
func CheckTarget(flag, path string, force bool) error {
	err := safeio.CheckTarget(path, force)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s %s: the file exists (--force overwrites it)", flag, path)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", flag, err)
	}
	return nil
}

// WriteSchemas writes both schemas into dir, like every file pref writes:
// never over an existing file without force, nothing but a regular file
// replaced. Both targets are checked first, so that either both are
// written or neither. Each file written is said on w.
func WriteSchemas(w io.Writer, dir string, force bool) error {
	files := []struct{ name, text string }{
		{"ruleset.schema.json", schema.RulesetSchema()},
		{"record.schema.json", schema.RecordSchema()},
	}
	for _, f := range files {
		if err := CheckTarget("--write", filepath.Join(dir, f.name), force); err != nil {
			return err
		}
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := safeio.WriteFile(path, []byte(f.text), 0o644, force); err != nil {
			return err
		}
		fmt.Fprintf(w, "wrote %s\n", path)
	}
	return nil
}

// ValidateNotes says on w what a valid ruleset may still do wrong
// and costs nothing to find: the warnings loading noticed (a rule named
// like an inherited one), and, for settlement rules added to inherited
// ones, that pref lint checks they pay nothing twice (finding out settles
// thousands of outcomes, seconds, which validate does not spend).
func ValidateNotes(w io.Writer, r *ruleset.Ruleset) {
	for _, warning := range lint.LoadWarnings(r) {
		fmt.Fprintln(w, termtext.Escape(lint.Format(r.File, warning)))
	}
	if n, base := lint.Added(r); n > 0 {
		rules, them := "1 settlement rule", "it pays"
		if n > 1 {
			rules, them = fmt.Sprintf("%d settlement rules", n), "they pay"
		}
		fmt.Fprintf(w, "%s: note: %s added to those of %s (rules merge by name): pref lint %s checks that %s nothing twice\n",
			termtext.Escape(r.File), rules, termtext.Escape(base), termtext.Escape(r.File), them)
	}
}
