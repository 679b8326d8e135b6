package main

import (
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// trustTargets makes, in dir, one thing of each kind a writer must not
// replace, by the name its refusal gives it. The device is made here, not
// /dev/null: were the check missing, a test run as root must not replace
// the machine's own; it is left out where making devices is not allowed.
func trustTargets(t *testing.T, dir string) map[string]string {
	t.Helper()
	made := map[string]string{}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	made["a named pipe"] = fifo
	if p := filepath.Join(dir, "null.yaml"); syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3) == nil {
		made["a device"] = p
	}
	if p := filepath.Join(dir, "sock.yaml"); true {
		if l, err := net.Listen("unix", p); err == nil {
			t.Cleanup(func() { l.Close() })
			made["a socket"] = p
		}
	}
	victim := filepath.Join(dir, "victim.txt")
	if err := os.WriteFile(victim, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	made["a symbolic link"] = link
	sub := filepath.Join(dir, "dir.yaml")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	made["a directory"] = sub
	return made
}

// TestWritersReplaceNothingButARegularFile: pref play --record /dev/null
// --force, run as root, turned /dev/null into a regular file; so did
// import -o FIFO --force. Every command that writes a file refuses, with
// or without --force and before any work, a target that is not a regular
// file, naming what it is, and leaves it as it was.
func TestWritersReplaceNothingButARegularFile(t *testing.T) {
	dir := t.TempDir()
	targets := trustTargets(t, dir)
	ppnFile := "../../conformance/serbian/session-refa.ppn"
	for what, p := range targets {
		before, _ := os.Lstat(p)
		for _, args := range [][]string{
			{"play", "--deals", "1", "--seed", "1", "--record", p, "--force"},
			{"play", "--deals", "1", "--seed", "1", "--record", p},
			{"import", ppnFile, "-o", p, "--force"},
			{"import", ppnFile, "-o", p},
		} {
			_, stderr := expect(t, exitUsage, args...)
			if !strings.Contains(stderr, "refusing to replace "+p+": it is "+what+", not a regular file") {
				t.Errorf("pref %s: %s", show(args), clip(stderr))
			}
		}
		if after, err := os.Lstat(p); err != nil || after.Mode().Type() != before.Mode().Type() {
			t.Errorf("%s was replaced: %v (%v)", what, after.Mode(), err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "victim.txt")); string(b) != "keep" {
		t.Errorf("the file a symbolic link points to was written: %q", b)
	}
}

// TestSchemaAndNewReplaceNothingButARegularFile: pref schema --write and
// pref new, whose files have fixed names in a folder, refuse the same.
func TestSchemaAndNewReplaceNothingButARegularFile(t *testing.T) {
	for what, make := range map[string]func(string) error{
		"a named pipe":    func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"a directory":     func(p string) error { return os.Mkdir(p, 0o700) },
		"a symbolic link": func(p string) error { return os.Symlink("elsewhere.json", p) },
	} {
		dir := t.TempDir()
		schemaFile := filepath.Join(dir, "record.schema.json")
		kitchen := filepath.Join(dir, "kitchen.yaml")
		if make(schemaFile) != nil || make(kitchen) != nil {
			t.Fatalf("cannot make %s", what)
		}
		for _, args := range [][]string{
			{"schema", "--write", dir, "--force"},
			{"new", "kitchen", "--from", "sochi", "--dir", dir, "--force"},
		} {
			_, stderr := expect(t, exitUsage, args...)
			if !strings.Contains(stderr, "it is "+what+", not a regular file") {
				t.Errorf("pref %s over %s: %s", show(args), what, clip(stderr))
			}
		}
		for _, p := range []string{schemaFile, kitchen} {
			if st, err := os.Lstat(p); err != nil || st.Mode().IsRegular() {
				t.Errorf("%s (%s) was replaced", p, what)
			}
		}
		// schema --write checks both files before writing either
		if _, err := os.Lstat(filepath.Join(dir, "ruleset.schema.json")); err == nil {
			t.Errorf("schema --write wrote ruleset.schema.json beside %s it refused", what)
		}
	}
}

// TestSchemaWriteNeedsForce: pref schema --write overwrote its files
// without --force, unlike every other writer.
func TestSchemaWriteNeedsForce(t *testing.T) {
	dir := t.TempDir()
	expect(t, exitOK, "schema", "--write", dir)
	mine := filepath.Join(dir, "ruleset.schema.json")
	if err := os.WriteFile(mine, []byte("my own"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, stderr := expect(t, exitUsage, "schema", "--write", dir); !strings.Contains(stderr, "the file exists (--force overwrites it)") {
		t.Errorf("schema --write over a file: %s", clip(stderr))
	}
	if b, _ := os.ReadFile(mine); string(b) != "my own" {
		t.Errorf("schema --write without --force replaced the file: %q", clip(string(b)))
	}
	expect(t, exitOK, "schema", "--write", dir, "--force")
	if b, _ := os.ReadFile(mine); !strings.Contains(string(b), `"$schema"`) {
		t.Errorf("schema --write --force did not replace the file: %q", clip(string(b)))
	}
}

// TestWrittenFilesRespectUmaskAndMode: every file pref wrote was 0644,
// whatever the umask, and --force over a 0600 file widened it.
func TestWrittenFilesRespectUmaskAndMode(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.yaml")
	old := syscall.Umask(0o077)
	expect(t, exitOK, "play", "--deals", "1", "--seed", "1", "--record", game)
	expect(t, exitOK, "schema", "--write", dir)
	syscall.Umask(old)
	for _, p := range []string{game, filepath.Join(dir, "record.schema.json")} {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s written under umask 077: %v (%v), want -rw-------", filepath.Base(p), st.Mode(), err)
		}
	}
	for _, mode := range []fs.FileMode{0o600, 0o640} {
		if err := os.Chmod(game, mode); err != nil {
			t.Fatal(err)
		}
		expect(t, exitOK, "play", "--deals", "1", "--seed", "2", "--record", game, "--force")
		if st, err := os.Stat(game); err != nil || st.Mode().Perm() != mode {
			t.Errorf("--force over a %v file: now %v (%v)", mode, st.Mode(), err)
		}
	}
}

// secretDocuments writes, under a folder beside a secret file, a record
// and a case naming their ruleset in each way that leads out of their
// folder, and returns their paths and the secret.
func secretDocuments(t *testing.T) (docs []string, secret string) {
	t.Helper()
	top := t.TempDir()
	secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	secretFile := filepath.Join(top, "secret.txt")
	if err := os.WriteFile(secretFile, []byte("AWS_ACCESS_KEY_ID: AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY: "+secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, "games")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secretFile, filepath.Join(dir, "house.yaml")); err != nil {
		t.Fatal(err)
	}
	rec := documentNaming(t, "../../conformance/rostov/record-suit-game-made.yaml", "rostov")
	cas := documentNaming(t, "../../conformance/austrian-1829/anton-diamonds.yaml", "austrian-1829")
	for i, name := range []string{"../secret.txt", secretFile, "house.yaml", "./../games/../secret.txt"} {
		for kind, text := range map[string]func(string) string{"record": rec, "case": cas} {
			p := filepath.Join(dir, kind+"-"+string(rune('a'+i))+".yaml")
			if err := os.WriteFile(p, []byte(text(name)), 0o600); err != nil {
				t.Fatal(err)
			}
			docs = append(docs, p)
		}
	}
	return docs, secret
}

// documentNaming is the document at path with its ruleset: line, which
// names embedded, made to name another.
func documentNaming(t *testing.T, path, embedded string) func(string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line := "\nruleset: " + embedded + "\n"
	if !strings.Contains(string(b), line) {
		t.Fatalf("%s no longer names %s", path, embedded)
	}
	return func(name string) string { return strings.Replace(string(b), line, "\nruleset: "+name+"\n", 1) }
}

// TestDocumentsNameNoRulesetOutsideTheirFolder: a record's or case's
// "ruleset: ../secret.txt" made pref read that file and quote its lines in
// the error (an AWS_SECRET_ACCESS_KEY line was printed). A document from
// elsewhere names an embedded ruleset, one of the user's, or a file in or
// below its folder; anything else ("..", an absolute path, a symbolic
// link out) is refused as bad input, naming the path alone.
func TestDocumentsNameNoRulesetOutsideTheirFolder(t *testing.T) {
	docs, secret := secretDocuments(t)
	for _, doc := range docs {
		commands := [][]string{{"verify", doc}, {"explain", doc}}
		if strings.Contains(filepath.Base(doc), "record") {
			commands = append(commands, []string{"analyse", doc}, []string{"export", doc})
		}
		for _, args := range commands {
			stdout, stderr := expect(t, exitUsage, args...)
			out := stdout + stderr
			if strings.Contains(out, secret) || strings.Contains(out, "AWS_") {
				t.Errorf("pref %s printed the secret file:\n%s", show(args), clip(out))
			}
			if !strings.Contains(out, "refused: not in or below") {
				t.Errorf("pref %s: %s", show(args), clip(out))
			}
		}
	}
}

// TestDocumentsNameRulesetsInTheirFolder: what a document may name still
// works: an embedded name, a file in or below its folder, a user's
// ruleset by name.
func TestDocumentsNameRulesetsInTheirFolder(t *testing.T) {
	dir := t.TempDir()
	src, _ := rulesets.Source("austrian-1829")
	if err := os.MkdirAll(filepath.Join(dir, "house"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "house", "kitchen.yaml"), src, 0o600); err != nil {
		t.Fatal(err)
	}
	users := t.TempDir()
	if err := os.WriteFile(filepath.Join(users, "parlour.yaml"), src, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PREF_RULESETS", users)
	cas := documentNaming(t, "../../conformance/austrian-1829/anton-diamonds.yaml", "austrian-1829")
	for i, name := range []string{"austrian-1829", "house/kitchen.yaml", "./house/../house/kitchen.yaml", "parlour"} {
		p := filepath.Join(dir, "case-"+string(rune('a'+i))+".yaml")
		if err := os.WriteFile(p, []byte(cas(name)), 0o600); err != nil {
			t.Fatal(err)
		}
		if stdout, _ := expect(t, exitOK, "verify", p); !strings.Contains(stdout, "1 passed, 0 failed") {
			t.Errorf("a case naming %s: %s", name, clip(stdout))
		}
	}
}
