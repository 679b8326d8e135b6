package safeio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFileRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, p := range []string{fifo, "/dev/zero", dir} {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(p, MaxFile); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("ReadFile(%s) = %v, want ErrNotRegular", p, err)
			}
		case <-time.After(time.Second):
			t.Fatalf("ReadFile(%s) blocked", p)
		}
	}
}

func TestReadFileLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(p, []byte(strings.Repeat("x", 101)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(p, 100); err == nil || !strings.Contains(err.Error(), "larger than 100 bytes") {
		t.Errorf("over the limit: %v", err)
	}
	if data, err := ReadFile(p, 101); err != nil || len(data) != 101 {
		t.Errorf("at the limit: %d bytes, %v", len(data), err)
	}
}

func TestWriteFileAtomicAndNoOverwrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.yaml")
	if err := WriteFile(p, []byte("one"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("two"), 0o644, false); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second write without overwrite: %v, want ErrExist", err)
	}
	if err := WriteFile(p, []byte("three"), 0o644, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "three" {
		t.Errorf("content %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := WriteFile(filepath.Join(dir, "nosuchdir", "x"), nil, 0o644, false); err == nil {
		t.Error("write into a missing directory succeeded")
	}
}
