package web

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// The tables in play are kept in memory, each under an id no other page
// can guess, at most maxTables of them; one left alone for tableIdle is
// dropped, and the oldest goes when a new one needs room.
const (
	maxTables = 64
	tableIdle = 2 * time.Hour
)

// store keeps what a page goes on with (a table in play, a record being
// refereed) under ids no other page can guess: at most max of them, one
// left alone for idle dropped, the one left alone longest dropped when a
// new one needs room.
type store[T any] struct {
	mu   sync.Mutex
	max  int
	idle time.Duration
	kept map[string]*keptValue[T]
	now  func() time.Time
	// named is told the id a value is kept under (the page links to it);
	// dropped is told of each value dropped (its outside programs end),
	// after the store's lock is let go. Either may be nil.
	named   func(v T, id string)
	dropped func(v T)
}

type keptValue[T any] struct {
	v    T
	used time.Time
}

func newStore[T any](max int, idle time.Duration) *store[T] {
	return &store[T]{max: max, idle: idle, kept: map[string]*keptValue[T]{}, now: time.Now}
}

// add keeps v under a new id and returns the id.
func (s *store[T]) add(v T) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	s.mu.Lock()
	gone := s.expire()
	if len(s.kept) >= s.max {
		oldest := ""
		for k, e := range s.kept {
			if oldest == "" || e.used.Before(s.kept[oldest].used) {
				oldest = k
			}
		}
		gone = append(gone, s.kept[oldest].v)
		delete(s.kept, oldest)
	}
	if s.named != nil {
		s.named(v, id)
	}
	s.kept[id] = &keptValue[T]{v: v, used: s.now()}
	s.mu.Unlock()
	s.drop(gone)
	return id
}

// get is the value kept under id, marked as used now; the zero value (nil)
// when there is none.
func (s *store[T]) get(id string) T {
	s.mu.Lock()
	gone := s.expire()
	var v T
	if e := s.kept[id]; e != nil {
		e.used, v = s.now(), e.v
	}
	s.mu.Unlock()
	s.drop(gone)
	return v
}

// expire drops the values left alone too long, and returns them.
func (s *store[T]) expire() []T {
	var gone []T
	for k, e := range s.kept {
		if s.now().Sub(e.used) > s.idle {
			gone = append(gone, e.v)
			delete(s.kept, k)
		}
	}
	return gone
}

// drop tells dropped of each value gone.
func (s *store[T]) drop(gone []T) {
	if s.dropped == nil {
		return
	}
	for _, v := range gone {
		s.dropped(v)
	}
}

// clear drops every value kept (the server is stopping).
func (s *store[T]) clear() {
	s.mu.Lock()
	var gone []T
	for k, e := range s.kept {
		gone = append(gone, e.v)
		delete(s.kept, k)
	}
	s.mu.Unlock()
	s.drop(gone)
}

// size is the number of values kept.
func (s *store[T]) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.kept)
}
