package web

import (
	"slices"
	"testing"
	"time"
)

// One store keeps the tables and the records refereed: bounded, dropped
// when left alone, each value told of its id and, when dropped (full,
// expired or the server stopping), the store's owner told so (a table's
// outside programs end then).
func TestStoreNamesAndTellsWhatItDrops(t *testing.T) {
	st := newStore[*refereed](2, time.Hour)
	now := time.Unix(1000, 0)
	st.now = func() time.Time { return now }
	var dropped []*refereed
	named := map[*refereed]string{}
	st.named = func(v *refereed, id string) { named[v] = id }
	st.dropped = func(v *refereed) { dropped = append(dropped, v) }
	a, b, c := &refereed{}, &refereed{}, &refereed{}
	ida := st.add(a)
	now = now.Add(time.Second)
	st.add(b)
	now = now.Add(time.Second)
	st.get(ida) // a is used again: b is now the one left alone longest
	now = now.Add(time.Second)
	st.add(c)
	if named[a] != ida || len(ida) != 32 || !slices.Equal(dropped, []*refereed{b}) || st.get(ida) != a {
		t.Fatalf("full: dropped %v (want b), a named %q", dropped, named[a])
	}
	now = now.Add(2 * time.Hour)
	if st.get(ida) != nil || len(dropped) != 3 {
		t.Errorf("expired: %d dropped, want all 3 told", len(dropped))
	}
	st.add(a)
	st.clear()
	if st.size() != 0 || len(dropped) != 4 {
		t.Errorf("cleared: %d kept, %d told", st.size(), len(dropped))
	}
}
