package view

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"sort"
	"strings"

	"infocrawl/mine"
	"infocrawl/store"
)

// Handler serves the local UI over db:
//
//	/                 the clusters, with their pages counted by kind
//	/cluster?id=ID    a cluster's pages: URL, kind, title
//	/show?url=URL     the page with its blocks outlined (Page)
//
// Any other path is 404. db is only read.
func Handler(db *store.DB, opts Options) http.Handler {
	s := &server{db: db, opts: opts}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /cluster", s.cluster)
	mux.HandleFunc("GET /show", s.show)
	return s.guard(mux)
}

// guard refuses requests for another Host and sets the headers every
// answer carries: nothing may frame the UI, sniff a type, or learn the
// UI's address from a link's Referer.
func (s *server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
		if len(s.opts.Hosts) > 0 && !slices.Contains(s.opts.Hosts, strings.ToLower(r.Host)) {
			http.Error(w, fmt.Sprintf("view: this server answers for %s only", strings.Join(s.opts.Hosts, ", ")), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type server struct {
	db   *store.DB
	opts Options
}

// pageRow is the part of a stored result the lists show.
type pageRow struct {
	Key     string
	Cluster string
	Kind    mine.Kind
	Title   string
}

type clusterRow struct {
	ID                              string
	Pages                           int
	Article, TOC, ArticleTOC, Other int
}

// rows reads every stored result's list fields, in URL order.
func (s *server) rows() ([]pageRow, error) {
	var out []pageRow
	err := mine.EachHead(s.db, func(key string, h mine.Head) error {
		out = append(out, pageRow{Key: key, Cluster: string(h.Cluster), Kind: h.Kind, Title: h.Title})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("view: list results: %w", err)
	}
	return out, nil
}

func (s *server) index(w http.ResponseWriter, r *http.Request) {
	rows, err := s.rows()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	byID := map[string]*clusterRow{}
	for _, p := range rows {
		c := byID[p.Cluster]
		if c == nil {
			c = &clusterRow{ID: p.Cluster}
			byID[p.Cluster] = c
		}
		c.Pages++
		switch p.Kind {
		case mine.KindArticle:
			c.Article++
		case mine.KindTOC:
			c.TOC++
		case mine.KindArticleTOC:
			c.ArticleTOC++
		default:
			c.Other++
		}
	}
	clusters := make([]*clusterRow, 0, len(byID))
	for _, c := range byID {
		clusters = append(clusters, c)
	}
	sort.Slice(clusters, func(i, j int) bool {
		if clusters[i].Pages != clusters[j].Pages {
			return clusters[i].Pages > clusters[j].Pages
		}
		return clusters[i].ID < clusters[j].ID
	})
	pages, _, _, err := s.db.Counts()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.page(w, indexTmpl, map[string]any{"Clusters": clusters, "Mined": len(rows), "Stored": pages})
}

func (s *server) cluster(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	rows, err := s.rows()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var pages []pageRow
	for _, p := range rows {
		if p.Cluster == id {
			pages = append(pages, p)
		}
	}
	if len(pages) == 0 {
		http.Error(w, fmt.Sprintf("no cluster %q", id), http.StatusNotFound)
		return
	}
	s.page(w, clusterTmpl, map[string]any{"ID": id, "Pages": pages})
}

func (s *server) show(w http.ResponseWriter, r *http.Request) {
	u := r.URL.Query().Get("url")
	if u == "" {
		http.Error(w, "want /show?url=URL", http.StatusBadRequest)
		return
	}
	opts := s.opts
	if len(opts.Hosts) > 0 {
		opts.Home = "http://" + opts.Hosts[0] + "/"
	}
	nonce, err := NewNonce()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	opts.Nonce = nonce
	out, err := Page(s.db, u, opts)
	switch {
	case errors.Is(err, ErrNotStored), errors.Is(err, ErrNotMined):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", CSP(nonce)+"; frame-ancestors 'none'")
	w.Write(out)
}

// page executes a list template into a buffer first, so a template error
// is a 500, not half a page.
func (s *server) page(w http.ResponseWriter, t *template.Template, data any) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		http.Error(w, fmt.Sprintf("view: %v", err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}
