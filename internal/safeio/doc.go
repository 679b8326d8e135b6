// Package safeio reads and writes the files pref is given with the limits
// that keep hostile input harmless: only regular files are read (a FIFO
// would block, /dev/zero would never end), opened without blocking and
// checked again once open, never more than a limit, and files are written
// atomically (a temporary file renamed into place), so a crash never
// leaves half a file; nothing but a regular file is ever replaced, a new
// file's mode respects the umask and a replaced file keeps its mode.
package safeio
