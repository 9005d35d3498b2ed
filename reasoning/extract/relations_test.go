package extract

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestRelations(t *testing.T) {
	checkProse(t, Relations{}, []proseCase{
		{name: "issue example: the question is not an edge",
			in:    "Alice and Bob are friends. Bob and Carol are friends. How many friends does Bob have?",
			edges: []string{"Alice--Bob", "Bob--Carol"}, dir: DirUndirected, nodes: []string{"Alice", "Bob", "Carol"},
			spans: []string{"Alice and Bob are friends.", "Bob and Carol are friends."}},
		{name: "line breaks, no periods",
			in:    "Dave and Eve are colleagues\nEve and Frank are neighbours\nWho are Eve's neighbours?",
			edges: []string{"Dave--Eve", "Eve--Frank"}, dir: DirUndirected,
			spans: []string{"Dave and Eve are colleagues\n", "Eve and Frank are neighbours\n"}},
		{name: "group of three is every pair",
			in:    "Alice, Bob and Carol wrote a paper together.",
			edges: []string{"Alice--Bob", "Alice--Carol", "Bob--Carol"}, dir: DirUndirected, note: "every pair"},
		{name: "pair wrote together",
			in:    "Ana and Luis wrote a paper together; Luis and Marta have worked together.",
			edges: []string{"Ana--Luis", "Luis--Marta"}, dir: DirUndirected},
		{name: "connected to a list with Oxford comma",
			in:    "X is connected to Y, Z, and W.",
			edges: []string{"X--Y", "X--Z", "X--W"}, dir: DirUndirected, spans: []string{"X is connected to Y, Z, and W."}},
		{name: "knows is one-way with a note",
			in:    "Mary Jane knows Peter Parker.",
			edges: []string{"Mary Jane->Peter Parker"}, dir: DirDirected, note: `knows Y" is read as one-way`},
		{name: "co-authored with, joint publication, share",
			in:    "Paul Langevin co-authored a paper with Pierre Curie. Paul Langevin and Albert Einstein have a joint publication. Irene Joliot-Curie and Marie Curie have co-authored a paper. Ann and Ben share an office.",
			edges: []string{"Paul Langevin--Pierre Curie", "Paul Langevin--Albert Einstein", "Irene Joliot-Curie--Marie Curie", "Ann--Ben"}, dir: DirUndirected},
		{name: "plays with, went to school with",
			in:    "Tom plays tennis with Jerry. Jerry went to school with Spike.",
			edges: []string{"Tom--Jerry", "Jerry--Spike"}, dir: DirUndirected},
		{name: "friend of, friends with, married to, works with",
			in:    "Alice is a friend of Bob. Bob is friends with Carol. Dave is married to Eve; Eve works with Frank.",
			edges: []string{"Alice--Bob", "Bob--Carol", "Dave--Eve", "Eve--Frank"}, dir: DirUndirected},
		{name: "follows is directed",
			in:    "Alice follows Bob. Bob follows Carol and Dave.",
			edges: []string{"Alice->Bob", "Bob->Carol", "Bob->Dave"}, dir: DirDirected},
		{name: "reports to and links to are directed",
			in:    "Sam reports to Rita. The page Home links to About.",
			edges: []string{"Sam->Rita", "Home->About"}, dir: DirDirected}, // "The page Home": page is a kind noun
		{name: "passive reverses",
			in:    "Bob is followed by Alice and Carol.",
			edges: []string{"Alice->Bob", "Carol->Bob"}, dir: DirDirected},
		{name: "mixed one-way and symmetric relations",
			in:    "Alice follows Bob. Bob and Carol are friends.",
			edges: []string{"Alice->Bob", "Bob<>Carol"}, dir: DirDirected, note: "both directions"},
		{name: "same subject, second predicate",
			in:    "Alice follows Bob and is followed by Carol.",
			edges: []string{"Alice->Bob", "Carol->Alice"}, dir: DirDirected},
		{name: "multi-word city names",
			in:    "Los Angeles is linked to San Francisco and Rio de Janeiro. St. Louis is connected to Kansas City.",
			edges: []string{"Los Angeles--San Francisco", "Los Angeles--Rio de Janeiro", "St. Louis--Kansas City"}, dir: DirUndirected},
		{name: "possessive list",
			in:    "Bob's friends are Alice and Dave.",
			edges: []string{"Alice--Bob", "Dave--Bob"}, dir: DirUndirected},
		{name: "has N friends: list",
			in:    "Bob has three friends: Alice, Carol and Dave.",
			edges: []string{"Alice--Bob", "Carol--Bob", "Dave--Bob"}, dir: DirUndirected},
		{name: "the followers of",
			in:    "The followers of Bob are Alice and Carol.",
			edges: []string{"Alice->Bob", "Carol->Bob"}, dir: DirDirected},
		{name: "is X's boss",
			in:    "Carol is Bob's boss.",
			edges: []string{"Carol->Bob"}, dir: DirDirected},
		{name: "reports directly to, follows on social media",
			in:    "Alice reports directly to Oscar. Ivan follows Oscar on social media.",
			edges: []string{"Alice->Oscar", "Ivan->Oscar"}, dir: DirDirected},
		{name: "talk-like-a-graph friendship lines",
			in:    "G describes a friendship graph among Mary, James and John.\nWe have the following edges in G:\nMary and James are friends.\nJames and John are friends.\n\nQ: How many friends does Mary have?",
			edges: []string{"Mary--James", "James--John"}, dir: DirUndirected,
			spans: []string{"Mary and James are friends.", "James and John are friends."}},
		{name: "the student of reverses",
			in:    "Harry is a student of Albus.",
			edges: []string{"Albus->Harry"}, dir: DirDirected},
		{name: "characters meet",
			in:    "Frodo and Sam met in the Shire. Gandalf and Frodo are old friends.",
			edges: []string{"Frodo--Sam", "Gandalf--Frodo"}, dir: DirUndirected},
		{name: "capitalised and upper-case words",
			in:    "ALICE and BOB are Friends.",
			edges: []string{"ALICE--BOB"}, dir: DirUndirected},
		{name: "node IDs after a kind noun",
			in:    "Node 0 is connected to nodes 1, 2 and 5. User 7 follows user 8.",
			edges: []string{"0<>1", "0<>2", "0<>5", "7->8"}, dir: DirDirected, note: "both directions"},
		{name: "quoted names",
			in:    `"Big Ben" is linked to "Tower Bridge".`,
			edges: []string{"Big Ben--Tower Bridge"}, dir: DirUndirected},
		{name: "negation names nodes without an edge",
			in:    "Alice and Bob are friends. Carol and Dave are not friends.",
			edges: []string{"Alice--Bob"}, dir: DirUndirected, nodes: []string{"Alice", "Bob", "Carol", "Dave"}},
		{name: "a statement before the question in one sentence",
			in:    "Given that Alice and Bob are friends, is Bob friends with Carol?",
			edges: []string{"Alice--Bob"}, dir: DirUndirected, spans: []string{"Given that Alice and Bob are friends"}},
		{name: "two clauses, the second subject is not an object",
			in:    "Alice knows Bob and Carol knows Dave.",
			edges: []string{"Alice->Bob", "Carol->Dave"}, dir: DirDirected, note: `knows Y" is read as one-way`},
		{name: "unread words lower the confidence",
			in:    "Yesterday at noon Alice and Bob are friends.",
			edges: []string{"Alice--Bob"}, dir: DirUndirected, partial: true, spans: []string{"Alice and Bob are friends"}},
		{name: "each other",
			in:    "Alice and Bob know each other, and Bob and Carol are connected to each other.",
			edges: []string{"Alice--Bob", "Bob--Carol"}, dir: DirUndirected},
		{name: "a name related to itself is a self-loop",
			in:    "James and Robert are friends. Robert and Robert are friends. Robert and Mary wrote a paper together. Mary and Mary wrote a paper together.",
			edges: []string{"James--Robert", "Robert--Robert", "Robert--Mary", "Mary--Mary"}, dir: DirUndirected},
		{name: "unicode names",
			in:    "Zoë and Søren are friends. Émile is married to Zoë.",
			edges: []string{"Zoë--Søren", "Émile--Zoë"}, dir: DirUndirected},
		// Not relationship sentences.
		{name: "notation key is not an edge",
			in: "(i,j) means that node i and node j are connected. Nodes i and j are friends means nothing."},
		{name: "question only", in: "Are Alice and Bob friends? Is Carol connected to Dave?"},
		{name: "instruction only", in: "Find the friends of Alice. List everyone Bob knows."},
		{name: "conditional", in: "If Alice and Bob are friends, then Carol and Dave are friends."},
		{name: "the premise of a question is read",
			in:    "If Alice and Bob are friends and Bob and Carol are friends, how many friends does Bob have?",
			edges: []string{"Alice--Bob", "Bob--Carol"}, dir: DirUndirected, spans: []string{"If Alice and Bob are friends and Bob and Carol are friends"}},
		{name: "ordinary prose", in: "The weather in Paris is nice. Alice likes soccer. We took a train."},
		{name: "lower-case words are not names", in: "cats and dogs are friends. the user follows the rules."},
		{name: "pronouns", in: "I know you. We are friends. They follow him."},
		{name: "a comma list without 'and' is not a group of subjects",
			in:    "On LinkedIn, John is connected to Mary and Jack.",
			edges: []string{"John--Mary", "John--Jack"}, dir: DirUndirected, partial: true},
		{name: "has been friends with, became friends with, trailing since",
			in:    "Alice has been friends with Bob since 2010. Carol became friends with Dave.",
			edges: []string{"Alice--Bob", "Carol--Dave"}, dir: DirUndirected},
		{name: "a model called X", in: "We build an LLM called GraphForge. Only Attention Is Needed."},
		{name: "linked with a weight is a quantity, not a relation", in: "Strasbourg is linked to Nantes with weight 59."},
		{name: "empty", in: ""},
	})
}

func TestRelationsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	q := ""
	for i := 0; i < 3000; i++ {
		q += "Alice and Bob are friends. "
	}
	if _, err := (Relations{}).Read(ctx, NewDoc(q)); err == nil {
		t.Fatal("a cancelled context read on")
	}
}

// TestRelationsLargeLists checks that long lists are read in linear time
// and that a group too large to be every pair related is not read as such.
func TestRelationsLargeLists(t *testing.T) {
	var names []string
	for i := 0; i < 5000; i++ {
		names = append(names, fmt.Sprintf("P%d", i))
	}
	list := strings.Join(names, ", ")
	got, err := (Relations{}).Read(context.Background(), NewDoc(list+" and Q are friends."))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Edges) != 0 || got.Confidence > 0.5 || len(got.Nodes) != 5001 {
		t.Errorf("a group of 5,001: %d edges, %d nodes, confidence %.2f; want no edges, every node, confidence <= 0.5", len(got.Edges), len(got.Nodes), got.Confidence)
	}
	got, err = (Relations{}).Read(context.Background(), NewDoc("Alice knows "+list+"."))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Edges) != 5000 {
		t.Errorf("Alice knows 5,000 people: %d edges", len(got.Edges))
	}
	half := strings.Join(names[:2500], ", ")
	got, err = (Relations{}).Read(context.Background(), NewDoc(half+" know "+strings.Join(names[2500:], ", ")+"."))
	if err != nil || len(got.Edges) != 0 || got.Confidence > 0.5 {
		t.Errorf("2,500 know 2,500: %d edges, confidence %.2f, %v; want none read (6.25M pairs)", len(got.Edges), got.Confidence, err)
	}
	got, err = (Relations{}).Read(context.Background(), NewDoc(list+", and nothing else."))
	if err != nil || !got.Empty() {
		t.Errorf("a bare list: %v, %v", edgeStrings(got), err)
	}
}

func FuzzRelations(f *testing.F) {
	for _, s := range []string{
		"Alice and Bob are friends. Bob and Carol are friends. How many friends does Bob have?",
		"X is connected to Y, Z and W.", "Bob's friends are Alice and Dave.", "Carol is Bob's boss.",
		"Alice follows Bob and is followed by Carol.", "St. Louis is connected to Kansas City.",
		`"Big Ben" is linked to "Tower Bridge".`, "Zoë and Søren are friends.", "A and a are friends'",
		"Alice, Bob and Carol wrote a paper together.", "Bob has three friends: Alice, Carol and Dave.",
		"ana follows ben, ben follows cat, cat follows ana and dan follows ana.",
		"My laptop connects to the router, the router connects to the switch and the printer.",
		"the kitchen opens onto the hall; the hall opens onto the bedroom.", "the proof follows lemma.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := (Relations{}).Read(context.Background(), NewDoc(s))
		if err != nil {
			t.Fatalf("error without cancellation: %v", err)
		}
		checkReadingShape(t, s, r)
	})
}
