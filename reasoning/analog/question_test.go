package analog

import (
	"testing"
	"unicode/utf8"
)

func TestReadQuestion(t *testing.T) {
	cases := []struct {
		q    string
		want Query
		ok   bool
	}{
		{"What is the topic of paper 1234 in citeseer?", Query{Dataset: "citeseer", Node: "1234"}, true},
		{"what class does paper norman00argument of CiteSeer belong to", Query{Dataset: "citeseer", Node: "norman00argument"}, true},
		{"Classify node 31336 in cora.", Query{Dataset: "cora", Node: "31336"}, true},
		{"In cora, what is paper '35' about?", Query{Dataset: "cora", Node: "35"}, true},
		{"Which category is the document 1061127 in Cora?", Query{Dataset: "cora", Node: "1061127"}, true},
		{"Is aspirin linked to PTGS2 in drugmechdb?", Query{Dataset: "drugmechdb", Source: "aspirin", Target: "PTGS2"}, true},
		{"Does imatinib act on Tyrosine-protein kinase ABL1 in DrugMechDB?", Query{Dataset: "drugmechdb", Source: "imatinib", Target: "Tyrosine-protein kinase ABL1"}, true},
		{"Is the drug acetylsalicylic acid connected to the protein Prostaglandin G/H synthase 2 in the drugmechdb?", Query{Dataset: "drugmechdb", Source: "acetylsalicylic acid", Target: "Prostaglandin G/H synthase 2"}, true},
		{"Does metformin target AMPK according to drugmechdb", Query{Dataset: "drugmechdb", Source: "metformin", Target: "AMPK"}, true},
		// Not these questions: graph tasks on the datasets, two datasets, no paper, no dataset.
		{"How many nodes does citeseer have?", Query{}, false},
		{"What is the shortest path from paper 1 to paper 2 in cora?", Query{}, false},
		{"What is the topic of paper 12 in cora and citeseer?", Query{}, false},
		{"What is the topic of the papers in cora?", Query{}, false},
		{"What is the topic of paper 12?", Query{}, false},
		{"Is aspirin linked to PTGS2?", Query{}, false},
		{"What connects metformin to diabetes in drugmechdb?", Query{}, false},
		{"", Query{}, false},
	}
	for _, c := range cases {
		got, ok := ReadQuestion(c.q)
		if ok != c.ok || got != c.want {
			t.Errorf("ReadQuestion(%q) = %+v, %v; want %+v, %v", c.q, got, ok, c.want, c.ok)
		}
	}
}

func FuzzReadQuestion(f *testing.F) {
	for _, s := range []string{"What is the topic of paper 1234 in citeseer?", "Is aspirin linked to PTGS2 in drugmechdb?", "paper \"\" cora topic", "is  and  in drugmechdb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got, ok := ReadQuestion(q)
		if !ok {
			return
		}
		if got.IsLink() && (got.Source == "" || got.Target == "") || !got.IsLink() && got.Node == "" {
			t.Fatalf("empty reading %+v of %q", got, q)
		}
		if utf8.ValidString(q) && !utf8.ValidString(got.Node+got.Source+got.Target) {
			t.Fatalf("invalid UTF-8 reading of %q", q)
		}
	})
}
