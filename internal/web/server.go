package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/safeio"
)

// MaxBody is the most a request's body may hold: the CLI's bound on a file
// it reads (safeio.MaxFile), 2 MiB.
const MaxBody = safeio.MaxFile

// Server is pref serve's handler: the pages, the assets and the tables in
// play. Its zero value is not usable: New.
type Server struct {
	host    string // the Host a request must name: the address served
	tables  *store[*webTable]
	records *store[*refereed] // the game records opened at /referee
	courses courseCache       // the courses of /learn, built once per embedded ruleset
	// programs is pref serve's --bots: the computer players (outside
	// programs among them) given on the command line, which a page may
	// seat (bots=served) but never name; "" when none was given.
	programs string
	mux      *http.ServeMux
	closing  sync.WaitGroup // tables dropped and still ending their programs
	Log      *log.Logger    // where a request that failed inside is told; nil: nowhere
}

// New is the server for requests to addr (host:port, as bound).
func New(addr string) *Server {
	s := &Server{host: addr, tables: newStore[*webTable](maxTables, tableIdle), records: newStore[*refereed](refereeKept, refereeIdle)}
	s.tables.named = func(t *webTable, id string) { t.id = id }
	s.tables.dropped = func(t *webTable) { // not under a request's lock of the table: after it
		s.closing.Add(1)
		go func() {
			defer s.closing.Done()
			t.close()
		}()
	}
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.landing)
	m.HandleFunc("GET /play", s.play)
	m.HandleFunc("POST /play", s.act)
	m.HandleFunc("GET /rules", s.rules)
	m.HandleFunc("GET /author", s.author)
	m.HandleFunc("POST /author", s.authorPost)
	m.HandleFunc("POST /author/validate", s.authorValidate)
	m.HandleFunc("POST /author/parts", s.authorParts)
	m.HandleFunc("GET /learn", s.learn)
	m.HandleFunc("POST /learn/answer", s.answer)
	m.HandleFunc("GET /coached", s.coached)
	m.HandleFunc("POST /coached", s.coachAct)
	m.HandleFunc("GET /referee", s.referee)
	m.HandleFunc("POST /referee", s.refereeOpen)
	m.HandleFunc("GET /referee/ruling", s.refereeRuling)
	m.Handle("GET /assets/", assetHandler())
	s.mux = m
	return s
}

// Offer seats the computer players of spec (as pref play's --bots:
// simple, strong, exec:COMMAND or a list of them) at any table whose page
// asks for them (bots=served). Only the command line gives a command: a
// request names none.
func (s *Server) Offer(spec string) error {
	if err := app.CheckBots(spec); err != nil {
		return fmt.Errorf("--bots %v", err)
	}
	s.programs = spec
	return nil
}

// Close ends every table kept, and the outside programs seated at them.
func (s *Server) Close() {
	s.tables.clear()
	s.closing.Wait() // every table's programs ended before the server is gone
}

// ServeHTTP guards every request: the Host must be the address served, the
// body is bounded, and a panic inside becomes a plain 500 page.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if s.Log != nil {
				s.Log.Printf("pref serve: internal error on %s %s: %v", r.Method, r.URL.Path, v)
			}
			fail(w, http.StatusInternalServerError, "internal error in pref: please report it (the server's log has the details)")
		}
	}()
	if !s.hostAllowed(r.Host) {
		fail(w, http.StatusMisdirectedRequest, fmt.Sprintf("this server answers only requests for %s, not for %q", s.host, r.Host))
		return
	}
	if msg := s.crossSite(r); msg != "" {
		fail(w, http.StatusForbidden, msg)
		return
	}
	if r.ContentLength > MaxBody {
		fail(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request's body is %d bytes: at most %d (2 MiB)", r.ContentLength, MaxBody))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
	// same-origin, not no-referrer: under no-referrer a browser sends
	// "Origin: null" with a plain form's POST, which the cross-site check
	// refuses, so the page's own forms (without the script) would fail.
	w.Header().Set("Referrer-Policy", "same-origin")
	s.mux.ServeHTTP(w, r)
}

// hostAllowed reports whether a request's Host names the address served:
// a page of another site that a DNS name rebinds to 127.0.0.1 sends its
// own name, and is refused. "localhost" stands for a loopback address.
func (s *Server) hostAllowed(host string) bool {
	if strings.EqualFold(host, s.host) {
		return true
	}
	h, port, err := net.SplitHostPort(host)
	sh, sport, err2 := net.SplitHostPort(s.host)
	if err != nil || err2 != nil || port != sport {
		return false
	}
	ip := net.ParseIP(sh)
	return strings.EqualFold(h, "localhost") && ip != nil && ip.IsLoopback()
}

// crossSite is why a request another site's page made is refused, or "":
// a form posted from elsewhere (its Origin not this server's), or a
// request a page of another site makes without the person following a link
// (an image, a script, a fetch: Sec-Fetch-Site cross-site, not a
// navigation), which could start tables by the dozen and push the
// person's own out.
func (s *Server) crossSite(r *http.Request) string {
	if o := r.Header.Get("Origin"); r.Method != http.MethodGet && r.Method != http.MethodHead && o != "" && !s.hostAllowed(strings.TrimPrefix(o, "http://")) {
		return fmt.Sprintf("a form from %s is not taken: only this server's own pages post here", o)
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" && r.Header.Get("Sec-Fetch-Mode") != "navigate" {
		return "a request from another site's page is not taken"
	}
	return ""
}

// fail writes a plain-text error: the message alone, never a stack trace.
func fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	fmt.Fprintf(w, "pref: %s\n", msg)
}

// Options are pref serve's command line beyond its address.
type Options struct {
	Bots string // --bots: the computer players a table may seat (Server.Offer); "" for none
}

// Serve listens on addr and serves until ctx ends; ready is told the
// address bound (with a port chosen when addr asks for port 0). Only a
// loopback address is served: the tables have no password, and would be
// anybody's who can reach the port.
func Serve(ctx context.Context, addr string, o Options, logw io.Writer, ready func(url string)) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %s: want host:port, such as 127.0.0.1:8080", addr)
	}
	if ip := net.ParseIP(host); ip == nil && !strings.EqualFold(host, "localhost") || ip != nil && !ip.IsLoopback() {
		return fmt.Errorf("--addr %s: not a loopback address; pref serve binds 127.0.0.1 or ::1 (its tables have no password)", addr)
	}
	s := New(addr)
	if o.Bots != "" {
		if err := s.Offer(o.Bots); err != nil { // refused before anything is bound
			return err
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %v", addr, err)
	}
	bound := ln.Addr().String()
	s.host = bound // the port chosen, when addr asked for port 0
	defer s.Close()
	s.Log = log.New(logw, "", log.LstdFlags)
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: time.Minute, MaxHeaderBytes: 64 << 10, ErrorLog: s.Log}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if ready != nil {
		ready("http://" + bound + "/")
	}
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// OpenBrowser asks the desktop to open url; an error when it cannot.
func OpenBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	return cmd.Start()
}
