// Package export writes a store out for other tools: the mined pages as
// JSONL, Markdown or plain text, and the stored responses as WARC 1.1.
//
// # Basics
//
// [Write] streams: it walks the store's mining results (or, for WARC, its
// pages) one at a time inside a read transaction, decodes that one
// result, reads that one page, and writes it through a buffered writer.
// Memory stays flat however large the store; the output can be a pipe.
//
//	sum, err := export.Write(ctx, w, db, export.Options{Kind: export.TOCs, Format: export.JSONL})
//
// [Options.Kind] selects pages by their mined kind: [Articles] (article and
// article+toc), [TOCs] (toc and article+toc) or [All]. A store that was
// never mined gives [ErrNotMined] for every format but WARC.
//
// Each JSONL line is a [Record]. Its published and author fields come
// from the page itself (meta tags, JSON-LD, microdata, a <time> in the
// article) and are left out when the page does not say. Its comments
// are the reader comments mining stored with the result: the export
// copies them and parses nothing for them.
//
// # Caveats
//
// The store keeps bodies decompressed and decoded to UTF-8, not the bytes
// received. The WARC response records therefore hold that body, with the
// header adjusted to match it (no Content-Encoding or Transfer-Encoding,
// the body's Content-Length, charset=utf-8 if it was converted); a
// <meta charset> inside the HTML may still name the original encoding.
// Their payload digests are of this body, not of what the server sent.
package export
