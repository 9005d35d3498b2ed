package reasoning

import "strings"

// degreeDirREs read which direction of a node's edges a question counts.
var degreeDirREs = struct {
	in, out, inVerb, outVerb *lazyRegexp
}{
	// Named directions: "in-degree", "incoming edges", "followers",
	// "edges arriving at 3", "how many people is Lee followed by".
	in: lazyCompile(`(?i)\b(?:in-?degrees?|incoming|in-?links|in-?edges|inbound|followers|followed\s+by)\b|\b(?:edges?|links?|arcs?|` + edgeWords + `)\s+(?:arriv(?:e|es|ing)\s+(?:at|in)|com(?:e|es|ing)\s+(?:in)?to|enter(?:s|ing)?|end(?:s|ing)?\s+(?:at|in)|into)\b`),
	// "out-degree", "outgoing edges", "edges leaving 3", "edges going out
	// of 3".
	out: lazyCompile(`(?i)\b(?:out-?degrees?|outgoing|out-?links|out-?edges|outbound)\b|\b(?:edges?|links?|arcs?|` + edgeWords + `)\s+(?:leav(?:e|es|ing)|go(?:es|ing)?\s+out\s+of|com(?:e|es|ing)\s+out\s+of|start(?:s|ing)?\s+(?:at|in)|originat(?:e|es|ing)\s+(?:at|from|in))\b`),
	// "how many people does Lee follow", "how many pages does page 3
	// link to": the named node acts, so its out-edges are counted.
	outVerb: lazyCompile(`(?i)\bhow\s+many\b[^.?!;,]{0,40}?\b(?:does|do|did)\s+(?:node\s+|vertex\s+)?\S+(?:\s+\S+)?\s+(?:follow|point\s+(?:to|at)|link\s+to|lead\s+to|` + degreeVerbs + `)\b`),
	// "how many people follow Lee", "how many nodes point to 3": others
	// act on the named node, so its in-edges are counted.
	inVerb: lazyCompile(`(?i)\bhow\s+many\b([^.?!;,]{0,40}?)\b(?:follows?|points?\s+(?:to|at)|links?\s+to|leads?\s+to|` + degreeVerbsS + `)\s+(?:node\s+|vertex\s+)?([^\s?.!,;]+)`),
}

// edgeWords are everyday nouns for directed edges that leave or arrive
// ("how many flights leave NYC", "how many roads lead into Rome").
const edgeWords = `flights?|roads?|routes?|pipes?|lines?|connections?|trains?|buses|messages?|e-?mails?|calls?|letters?|cables?|streets?|paths?|transfers?|payments?|shipments?`

// degreeVerbs are everyday relations a directed graph's edges stand for
// ("Dana manages Eli" is Dana -> Eli), in the base form after "does X";
// degreeVerbsS in the form after a plural or singular subject ("how many
// people manage Eli", "how many papers cite P").
const (
	degreeVerbs  = `manage|supervise|mentor|teach|employ|cite|call|e-?mail|text|message|trust|pay|owe|report\s+to|depend\s+on|rely\s+on|import|require`
	degreeVerbsS = `manages?|supervises?|mentors?|teach(?:es)?|employs?|cites?|calls?|e-?mails?|texts?|messages?|trusts?|pays?|owes?|reports?\s+to|depends?\s+on|rel(?:y|ies)\s+on|imports?|requires?`
)

// degreeDirectionWords are cheap substrings one of which a directional
// degree question contains; without them no expression is run.
var degreeDirectionWords = []string{"degree", "coming", "going", "link", "edge", "inbound", "outbound", "follow", "point", "lead", "arc",
	"leav", "arriv", "enter", "start", "end", "originat", "into", "out of",
	"manag", "supervis", "mentor", "teach", "employ", "cite", "call", "mail", "text", "messag", "trust", "pay", "owe", "report", "depend", "rel", "import", "requir"}

// notANode are words after a relation verb that name no node: "how many
// calls were made" counts events, not the calls to a node "were".
var notANode = map[string]bool{"were": true, "was": true, "are": true, "is": true, "been": true, "have": true, "has": true,
	"had": true, "in": true, "to": true, "the": true, "a": true, "an": true, "each": true, "one": true, "other": true,
	"others": true, "someone": true, "anyone": true, "somebody": true, "anybody": true, "altogether": true, "total": true}

// degreeDirectionOf returns "in" or "out" when the question counts one
// direction of a node's edges and says so unambiguously, and "" otherwise
// (no direction, both, or unclear).
func degreeDirectionOf(q string) string {
	lq := strings.ToLower(q)
	if !containsAny(lq, degreeDirectionWords) {
		return ""
	}
	r := &degreeDirREs
	out := r.out.MatchString(q) || r.outVerb.MatchString(q)
	in := r.in.MatchString(q)
	if !in {
		for _, m := range r.inVerb.FindAllStringSubmatch(q, -1) {
			// "how many people does Lee follow in total" is the named
			// node acting, read above.
			if !containsAny(" "+strings.ToLower(m[1])+" ", []string{" does ", " do ", " did "}) && !notANode[strings.ToLower(m[2])] {
				in = true
			}
		}
	}
	switch {
	case in && !out:
		return "in"
	case out && !in:
		return "out"
	}
	return ""
}
