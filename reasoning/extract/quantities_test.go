package extract

import (
	"context"
	"testing"
)

func TestQuantities(t *testing.T) {
	checkProse(t, Quantities{}, []proseCase{
		{name: "issue example: roads with km, question not read",
			in: "There is a road from Paris to Lyon of 465 km, a road from Lyon to Nice of 470 km and a road from Paris to Nice of 950 km. " +
				"How far is it from Paris to Nice on the shortest route?",
			edges: []string{"Paris--Lyon=465", "Lyon--Nice=470", "Paris--Nice=950"}, dir: DirUndirected, value: MeaningDistance,
			nodes: []string{"Paris", "Lyon", "Nice"}, note: "two-way",
			spans: []string{"There is a road from Paris to Lyon of 465 km, a road from Lyon to Nice of 470 km and a road from Paris to Nice of 950 km."}},
		{name: "pipes carry units, one-way",
			in:    "A pipe from s to a carries 5 units. A pipe from a to t carries 3.5 units of water.",
			edges: []string{"s->a=5", "a->t=3.5"}, dir: DirDirected, value: MeaningCapacity},
		{name: "flight costs, multi-word cities",
			in:    "The flight from New York to Boston costs 120 dollars.\nThe flight from Boston to San Francisco costs $310.",
			edges: []string{"New York->Boston=120", "Boston->San Francisco=310"}, dir: DirDirected, value: MeaningCost},
		{name: "edges between numbered nodes with capacity, weight, length",
			in:    "an edge between node 1 and node 2 with capacity 3; an edge between node 2 and node 3 with weight 2; an edge between node 3 and node 4 of length 4",
			edges: []string{"1--2=3", "2--3=2(weight)", "3--4=4(distance)"}, dir: DirUndirected, value: MeaningCapacity, partial: true},
		{name: "NLGraph flow lines",
			in:    "In a directed graph, the nodes are numbered from 0 to 2, and the edges are:\nan edge from node 0 to node 1 with capacity 4,\nan edge from node 1 to node 2 with capacity 17.\nQ: What is the maximum flow from node 0 to node 2?",
			edges: []string{"0->1=4", "1->2=17"}, dir: DirDirected, value: MeaningCapacity},
		{name: "quantity before the noun, hyphenated unit, decimals",
			in:    "A 465-km road links Paris and Lyon. Lyon and Geneva are joined by a 150.5 km highway.",
			edges: []string{"Paris--Lyon=465", "Lyon--Geneva=150.5"}, dir: DirUndirected, value: MeaningDistance},
		{name: "one-way road is directed",
			in:    "A one-way street from Elm to Oak is 2 km long. A road between Oak and Pine of 3 km.",
			edges: []string{"Elm->Oak=2", "Oak<>Pine=3"}, dir: DirDirected, value: MeaningDistance, note: "both directions"},
		{name: "distance statements without an edge noun",
			in:    "The distance from Paris to Lyon is 465 km. Lyon is 300 km from Marseille. Nice and Monaco are 20 km apart.",
			edges: []string{"Paris--Lyon=465", "Lyon--Marseille=300", "Nice--Monaco=20"}, dir: DirUndirected, value: MeaningDistance},
		{name: "benchmark lines: the ends first, then the keyword and its number",
			in:    "Given a directed graph: From node 0 to node 6, distance is 4. From node 0 to node 2, distance is 1. From node 2 to node 6, the distance is 2.",
			edges: []string{"0--6=4", "0--2=1", "2--6=2"}, dir: DirUndirected, value: MeaningDistance},
		{name: "benchmark lines with weights and costs",
			in:    "From A to B, weight is 3; from B to C, weight = 5. From C to D: cost is $7.",
			edges: []string{"A->B=3", "B->C=5", "C->D=7(cost)"}, dir: DirDirected, value: MeaningWeight, partial: true}, // two meanings
		{name: "several pairs after one noun",
			in:    "There are roads from A to B of 4 km, from B to C of 2 km, and from A to C of 7 km.",
			edges: []string{"A--B=4", "B--C=2", "A--C=7"}, dir: DirUndirected, value: MeaningDistance, note: "two-way"},
		{name: "with a capacity of, thousands separator",
			in:    "A pipeline from Alpha to Beta with a capacity of 1,200 barrels.",
			edges: []string{"Alpha->Beta=1200"}, dir: DirDirected, value: MeaningCapacity},
		{name: "miles and minutes mean different things",
			in:    "A road between X and Y of 3 miles. A train from Y to Z takes 40 minutes.",
			edges: []string{"X<>Y=3", "Y->Z=40(weight)"}, dir: DirDirected, value: MeaningDistance, partial: true},
		{name: "parenthesised value",
			in:    "Pipes: a pipe from s to u (7 units), a pipe from u to t (4 units).",
			edges: []string{"s->u=7", "u->t=4"}, dir: DirDirected, value: MeaningCapacity,
			spans: []string{"a pipe from s to u (7 units), a pipe from u to t (4 units)."}},
		{name: "it costs N to fly",
			in:    "It costs 80 euros to fly from Rome to Milan.",
			edges: []string{"Rome->Milan=80"}, dir: DirDirected, value: MeaningCost, note: "one-way"},
		{name: "cost of the flight",
			in:    "The cost of the flight from Oslo to Bergen is 99.",
			edges: []string{"Oslo->Bergen=99"}, dir: DirDirected, value: MeaningCost, note: "one-way"},
		{name: "connected by a road of",
			in:    "Springfield is connected to Shelbyville by a road of 12 miles.",
			edges: []string{"Springfield--Shelbyville=12"}, dir: DirUndirected, value: MeaningDistance},
		{name: "line per edge: A to B colon",
			in:    "Paris to Lyon: 465 km\nLyon to Nice: 470 km\n",
			edges: []string{"Paris--Lyon=465", "Lyon--Nice=470"}, dir: DirUndirected, value: MeaningDistance},
		{name: "list items: A to B N km, A-B N km, A - B: N km",
			in:    "Distances: Paris to Lyon 465 km, Lyon to Nice 470 km. Nice-Monaco 20 km. Monaco - Genoa: 180 km.",
			edges: []string{"Paris--Lyon=465", "Lyon--Nice=470", "Nice--Monaco=20", "Monaco--Genoa=180"}, dir: DirUndirected, value: MeaningDistance},
		{name: "road without a number is an edge",
			in:    "There is a road between Paris and Lyon.",
			edges: []string{"Paris--Lyon"}, dir: DirUndirected, value: MeaningNone},
		{name: "arc with weight keyword, negative",
			in:    "An arc from u to v with weight -2.",
			edges: []string{"u->v=-2"}, dir: DirDirected, value: MeaningWeight},
		{name: "upper-case and sentence-initial noun",
			in:    "ROAD FROM Berlin TO Hamburg OF 290 KM.",
			edges: []string{"Berlin--Hamburg=290"}, dir: DirUndirected, value: MeaningDistance, note: "two-way"},
		{name: "value in the next clause: it is N long",
			in:    "A road connects Paris and Geneva; it is 95 km long. It is 546 km from Paris to Toulouse by road.",
			edges: []string{"Paris--Geneva=95", "Paris--Toulouse=546"}, dir: DirUndirected, value: MeaningDistance,
			spans: []string{"A road connects Paris and Geneva;", "it is 95 km long.", "It is 546 km from Paris to Toulouse by road."}},
		{name: "leading quantity: up to N units can flow through the pipe",
			in:    "The pipe from s to a has capacity 4. Up to 3 units per second can flow through the pipe from s to b.",
			edges: []string{"s->a=4", "s->b=3"}, dir: DirDirected, value: MeaningCapacity},
		{name: "linked to with weight",
			in:    "Strasbourg is linked to Nantes with weight 59. The edge between Paris and Nantes has weight 79.",
			edges: []string{"Strasbourg--Nantes=59", "Paris--Nantes=79"}, dir: DirUndirected, value: MeaningWeight},
		{name: "walking times are two-way, with a note",
			in:    "It takes 50 minutes to walk from Nice to Lille. Walking between Nice and Marseille takes 23 minutes.",
			edges: []string{"Nice--Lille=50", "Nice--Marseille=23"}, dir: DirUndirected, value: MeaningWeight, note: "two-way"},
		{name: "travelling between costs",
			in:    "Travelling between Nice and Lyon costs $85. A ticket between Nice and Toulouse costs 54 dollars.",
			edges: []string{"Nice--Lyon=85", "Nice--Toulouse=54"}, dir: DirUndirected, value: MeaningCost},
		{name: "decimal with hyphenated unit before the noun, codes, currency signs, bandwidth",
			in:    "A 2.5-mile trail runs between Oak Hill and Pine Ridge. Flight AA100 from JFK to LAX costs $300. A cable from Router1 to Router2 with bandwidth 100 Mbps.",
			edges: []string{"Oak Hill<>Pine Ridge=2.5", "JFK->LAX=300(cost)", "Router1->Router2=100(capacity)"}, dir: DirDirected, value: MeaningDistance, partial: true},
		{name: "there's, direct, for N euros",
			in:    "There's a direct flight from Rome to Oslo for 99 euros.",
			edges: []string{"Rome->Oslo=99"}, dir: DirDirected, value: MeaningCost},
		{name: "two numbers on one edge: the first is read, the rest noted",
			in:    "The train from Bern to Basel costs €7.50 and takes 55 minutes.",
			edges: []string{"Bern->Basel=7.5"}, dir: DirDirected, value: MeaningCost, partial: true},
		{name: "lower-case places with the, gerund, thousands",
			in:    "Laying cable between the park and the town hall costs 24 thousand dollars. Laying cable between the town hall and the museum costs 2.5 thousand dollars.",
			edges: []string{"the park--the town hall=24", "the town hall--the museum=2.5"}, dir: DirUndirected, value: MeaningCost},
		{name: "edges between pairs after one noun",
			in:    "There are edges between 0 and 1, 1 and 2, and 2 and 3.",
			edges: []string{"0--1", "1--2", "2--3"}, dir: DirUndirected,
			spans: []string{"There are edges between 0 and 1, 1 and 2, and 2 and 3."}},
		{name: "the digraph has edges from ... to ...",
			in:    "The digraph has edges from 0 to 1, from 1 to 2 and from 2 to 0.",
			edges: []string{"0->1", "1->2", "2->0"}, dir: DirDirected},
		{name: "node I is a name",
			in:    "There is an edge between node I and node A with weight 9.",
			edges: []string{"I--A=9"}, dir: DirUndirected, value: MeaningWeight},
		{name: "a time of day is not the edge's number",
			in:    "The flight from Oslo to Rome leaves at 5 pm. The train from Rome to Pisa leaves at 17:30.",
			edges: []string{"Oslo->Rome", "Rome->Pisa"}, dir: DirDirected, partial: true},
		// Not quantities in prose.
		{name: "a hyphenated name and a bare number", in: "Jean-Luc 5. Paris to Lyon 465. Alpha-Beta 3 is fine."},
		{name: "years are not places", in: "The number of trips between 2009 and 2019 doubled."},
		{name: "the-phrases need a number", in: "It models the connections between the users and the locations they visit."},
		{name: "the-phrases need a second end", in: "There is a road from the north of the city. A pipe between the two tanks holds 5 units."},
		{name: "question", in: "How far is it from Paris to Nice? What is the shortest route from A to B?"},
		{name: "instruction", in: "Find the cheapest flight from Rome to Oslo. Compute the maximum flow from s to t."},
		{name: "notation key", in: "An edge (u, v, w) means a road from u to v of length w."},
		{name: "notation key without a key verb", in: "The edges are (s, a, 6), (a, t, 3) where (u, v, w) is an edge from u to v with weight w."},
		{name: "numbers without graph words", in: "Alice is 30 years old. The meeting lasts 2 hours."},
		{name: "path is not an edge noun", in: "There is a path from A to B of length 3."},
		{name: "a request without a verb", in: "The graph has edges (0, 5) (0, 6).\nShortest route from 3 to 0, please."},
		{name: "empty", in: ""},
	})
}

func FuzzQuantities(f *testing.F) {
	for _, s := range []string{
		"a road from Paris to Lyon of 465 km. How far is it from Paris to Nice?",
		"A pipe from s to a carries 5 units.", "The flight from New York to Boston costs $120.",
		"an edge between node 1 and node 2 with capacity 3", "A 465-km road links Paris and Lyon.",
		"Lyon is 300 km from Marseille.", "Paris to Lyon: 465 km", "a pipeline from A to B with a capacity of 1,200,",
		"It costs 80 euros to fly from Rome to Milan.", "(((road from a to b (", "road from -",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := (Quantities{}).Read(context.Background(), NewDoc(s))
		if err != nil {
			t.Fatalf("error without cancellation: %v", err)
		}
		checkReadingShape(t, s, r)
		for _, e := range r.Edges {
			if e.HasValue && e.Value != e.Value {
				t.Fatalf("NaN value on %+v", e)
			}
		}
	})
}
