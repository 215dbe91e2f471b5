package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/s2"
)

// A page record is a codec version byte, the uvarint length of the JSON
// metadata, the metadata, and the body compressed by the version's codec.
// The metadata comes first so that stats read it without decompressing.
//
// Version 1 compressed bodies with DEFLATE (compress/flate, BestSpeed),
// which cost a crawl more CPU than finding the page's links; version 2
// uses S2 (klauspost/compress/s2, block format), several times faster both
// ways for bodies about a quarter larger. A store may hold records of both
// versions: stores written before version 2 are read as they are.
const (
	codecFlate = 1
	codecS2    = 2

	pageCodecVersion = codecS2 // the version encodePage writes
)

// s2Buffers holds scratch space for compressed bodies, which are copied
// into the record once their size, part of the metadata, is known.
var s2Buffers = sync.Pool{New: func() any { return new([]byte) }}

// encodePage lays p out as a page record of the current codec version and
// sets p.RawSize and p.StoredSize.
func encodePage(p *Page) ([]byte, error) {
	n := s2.MaxEncodedLen(len(p.Body))
	if n < 0 {
		return nil, fmt.Errorf("page body of %d bytes is too large to compress", len(p.Body))
	}
	buf := s2Buffers.Get().(*[]byte)
	defer s2Buffers.Put(buf)
	if cap(*buf) < n {
		*buf = make([]byte, n)
	}
	body := s2.Encode((*buf)[:cap(*buf)], p.Body)
	p.RawSize = len(p.Body)
	p.StoredSize = len(body)
	meta, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, 1+binary.MaxVarintLen64+len(meta)+len(body))
	out = append(out, pageCodecVersion)
	out = binary.AppendUvarint(out, uint64(len(meta)))
	out = append(out, meta...)
	return append(out, body...), nil
}

// splitRecord returns a page record's codec version, metadata and
// compressed body.
func splitRecord(b []byte) (version byte, meta, body []byte, err error) {
	if len(b) == 0 || (b[0] != codecFlate && b[0] != codecS2) {
		return 0, nil, nil, errors.New("page record: unknown codec version")
	}
	n, k := binary.Uvarint(b[1:])
	if k <= 0 || n > uint64(len(b)-1-k) {
		return 0, nil, nil, errors.New("page record: bad metadata length")
	}
	end := 1 + k + int(n)
	return b[0], b[1+k : end], b[end:], nil
}

// decodePage reverses encodePage, for records of every codec version;
// with withBody false it leaves the body compressed.
func decodePage(b []byte, withBody bool) (*Page, error) {
	version, meta, body, err := splitRecord(b)
	if err != nil {
		return nil, err
	}
	p := &Page{}
	if err := json.Unmarshal(meta, p); err != nil {
		return nil, fmt.Errorf("page record: %w", err)
	}
	if !withBody {
		return p, nil
	}
	if p.Body, err = decompress(version, body, p.RawSize); err != nil {
		return nil, fmt.Errorf("page record: body: %w", err)
	}
	return p, nil
}

// decompress returns the body of a record of the codec version, which
// must be size bytes long.
func decompress(version byte, body []byte, size int) ([]byte, error) {
	if version == codecFlate {
		out, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(body)), int64(size)+1))
		if err != nil {
			return nil, err
		}
		if len(out) != size {
			return nil, fmt.Errorf("%d bytes, want %d", len(out), size)
		}
		return out, nil
	}
	// Checked before allocating: a damaged header could claim gigabytes.
	n, err := s2.DecodedLen(body)
	if err != nil {
		return nil, err
	}
	if n != size {
		return nil, fmt.Errorf("%d bytes, want %d", n, size)
	}
	return s2.Decode(make([]byte, n), body)
}

// sameBody reports whether two page records hold the same body. Equal
// compressed bytes under one codec are equal bodies; otherwise the bodies
// are compared decompressed, since one body has other encodings under the
// other codec or another release of the compressor. A record that cannot
// be read holds no body equal to anything.
func sameBody(a, b []byte) bool {
	va, _, ba, errA := splitRecord(a)
	vb, _, bb, errB := splitRecord(b)
	if errA != nil || errB != nil {
		return false
	}
	if va == vb && bytes.Equal(ba, bb) {
		return true
	}
	pa, errA := decodePage(a, true)
	pb, errB := decodePage(b, true)
	return errA == nil && errB == nil && bytes.Equal(pa.Body, pb.Body)
}
