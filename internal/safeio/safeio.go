package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxFile is the largest ruleset, case or record pref reads: the embedded
// rulesets are under 20 KB, so 2 MiB leaves room for any hand-written file
// and refuses a runaway one at once instead of after seconds of parsing.
const MaxFile = 2 << 20

// ErrNotRegular is returned for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ReadFile reads path if it is a regular file of at most limit bytes.
// The path is checked before opening (opening a FIFO for reading blocks)
// and the open file again (a path swapped in between cannot slip a device
// through).
func ReadFile(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
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

func notRegular(path string, m fs.FileMode) error {
	kind := "a special file"
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "a device"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, kind)}
}

func tooLarge(path string, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("larger than %d bytes, the limit for a file pref reads", limit)}
}

// WriteFile writes data to path atomically: to a temporary file in the same
// directory, synced, then renamed over path. Without overwrite an existing
// path is an error (fs.ErrExist).
func WriteFile(path string, data []byte, perm fs.FileMode, overwrite bool) (err error) {
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return &fs.PathError{Op: "write", Path: path, Err: fs.ErrExist}
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
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
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
