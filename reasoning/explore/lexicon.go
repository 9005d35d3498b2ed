package explore

import (
	"slices"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/tools/kg"
)

// phrase is one way questions name a relation: a sequence of word stems
// and the relations it means. A phrase is read as a verb between a subject
// S and an object O, "S phrase O": that is the triple (S, r, O), or
// (O, r, S) when inverse. "S decreases activity of O" is (S, r, O); "S is
// a hypernym of O" is (O, _hypernym, S), since WN18RR's (h, _hypernym, t)
// says t is a hypernym of h. Noun phrases ("hypernym of", "targets of")
// also ask "what are the N of E?" naturally, and suggestions use them.
type phrase struct {
	stems   []string
	rels    []int32
	inverse bool
	noun    bool
	// invRels are relations that state the same with head and tail
	// swapped ("causes" for "caused by"), read in the other direction.
	invRels []int32
	text    string // as written, for suggestions
	derived bool   // from a relation's own name, not the synonym table
	ofless  bool   // a noun phrase without its "of", read after a genitive
}

// synonym is an entry of the small per-KG synonym table, by relation ids.
type synonym struct {
	text    string
	rels    []string
	inverse bool
	noun    bool
}

// synonymsFor returns the synonym table of a knowledge graph by name.
// Every KG also gets phrases derived from its relations' names.
func synonymsFor(name string) []synonym {
	switch name {
	case "wn18rr":
		hyp := []string{"_hypernym"}
		return []synonym{
			{"hypernym of", hyp, true, true}, {"broader term of", hyp, true, true},
			{"superordinate of", hyp, true, true}, {"generalization of", hyp, true, true},
			{"kind of", hyp, false, false}, {"type of", hyp, false, false}, {"sort of", hyp, false, false},
			{"is a", hyp, false, false},
			{"hyponym of", hyp, false, true}, {"subtype of", hyp, false, true}, {"subordinate of", hyp, false, true},
			{"more specific term of", hyp, false, true}, {"specific kind of", hyp, false, false},
			{"instance of", []string{"_instance_hypernym"}, false, true},
			{"example of", []string{"_instance_hypernym"}, false, true},
			{"instance hypernym of", []string{"_instance_hypernym"}, true, true},
			{"part of", []string{"_has_part"}, true, true}, {"component of", []string{"_has_part"}, true, true},
			{"has part", []string{"_has_part"}, false, false}, {"contain", []string{"_has_part"}, false, false},
			{"made up of", []string{"_has_part"}, false, false},
			{"member of", []string{"_member_meronym"}, true, true},
			{"member meronym of", []string{"_member_meronym"}, true, true},
			{"has member", []string{"_member_meronym"}, false, false},
			{"belong to", []string{"_member_meronym"}, true, false},
			{"domain of", []string{"_synset_domain_topic_of"}, true, true},
			{"topic of", []string{"_synset_domain_topic_of"}, true, true},
			{"field of", []string{"_synset_domain_topic_of"}, true, true},
			{"term of", []string{"_synset_domain_topic_of"}, false, true},
			{"term in", []string{"_synset_domain_topic_of"}, false, true},
			{"used in", []string{"_synset_domain_topic_of"}, false, false},
			{"region of", []string{"_member_of_domain_region"}, false, true},
			{"come from", []string{"_member_of_domain_region"}, true, false},
			{"usage of", []string{"_member_of_domain_usage"}, false, true},
			{"usage label of", []string{"_member_of_domain_usage"}, false, true},
			{"related form of", []string{"_derivationally_related_form"}, true, true},
			{"derivationally related form of", []string{"_derivationally_related_form"}, true, true},
			{"derivation of", []string{"_derivationally_related_form"}, true, true},
			{"derivationally related to", []string{"_derivationally_related_form"}, true, false},
			{"derived form of", []string{"_derivationally_related_form"}, true, true},
			{"related word of", []string{"_derivationally_related_form"}, true, true},
			{"see also", []string{"_also_see"}, true, true},
			{"also see", []string{"_also_see"}, true, true},
			{"similar to", []string{"_similar_to"}, false, false},
			{"verb group of", []string{"_verb_group"}, true, true},
			{"verb group", []string{"_verb_group"}, true, true},
		}
	case "fb15k237":
		born, died := []string{"/people/person/place_of_birth"}, []string{"/people/deceased_person/place_of_death"}
		directed := []string{"/film/director/film"}
		return []synonym{
			{"born in", born, false, false}, {"born", born, false, false}, {"birthplace of", born, true, true},
			{"died in", died, false, false}, {"die", died, false, false},
			{"direct", directed, false, false}, {"director of", directed, false, true},
			{"write", []string{"/film/film/written_by"}, true, false},
			{"writer of", []string{"/film/film/written_by"}, true, true},
			{"married to", []string{"/people/person/spouse_s./people/marriage/spouse"}, false, false},
			{"spouse of", []string{"/people/person/spouse_s./people/marriage/spouse"}, true, true},
			{"capital of", []string{"/location/country/capital"}, true, true},
			{"come from", []string{"/music/artist/origin"}, false, false},
		}
	case "drugmechdb":
		activity := []string{"decreases activity of", "increases activity of", "affects activity of",
			"molecularly interacts with", "directly interacts with", "interacts with", "decreases molecular interaction",
			"positively regulates", "negatively regulates", "regulates"}
		return []synonym{
			{"act on", activity, false, false}, {"target", activity, false, false},
			{"target of", activity, true, true}, {"bind", activity, false, false},
			{"interact with", activity, false, false},
			{"inhibit", []string{"decreases activity of"}, false, false},
			{"block", []string{"decreases activity of"}, false, false},
			{"activate", []string{"increases activity of"}, false, false},
			{"stimulate", []string{"increases activity of"}, false, false},
			{"treat", []string{"treats"}, false, false}, {"cure", []string{"treats"}, false, false},
			{"used for", []string{"treats"}, false, false}, {"used to treat", []string{"treats"}, false, false},
			{"indicated for", []string{"treats"}, false, false},
			{"treatment for", []string{"treats"}, false, true}, {"treatment of", []string{"treats"}, false, true},
			{"symptom of", []string{"manifestation of"}, false, true},
			{"sign of", []string{"manifestation of"}, false, true},
			{"cause of", []string{"causes"}, false, true},
			{"lead to", []string{"causes"}, false, false},
			{"found in", []string{"located in", "occurs in", "in taxon", "expressed in"}, false, false},
			{"upregulate", []string{"positively regulates"}, false, false},
			{"downregulate", []string{"negatively regulates"}, false, false},
			{"prevent", []string{"prevents"}, false, false},
		}
	}
	return nil
}

// weakWords are words a relation phrase may hold but that alone never name
// a relation.
func isWeakWord(s string) bool {
	switch s {
	case "of", "in", "by", "to", "for", "with", "from", "has", "have", "had", "is", "are", "a", "an", "the", "on", "be", "as", "at", "into", "up":
		return true
	}
	return false
}

// stemWord is the light stemmer questions and relation names are compared
// through: plural -s/-es/-ies, -ed and -ing, then a final -e, so
// "decreases", "decreased" and "decrease" meet, while "location" and
// "located" stay apart.
func stemWord(w string) string {
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		w = w[:n-3] + "y"
	case n > 4 && strings.HasSuffix(w, "es") && (w[n-3] == 's' || w[n-3] == 'x' || strings.HasSuffix(w[:n-2], "ch") || strings.HasSuffix(w[:n-2], "sh")):
		w = w[:n-2]
	case n > 3 && w[n-1] == 's' && w[n-2] != 's' && w[n-2] != 'u' && w[n-2] != 'i':
		w = w[:n-1]
	}
	switch n = len(w); {
	case n > 5 && strings.HasSuffix(w, "ing"):
		w = w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ed"):
		w = w[:n-2]
	}
	if n = len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// stems splits text into normalised words and stems each.
func stems(text string) []string {
	ws := strings.Fields(kg.Normalize(text))
	for i, w := range ws {
		ws[i] = stemWord(w)
	}
	return ws
}

// relationWords returns the words a relation's name says: WN18RR's text
// ("has part"), a Freebase path's last part ("place of birth"), or the
// name itself ("decreases activity of").
func relationWords(r kg.Relation) string {
	id := r.ID
	if strings.HasPrefix(id, "/") {
		parts := strings.Split(strings.Trim(id, "/"), "/")
		return strings.ReplaceAll(parts[len(parts)-1], "_", " ")
	}
	if r.Text != "" && r.Text != r.ID && !strings.Contains(r.Text, "/") {
		return r.Text
	}
	return strings.ReplaceAll(strings.TrimPrefix(id, "_"), "_", " ")
}

// nounRelations reports whether a KG's relation names are nouns naming the
// tail's role ("hypernym", "nationality": the hypernym of h is t), rather
// than verbs between head and tail ("decreases activity of", "knows").
func nounRelations(name string) bool {
	return name == "wn18rr" || name == "fb15k237"
}

// buildPhrases derives a phrase from every relation's name and adds the
// synonym table's.
func buildPhrases(g *kg.KG) []phrase {
	var out []phrase
	noun := nounRelations(g.Name())
	// Relations whose names say the same words ("language" ends
	// /film/film/language and /people/person/languages' path alike) are
	// one phrase meaning each of them: reading the words never picks one.
	byWords := map[string]int{}
	for r := range int32(g.NumRelations()) {
		words := relationWords(g.Relation(r))
		p := phrase{stems: stems(words), rels: []int32{r}, text: words, derived: true}
		if noun {
			// "the hypernym of E": E is the head, the answer the tail.
			p.stems = append(p.stems, "of")
			p.text += " of"
			p.inverse, p.noun = true, true
		}
		key := strings.Join(p.stems, " ")
		if i, ok := byWords[key]; ok {
			out[i].rels = append(out[i].rels, r)
			continue
		}
		byWords[key] = len(out)
		out = append(out, p)
	}
	for _, s := range synonymsFor(g.Name()) {
		var rels []int32
		for _, id := range s.rels {
			if r, ok := g.RelationByID(id); ok {
				rels = append(rels, r)
			}
		}
		if len(rels) == 0 {
			continue
		}
		out = append(out, phrase{stems: stems(s.text), rels: rels, inverse: s.inverse, noun: s.noun, text: s.text})
	}
	inv := inversePairs(g)
	for i := range out {
		for _, r := range out[i].rels {
			for _, q := range inv[r] {
				if !slices.Contains(out[i].rels, q) && !slices.Contains(out[i].invRels, q) {
					out[i].invRels = append(out[i].invRels, q)
				}
			}
		}
	}
	// Noun phrases without "of": "dog's hypernyms", "what hypernyms does
	// dog have".
	for _, p := range out {
		if p.noun && len(p.stems) > 1 && p.stems[len(p.stems)-1] == "of" {
			q := p
			q.stems = p.stems[:len(p.stems)-1]
			q.text = strings.TrimSuffix(p.text, " of")
			q.ofless = true
			out = append(out, q)
		}
	}
	return out
}

// typeWord is a word (or words) naming an entity type.
type typeWord struct {
	stems []string
	typ   int32
}

// buildTypeWords derives words from the KG's type names ("BiologicalProcess"
// is "biological process", and "process" when no other type ends so) and a
// few synonyms.
func buildTypeWords(g *kg.KG) []typeWord {
	var out []typeWord
	last := map[string]int{}
	split := make([][]string, len(g.Types()))
	for i, t := range g.Types() {
		split[i] = stems(splitCamel(t))
		if len(split[i]) > 0 {
			last[split[i][len(split[i])-1]]++
		}
	}
	synonyms := map[string][]string{
		"Drug":                     {"medication", "medicine"},
		"ChemicalSubstance":        {"chemical", "substance", "compound", "molecule", "metabolite"},
		"Disease":                  {"disorder", "illness", "condition"},
		"PhenotypicFeature":        {"phenotype", "symptom"},
		"OrganismTaxon":            {"organism", "taxon", "species", "pathogen", "bacterium", "bacteria", "virus"},
		"GrossAnatomicalStructure": {"anatomical structure", "organ", "tissue", "body part"},
		"Protein":                  {"enzyme", "receptor"},
		"BiologicalProcess":        {"process"},
	}
	for i, t := range g.Types() {
		ws := split[i]
		if len(ws) == 0 {
			continue
		}
		out = append(out, typeWord{ws, int32(i)})
		if len(ws) > 1 && last[ws[len(ws)-1]] == 1 && ws[len(ws)-1] != "feature" && ws[len(ws)-1] != "structure" {
			out = append(out, typeWord{ws[len(ws)-1:], int32(i)})
		}
		for _, s := range synonyms[t] {
			out = append(out, typeWord{stems(s), int32(i)})
		}
	}
	// Longer first, so "gene family" wins over "family".
	slices.SortStableFunc(out, func(a, b typeWord) int { return len(b.stems) - len(a.stems) })
	return out
}

// splitCamel turns "BiologicalProcess" into "Biological Process".
func splitCamel(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rs[i-1]) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Word classes of a question beyond entities, relations and types.
const (
	cueNone = iota
	cuePath
	cueRelated
	cueAbout
	cueCount
)

// cueOf returns the cue class of a stemmed word.
func cueOf(stem string) int {
	switch stem {
	case "connect", "connection", "link", "path", "chain", "route", "mechanism", "bridge", "reach", "lead":
		return cuePath
	case "relation", "relationship", "relat", "relate", "associat", "association":
		return cueRelated
	case "about", "action", "neighbour", "neighbor", "neighbourhood", "neighborhood", "fact", "everything", "know", "describ", "describe":
		return cueAbout
	case "many", "number", "count":
		return cueCount
	}
	return cueNone
}

// isFunctionWord reports whether a (stemmed) word only frames a question.
func isFunctionWord(s string) bool {
	switch s {
	case "should", "shall", "must", "might", "may", "ought", "need", "want", "wish", "would like":
		return true
	case "what", "which", "who", "whom", "whose", "where", "how", "why", "when", "list", "show", "giv", "give",
		"tell", "name", "find", "me", "all", "the", "a", "an", "of", "is", "are", "was", "were", "be", "been",
		"do", "doe", "does", "did", "ha", "has", "have", "had", "there", "any", "some", "that", "this", "those",
		"these", "by", "to", "for", "on", "in", "with", "from", "and", "or", "it", "its", "their", "they",
		"please", "can", "could", "you", "i", "we", "us", "known", "call", "s", "each", "other", "as", "at",
		"into", "get", "display", "return", "would", "will", "like", "print", "one", "thing", "entity", "entitie",
		"node", "item", "directly", "exactly", "also", "between", "via", "through", "does not", "not", "kind",
		"type", "sort", "way", "ways", "else", "exist", "anything", "something", "word", "term", "concept",
		"synset", "let", "see", "look", "up", "our", "my", "your", "here", "then", "than", "more", "most", "only",
		"just", "graph", "kg", "knowledge", "database", "curr", "currently", "according", "say", "said", "go",
		"goe", "toward", "towards":
		return true
	}
	return false
}

// inversePairs finds relations that state one another with head and tail
// swapped: a passive "V by" and its verb ("caused by" and "causes",
// "produced by" and "produces"), and a few fixed pairs ("located in" and
// "location of", "part of" and "has part").
func inversePairs(g *kg.KG) map[int32][]int32 {
	byStems := map[string]int32{}
	for r := range int32(g.NumRelations()) {
		byStems[strings.Join(stems(relationWords(g.Relation(r))), " ")] = r
	}
	out := map[int32][]int32{}
	pair := func(a, b int32) {
		if a != b && !slices.Contains(out[a], b) {
			out[a] = append(out[a], b)
			out[b] = append(out[b], a)
		}
	}
	for key, r := range byStems {
		if base, ok := strings.CutSuffix(key, " by"); ok {
			if q, ok := byStems[base]; ok {
				pair(r, q)
			}
		}
	}
	for _, p := range [][2]string{{"located in", "location of"}, {"part of", "has part"}, {"subclass of", "superclass of"},
		{"has participant", "participates in"}} {
		a, okA := byStems[strings.Join(stems(p[0]), " ")]
		b, okB := byStems[strings.Join(stems(p[1]), " ")]
		if okA && okB {
			pair(a, b)
		}
	}
	return out
}
