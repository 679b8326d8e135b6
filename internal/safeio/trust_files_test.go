package safeio

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// special makes one file of each kind that is not a regular file in dir,
// by the name of its kind; those the system does not allow are left out.
func special(t *testing.T, dir string) map[string]string {
	t.Helper()
	made := map[string]string{}
	if p := filepath.Join(dir, "fifo"); syscall.Mkfifo(p, 0o600) == nil {
		made["a named pipe"] = p
	}
	// A device made here, not /dev/null: were the check missing, a test
	// run as root must not replace the machine's own device.
	if p := filepath.Join(dir, "null"); syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3) == nil {
		made["a device"] = p
	}
	if p := filepath.Join(dir, "sock"); true {
		if l, err := net.Listen("unix", p); err == nil {
			t.Cleanup(func() { l.Close() })
			made["a socket"] = p
		}
	}
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	if p := filepath.Join(dir, "link"); os.Symlink(victim, p) == nil {
		made["a symbolic link"] = p
	}
	if p := filepath.Join(dir, "dir"); os.Mkdir(p, 0o700) == nil {
		made["a directory"] = p
	}
	return made
}

// TestWriteFileRefusesToReplaceWhatIsNotARegularFile: pref play --record
// /dev/null --force, run as root, turned /dev/null into a regular file.
// Only a regular file is ever replaced, with or without overwrite, and the
// refusal names what is there; the thing itself is left as it was.
func TestWriteFileRefusesToReplaceWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	made := special(t, dir)
	if len(made) < 3 {
		t.Fatalf("only %v could be made", made)
	}
	for what, p := range made {
		before, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, overwrite := range []bool{true, false} {
			err := WriteFile(p, []byte("replaced"), 0o644, overwrite)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "refusing to replace "+p+": it is "+what+", not a regular file") {
				t.Errorf("WriteFile over %s (overwrite %v): %v", what, overwrite, err)
			}
			if err := CheckTarget(p, overwrite); !errors.Is(err, ErrNotRegular) {
				t.Errorf("CheckTarget(%s, %v) = %v", what, overwrite, err)
			}
		}
		after, err := os.Lstat(p)
		if err != nil || after.Mode().Type() != before.Mode().Type() {
			t.Errorf("%s was replaced: now %v (%v)", what, after.Mode(), err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "victim")); string(b) != "keep" {
		t.Errorf("the symbolic link's target was written: %q", b)
	}
	assertNoTemporaryFiles(t, dir)
}

// TestWriteFileRespectsTheUmask: a new file was always 0644, whatever the
// umask; it gets perm less the umask, as os.WriteFile gives.
func TestWriteFileRespectsTheUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	p := filepath.Join(t.TempDir(), "game.yaml")
	if err := WriteFile(p, []byte("x"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("new file under umask 077: %v (%v), want -rw-------", st.Mode(), err)
	}
	syscall.Umask(0o022)
	q := filepath.Join(filepath.Dir(p), "schema.json")
	if err := WriteFile(q, []byte("x"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(q); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("new file under umask 022: %v (%v), want -rw-r--r--", st.Mode(), err)
	}
}

// TestWriteFileKeepsTheModeOfTheFileItReplaces: --force over a 0600 file
// made it 0644, readable by all.
func TestWriteFileKeepsTheModeOfTheFileItReplaces(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []fs.FileMode{0o600, 0o640, 0o664} {
		p := filepath.Join(dir, "game.yaml")
		if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(p, []byte("new"), 0o644, true); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(p)
		if err != nil || st.Mode().Perm() != mode {
			t.Errorf("replacing a %v file: now %v (%v)", mode, st.Mode(), err)
		}
		if b, _ := os.ReadFile(p); string(b) != "new" {
			t.Errorf("content %q", b)
		}
	}
	assertNoTemporaryFiles(t, dir)
}

func assertNoTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// TestOpenRegularDoesNotBlockOnANamedPipe: the step after the path was
// checked, given a named pipe (as if swapped in after the check), returns
// at once with ErrNotRegular instead of waiting for a writer.
func TestOpenRegularDoesNotBlockOnANamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := openRegular(fifo, func(flag int) (*os.File, error) { return os.OpenFile(fifo, flag, 0) })
		if f != nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "it is a named pipe") {
			t.Errorf("openRegular(fifo) = %v, want ErrNotRegular naming a named pipe", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("openRegular(fifo) blocked")
	}
}

// TestReadFileSurvivesANamedPipeSwappedIn: pref validate hung in 11 of 150
// runs while a named pipe was swapped in between the check of the path and
// its opening. Here the path is swapped between a regular file and a pipe
// as fast as can be while it is read over and over: every read must end.
func TestReadFileSurvivesANamedPipeSwappedIn(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "case.yaml")
	if err := syscall.Mkfifo(filepath.Join(dir, "probe"), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	var stop atomic.Bool
	swapped := make(chan struct{})
	go func() {
		defer close(swapped)
		for !stop.Load() {
			os.Remove(p)
			os.WriteFile(p, []byte("x"), 0o600)
			os.Remove(p)
			syscall.Mkfifo(p, 0o600)
		}
	}()
	done := make(chan int, 1)
	go func() {
		reads := 0
		for start := time.Now(); time.Since(start) < 1500*time.Millisecond; reads++ {
			ReadFile(p, MaxFile)
		}
		done <- reads
	}()
	select {
	case n := <-done:
		stop.Store(true)
		<-swapped
		t.Logf("%d reads ended", n)
	case <-time.After(10 * time.Second):
		stop.Store(true)
		<-swapped
		// Release the reader blocked in open: a writer on the pipe.
		if w, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("ReadFile blocked on a named pipe swapped in after its check")
	}
}

// TestReadFileInStaysInItsFolder: a name that leads out of the folder, by
// ".." or through a symbolic link, is not read.
func TestReadFileInStaysInItsFolder(t *testing.T) {
	top := t.TempDir()
	secret := filepath.Join(top, "secret.txt")
	if err := os.WriteFile(secret, []byte("AWS_SECRET_ACCESS_KEY: x"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, "cases")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "house.yaml"), []byte("ok"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFileIn(dir, "sub/house.yaml", "cases/sub/house.yaml", MaxFile); err != nil || string(data) != "ok" {
		t.Errorf("a file below the folder: %q, %v", data, err)
	}
	for _, name := range []string{"../secret.txt", "link.yaml", "sub/../../secret.txt"} {
		data, err := ReadFileIn(dir, name, name, MaxFile)
		if err == nil || len(data) > 0 {
			t.Errorf("ReadFileIn(%s) = %q, %v: read outside the folder", name, data, err)
		}
	}
	if _, err := ReadFileIn(dir, "missing.yaml", "cases/missing.yaml", MaxFile); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "stat cases/missing.yaml") {
		t.Errorf("a missing file: %v", err)
	}
}
