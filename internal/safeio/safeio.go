package safeio

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// MaxFile is the largest ruleset, case or record pref reads: the embedded
// rulesets are under 20 KB, so 2 MiB leaves room for any hand-written file
// and refuses a runaway one at once instead of after seconds of parsing.
const MaxFile = 2 << 20

// ErrNotRegular is returned for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ReadFile reads path if it is a regular file of at most limit bytes.
// The path is checked before opening, so that a device is not even opened
// in the common case, and the open file again: a path swapped in between
// cannot slip a device or a named pipe through.
func ReadFile(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular("read", path, st.Mode())
	}
	f, err := openRegular(path, func(flag int) (*os.File, error) { return os.OpenFile(path, flag, 0) })
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, path, limit)
}

// ReadFileIn reads name, a path inside dir, as ReadFile does, but through
// dir alone: neither ".." nor a symbolic link leads out of it (os.Root), so
// what a document names beside itself cannot reach another file, even one
// swapped in while it is read. shown names the file in errors.
func ReadFileIn(dir, name, shown string, limit int64) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	st, err := root.Stat(name)
	if err != nil {
		return nil, renamed(err, "stat", shown)
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular("read", shown, st.Mode())
	}
	f, err := openRegular(shown, func(flag int) (*os.File, error) { return root.OpenFile(name, flag, 0) })
	if err != nil {
		return nil, renamed(err, "open", shown)
	}
	defer f.Close()
	return readLimited(f, shown, limit)
}

// renamed names shown instead of the path relative to a root in a path
// error, and op instead of the root's own (statat, openat), so that
// messages read as ReadFile's do.
func renamed(err error, op, shown string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: op, Path: shown, Err: pe.Err}
	}
	return err
}

// openRegular opens a file for reading without blocking and keeps it only
// if what was opened is a regular file. Opening a named pipe for reading
// waits for a writer, possibly forever: a pipe swapped in for the file
// after it was checked must neither hang the open (O_NONBLOCK) nor be read
// (fstat of what was opened). For a regular file O_NONBLOCK changes
// nothing, so the file is read as it is.
func openRegular(path string, open func(flag int) (*os.File, error)) (*os.File, error) {
	f, err := open(os.O_RDONLY | syscall.O_NONBLOCK)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, notRegular("read", path, st.Mode())
	}
	return f, nil
}

func readLimited(f *os.File, path string, limit int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit { // grew while we read
		return nil, tooLarge(path, limit)
	}
	return data, nil
}

// kind names what a file that is not a regular file is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

func notRegular(op, path string, m fs.FileMode) error {
	return &fs.PathError{Op: op, Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, kind(m))}
}

func tooLarge(path string, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("larger than %d bytes, the limit for a file pref reads", limit)}
}

// refusal is the error for a write over what is not a regular file.
type refusal struct{ path, kind string }

func (r *refusal) Error() string {
	return fmt.Sprintf("refusing to replace %s: it is %s, not a regular file", r.path, r.kind)
}

func (r *refusal) Is(target error) bool { return target == ErrNotRegular }

// CheckTarget tells whether WriteFile may write path, without writing:
// nil when nothing is there or, with overwrite, a regular file is; an
// error naming what is there otherwise. Nothing but a regular file is ever
// replaced: not a symbolic link (whatever it points to), a directory, a
// device, a named pipe or a socket, with or without overwrite. Commands
// call it before the work whose result they write, so that a session is
// not played for nothing.
func CheckTarget(path string, overwrite bool) error {
	_, exists, err := target(path, overwrite)
	if err != nil || exists {
		return err
	}
	// a new file: its folder must be there for the temporary file
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("%s is not a directory", dir)}
	}
	return nil
}

// target checks path as CheckTarget does and returns the mode bits of the
// regular file it replaces (exists is false when there is none).
func target(path string, overwrite bool) (mode fs.FileMode, exists bool, err error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	if !st.Mode().IsRegular() {
		return 0, true, &refusal{path, kind(st.Mode())}
	}
	if !overwrite {
		return 0, true, &fs.PathError{Op: "write", Path: path, Err: fs.ErrExist}
	}
	return st.Mode().Perm(), true, nil
}

// WriteFile writes data to path atomically: to a temporary file in the same
// directory, synced, then renamed over path. Without overwrite an existing
// path is an error (fs.ErrExist); with it, only a regular file is replaced
// (CheckTarget). A new file has perm less the umask, as os.WriteFile gives
// it; a replaced file keeps its mode, so that --force over a private file
// does not make it readable by all.
func WriteFile(path string, data []byte, perm fs.FileMode, overwrite bool) (err error) {
	mode, exists, err := target(path, overwrite)
	if err != nil {
		return err
	}
	// The temporary file is created with perm, which the kernel narrows by
	// the umask, or private when it replaces a file whose mode is set below.
	createPerm := perm
	if exists {
		createPerm = 0o600
	}
	tmp, err := createTemp(path, createPerm)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if exists {
		if err = tmp.Chmod(mode); err != nil {
			return err
		}
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	// Checked again at the last moment: what was a regular file or nothing
	// when the write began may have been replaced meanwhile.
	if _, _, err = target(path, overwrite); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// createTemp creates a new file beside path, named after it, with perm
// (less the umask). os.CreateTemp would always give 0600.
func createTemp(path string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	var random [6]byte
	for range 100 {
		if _, err := rand.Read(random[:]); err != nil {
			return nil, err
		}
		name := filepath.Join(dir, "."+base+"."+hex.EncodeToString(random[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, "."+base+".*.tmp"), Err: fs.ErrExist}
}
