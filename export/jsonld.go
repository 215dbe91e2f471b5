package export

import (
	"encoding/json"
	"strings"
)

// scanJSONLD offers the datePublished and author of the article node of a
// JSON-LD script. Sites wrap it in many ways: a bare object, an array of
// objects, or an @graph where the author is a reference (@id) to a Person
// node elsewhere in the graph.
func scanJSONLD(data []byte, c *candidates) {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return
	}
	nodes := flattenNodes(v, nil)
	byID := map[string]map[string]any{}
	for _, n := range nodes {
		if id, ok := n["@id"].(string); ok {
			byID[id] = n
		}
	}
	art := articleNode(nodes)
	if art == nil {
		return
	}
	if s, ok := art["datePublished"].(string); ok {
		c.offerPublished(s, rankJSONLD)
	}
	c.offerAuthor(strings.Join(authorNames(art["author"], byID, 0), ", "), rankJSONLD)
}

// flattenNodes lists the objects of a JSON-LD document: top-level ones and
// those of @graph arrays.
func flattenNodes(v any, out []map[string]any) []map[string]any {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			out = flattenNodes(e, out)
		}
	case map[string]any:
		out = append(out, v)
		if g, ok := v["@graph"]; ok {
			out = flattenNodes(g, out)
		}
	}
	return out
}

// articleNode picks the node describing the article: one typed as an
// article, else the first that has a datePublished or an author.
func articleNode(nodes []map[string]any) map[string]any {
	for _, n := range nodes {
		if isArticleType(n["@type"]) {
			return n
		}
	}
	for _, n := range nodes {
		if _, ok := n["datePublished"]; ok {
			return n
		}
		if _, ok := n["author"]; ok {
			return n
		}
	}
	return nil
}

func isArticleType(t any) bool {
	switch t := t.(type) {
	case string:
		return strings.HasSuffix(t, "Article") || t == "BlogPosting" || t == "Report"
	case []any:
		for _, e := range t {
			if isArticleType(e) {
				return true
			}
		}
	}
	return false
}

// authorNames reads an author given as a string, an object with a name,
// a reference to a node of the graph, or an array of those.
func authorNames(v any, byID map[string]map[string]any, depth int) []string {
	if depth > 4 { // a reference cycle in a broken graph
		return nil
	}
	switch v := v.(type) {
	case string:
		if v = clean(v); v != "" {
			return []string{v}
		}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, authorNames(e, byID, depth+1)...)
		}
		return out
	case map[string]any:
		if names := authorNames(v["name"], byID, depth+1); len(names) > 0 {
			return names
		}
		// Yoast and others leave the name empty and point at a Person node.
		if id, ok := v["@id"].(string); ok {
			if n, ok := byID[id]; ok {
				return authorNames(n["name"], byID, depth+1)
			}
		}
	}
	return nil
}
