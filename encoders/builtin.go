package encoders

import (
	"context"
	"fmt"
	"math"
	"slices"
	"unicode"
	"unicode/utf8"
)

// DefaultDim is the dimension of the builtin encoder's vectors.
const DefaultDim = 1024

// Feature weights of the builtin encoder, before IDF and sublinear term
// frequency. Words carry the meaning; word pairs keep some order ("number of
// edges" against "number of nodes"); character n-grams match inflections and
// compounds ("vertices"/"vertex", "acyclic"/"cycle") at a lower weight since a
// word yields many of them.
const (
	wordWeight   = 1.0
	bigramWeight = 0.5
	charWeight   = 0.1
	minGram      = 3
	maxGram      = 4
)

// Hash seeds per feature kind, so a word and a character n-gram with the
// same bytes land in different buckets.
const (
	seedWord uint64 = 0x9e3779b97f4a7c15
	seedChar uint64 = 0xc2b2ae3d27d4eb4f
	seedPair uint64 = 0x165667b19e3779f9
)

// Builtin is the default text encoder: no network and no model files. A text
// is cut into lower-cased letter words (digits and punctuation separate
// words and are dropped, so node IDs carry no weight); common English stop
// words are skipped. Features are light-stemmed words (graph synonyms
// mapped to one word), pairs of consecutive content words and character 3- and
// 4-grams of each word. Each feature is
// hashed (FNV-1a over its bytes, then a finaliser) to one of Dim buckets with
// a sign taken from the hash, weighted by (1 + ln tf) times its inverse
// document frequency over the fitted corpus, and the vector is scaled to unit
// length. Unless built WithoutCleaning, texts first go through
// StripGraphText, so edge lists and file paths in questions do not swamp the
// words.
//
// A Builtin is immutable and safe for concurrent use. The same text always
// gives the same vector for the same fitted corpus.
type Builtin struct {
	dim    int
	clean  bool
	idf    map[uint64]float32 // feature hash -> IDF; nil when not fitted
	defIDF float32            // IDF of a feature unseen in the corpus
	docs   int
	print  uint64 // fingerprint of the fitted corpus
}

// BuiltinOption configures NewBuiltin.
type BuiltinOption func(*Builtin)

// WithDim sets the vector dimension; values below 16 are raised to 16.
func WithDim(d int) BuiltinOption {
	return func(b *Builtin) { b.dim = max(d, 16) }
}

// WithoutCleaning makes the encoder read texts as they are, without
// StripGraphText.
func WithoutCleaning() BuiltinOption {
	return func(b *Builtin) { b.clean = false }
}

// NewBuiltin returns a builtin encoder whose inverse document frequencies are
// fitted on corpus (the texts it will index). With an empty corpus every
// feature has weight 1.
func NewBuiltin(corpus []string, opts ...BuiltinOption) *Builtin {
	b := &Builtin{dim: DefaultDim, clean: true}
	for _, o := range opts {
		o(b)
	}
	b.fit(corpus, false)
	return b
}

// Fit returns a copy of the encoder with its inverse document frequencies
// fitted on corpus.
func (b *Builtin) Fit(corpus []string) Encoder {
	c := &Builtin{dim: b.dim, clean: b.clean}
	c.fit(corpus, false)
	return c
}

// FitEncode returns a copy of the encoder fitted on corpus and the vectors
// of corpus, reading each text once.
func (b *Builtin) FitEncode(ctx context.Context, corpus []string) (Encoder, [][]float32, error) {
	c := &Builtin{dim: b.dim, clean: b.clean}
	feats := c.fit(corpus, true)
	out := make([][]float32, len(corpus))
	backing := make([]float32, len(corpus)*c.dim)
	for i, fs := range feats {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, fmt.Errorf("builtin encoder: %w", err)
			}
		}
		out[i] = backing[i*c.dim : (i+1)*c.dim : (i+1)*c.dim]
		c.vectorize(fs, out[i])
	}
	return c, out, nil
}

// fit computes the IDF of corpus; with keep it also returns each text's
// sorted features.
func (b *Builtin) fit(corpus []string, keep bool) [][]uint64 {
	b.idf, b.docs, b.print, b.defIDF = nil, 0, 0, 1
	var kept [][]uint64
	if keep {
		kept = make([][]uint64, len(corpus))
	}
	if len(corpus) == 0 {
		return kept
	}
	df := make(map[uint64]int32)
	var f featurizer
	print := fnvOffset
	for t, text := range corpus {
		print = fnvString(print, text)
		print = fnvByte(print, 0)
		f.text(b.prepare(text))
		hs := f.feats
		slices.Sort(hs)
		for i := range hs {
			if i == 0 || hs[i] != hs[i-1] {
				df[hs[i]]++
			}
		}
		if keep {
			kept[t] = slices.Clone(hs)
		}
	}
	n := float64(len(corpus))
	b.idf = make(map[uint64]float32, len(df))
	for h, d := range df {
		b.idf[h] = float32(math.Log((1+n)/(1+float64(d))) + 1)
	}
	b.defIDF = float32(math.Log(1+n) + 1)
	b.docs = len(corpus)
	b.print = print
	return kept
}

func (b *Builtin) prepare(text string) string {
	if b.clean {
		return CleanQuestion(text)
	}
	return text
}

// Dim is the vector dimension.
func (b *Builtin) Dim() int { return b.dim }

// Name identifies the encoder, its dimension and its fitted corpus.
func (b *Builtin) Name() string {
	if b.idf == nil {
		return fmt.Sprintf("builtin-v1-d%d", b.dim)
	}
	return fmt.Sprintf("builtin-v1-d%d-idf%d-%08x", b.dim, b.docs, uint32(b.print^b.print>>32))
}

// Encode returns the unit vector of each text (the zero vector for a text
// with no words). It fails only when ctx is done.
func (b *Builtin) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	backing := make([]float32, len(texts)*b.dim)
	var f featurizer
	for i, t := range texts {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("builtin encoder: %w", err)
			}
		}
		v := backing[i*b.dim : (i+1)*b.dim : (i+1)*b.dim]
		b.encode(&f, t, v)
		out[i] = v
	}
	return out, nil
}

// EncodeOne returns the unit vector of one text.
func (b *Builtin) EncodeOne(text string) []float32 {
	v := make([]float32, b.dim)
	var f featurizer
	b.encode(&f, text, v)
	return v
}

func (b *Builtin) encode(f *featurizer, text string, v []float32) {
	f.text(b.prepare(text))
	slices.Sort(f.feats)
	b.vectorize(f.feats, v)
}

// vectorize adds the sorted features fs into v and scales v to unit length.
func (b *Builtin) vectorize(fs []uint64, v []float32) {
	dim := uint64(len(v))
	for i := 0; i < len(fs); {
		j := i + 1
		for j < len(fs) && fs[j] == fs[i] {
			j++
		}
		h := fs[i]
		w := kindWeight(h) * b.idfOf(h)
		if j-i > 1 {
			w *= float32(1 + math.Log(float64(j-i)))
		}
		m := fmix64(h)
		if m>>63 == 1 {
			w = -w
		}
		v[m%dim] += w
		i = j
	}
	Normalize(v) // finite weights: cannot fail
}

func (b *Builtin) idfOf(h uint64) float32 {
	if b.idf == nil {
		return 1
	}
	if w, ok := b.idf[h]; ok {
		return w
	}
	return b.defIDF
}

// A feature is a 64-bit hash whose low two bits give its kind, so that
// features sort as plain integers.
const (
	kindWord uint64 = iota
	kindChar
	kindPair
	kindMask uint64 = 3
)

func withKind(h, kind uint64) uint64 { return h&^kindMask | kind }

func kindWeight(h uint64) float32 {
	switch h & kindMask {
	case kindChar:
		return charWeight
	case kindPair:
		return bigramWeight
	}
	return wordWeight
}

// featurizer cuts text into features, reusing its buffers across texts so
// that no allocation happens per word.
type featurizer struct {
	word  []byte // current word, lower case
	gram  []byte // "<word>"
	prev  uint64 // hash of the previous content word, 0 at a break
	feats []uint64
}

func (f *featurizer) text(s string) {
	f.feats = f.feats[:0]
	f.word = f.word[:0]
	f.prev = 0
	nums, inNum := 0, false
	for _, r := range s {
		if r >= '0' && r <= '9' {
			if !inNum && len(f.word) == 0 {
				nums++
			}
			inNum = true
		} else {
			inNum = false
		}
		if unicode.IsLetter(r) {
			r = unicode.ToLower(r)
			if r < utf8.RuneSelf {
				f.word = append(f.word, byte(r))
			} else {
				f.word = utf8.AppendRune(f.word, r)
			}
			continue
		}
		f.flush()
		if breaksPhrase(r) {
			f.prev = 0
		}
	}
	f.flush()
	// How many numbers the text names (0, 1, 2 or more): questions about
	// one node, two nodes or the whole graph ask for different tools.
	if len(f.feats) > 0 { // a text without words stays the zero vector
		f.feats = append(f.feats, withKind(fnvString(fnvOffset^seedWord, arityWord(nums)), kindWord))
	}
}

// arityWord is the pseudo-word of the number-count feature.
func arityWord(n int) string {
	switch n {
	case 0:
		return "#numbers=0"
	case 1:
		return "#numbers=1"
	case 2:
		return "#numbers=2"
	}
	return "#numbers=3+"
}

// breaksPhrase reports whether r ends a run of words that may form pairs:
// sentence and clause punctuation does, spaces, hyphens, underscores,
// apostrophes and digits do not.
func breaksPhrase(r rune) bool {
	switch r {
	case '.', ',', ';', ':', '!', '?', '(', ')', '[', ']', '{', '}', '"', '\n':
		return true
	}
	return false
}

func (f *featurizer) flush() {
	w := f.word
	if len(w) < 2 || isStopWord(w) {
		f.word = w[:0]
		return
	}
	// Character n-grams of "<word>".
	f.gram = append(f.gram[:0], '<')
	f.gram = append(f.gram, w...)
	f.gram = append(f.gram, '>')
	for n := minGram; n <= maxGram; n++ {
		for i := 0; i+n <= len(f.gram); i++ {
			f.feats = append(f.feats, withKind(fnvBytes(seedChar, f.gram[i:i+n]), kindChar))
		}
	}
	hw := withKind(wordHash(stem(w)), kindWord)
	f.feats = append(f.feats, hw)
	if f.prev != 0 {
		f.feats = append(f.feats, withKind(fmix64(f.prev*31^hw^seedPair), kindPair))
	}
	f.prev = hw
	f.word = w[:0]
}

// stem strips common English inflections in place and returns the stem:
// plurals ("vertices" -> "vertice", "edges" -> "edge", "queries" ->
// "query"), then -ing or -ed. It only has to map a word and its variants to
// the same bytes, not to produce a dictionary word.
func stem(w []byte) []byte {
	n := len(w)
	switch {
	case n > 4 && hasSuffix(w, "ies"):
		w = w[:n-2]
		w[n-3] = 'y'
	case n > 4 && hasSuffix(w, "sses"):
		w = w[:n-2]
	case n > 3 && w[n-1] == 's' && w[n-2] != 's' && w[n-2] != 'u' && w[n-2] != 'i':
		w = w[:n-1]
	}
	// -ing and -ed, so "directed" meets "direct"; the stem keeps at least
	// four bytes.
	for _, suf := range [...]string{"ing", "ed", "ion", "ence", "ance", "ness", "ment", "ly"} {
		if len(w) >= len(suf)+4 && hasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// wordHash hashes a stemmed word, mapping the graph vocabulary's synonyms
// and British spellings to one word first, so that "vertices" meets
// "nodes", "links" meets "edges" and "neighbours" meets "neighbors".
func wordHash(stem []byte) uint64 {
	if c := canonicalWord(stem); c != "" {
		return fnvString(fnvOffset^seedWord, c)
	}
	return fnvBytes(seedWord, stem)
}

// canonicalWord returns the canonical form of a stemmed graph word, or "".
func canonicalWord(stem []byte) string {
	switch string(stem) {
	case "vertex", "vertice", "node":
		return "node"
	case "edge", "link", "arc":
		return "edge"
	case "neighbour", "neighbor":
		return "neighbor"
	case "neighbourhood", "neighborhood":
		return "neighborhood"
	case "colour", "color":
		return "color"
	case "cycle", "cyclic", "circuit":
		return "cycle"
	case "route", "path":
		return "path"
	case "number", "many", "count", "amount":
		// "how many", "the number of", "count the": one question.
		return "number"
	}
	return ""
}

func hasSuffix(w []byte, s string) bool {
	return len(w) >= len(s) && string(w[len(w)-len(s):]) == s
}

// isStopWord reports whether w is a common English function word.
func isStopWord(w []byte) bool {
	switch string(w) {
	case "a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or",
		"is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those",
		"as", "if", "so", "than", "then", "there", "here", "do", "does", "did", "can", "could", "would",
		"should", "will", "shall", "may", "might", "must", "me", "my", "we", "our", "you", "your",
		"he", "she", "they", "them", "their", "his", "her", "us", "i", "what", "which", "who", "whom",
		"please", "given", "tell", "let", "into", "about", "also", "just", "any", "some", "such",
		"has", "have", "had", "but", "not", "no", "yes", "all", "each", "other", "own", "same", "very",
		// Words that frame a request rather than say what it asks: the
		// request verbs every kind of question uses.
		"task", "need", "want", "question", "answer", "instruction", "response", "kindly",
		"determine", "ascertain", "calculate", "compute", "find", "identify", "verify", "confirm",
		"check", "get", "give", "out", "show", "report", "obtain", "figure", "know", "like":
		return true
	}
	return false
}

const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

func fnvBytes(seed uint64, p []byte) uint64 {
	h := fnvOffset ^ seed
	for _, c := range p {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func fnvByte(h uint64, c byte) uint64 {
	h ^= uint64(c)
	return h * fnvPrime
}

// fmix64 is MurmurHash3's finaliser: it spreads FNV's weak low bits before a
// hash picks a bucket and a sign.
func fmix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
