package learnedq

import (
	"encoding/json"
	"testing"
)

// TestRead reads the four tasks in many phrasings and leaves alone the
// questions the learned tools do not answer.
func TestRead(t *testing.T) {
	cases := []struct {
		q    string
		tool string
		args string // the JSON arguments; "" when the question must not be read
	}{
		// Topics.
		{"what is paper 35 of cora about?", ToolTopic, `{"dataset":"cora","node":"35"}`},
		{"What is the topic of paper #35 in the cora bibliographic network?", ToolTopic, `{"dataset":"cora","node":"35"}`},
		{"Which class does node 1033 of Cora belong to?", ToolTopic, `{"dataset":"cora","node":"1033"}`},
		{"In cora, what subject is publication no. 35 on?", ToolTopic, `{"dataset":"cora","node":"35"}`},
		{"Classify paper datta98case of citeseer.", ToolTopic, `{"dataset":"citeseer","node":"datta98case"}`},
		{`What is the topic of paper "norman00argument" in CiteSeer?`, ToolTopic, `{"dataset":"citeseer","node":"norman00argument"}`},
		{"What is the topic of paper 1234 in citeseer?", ToolTopic, `{"dataset":"citeseer","node":"1234"}`},
		{"What is paper nodine98overview of citeseer about?", ToolTopic, `{"dataset":"citeseer","node":"nodine98overview"}`},
		{"What is the class of paper number 12 in cora?", ToolTopic, `{"dataset":"cora","node":"12"}`},
		{"What is the topic of paper no. 12 in cora?", ToolTopic, `{"dataset":"cora","node":"12"}`},
		{"What is the topic of paper#12 in cora?", ToolTopic, `{"dataset":"cora","node":"12"}`},
		// Molecules, numbered from 1 as the TU files.
		{"what is the function of molecule 12 in mutag?", ToolMolecule, `{"dataset":"mutag","molecule":12}`},
		{"Is compound #3 of MUTAG mutagenic?", ToolMolecule, `{"dataset":"mutag","molecule":3}`},
		{"What is the function for the chemical molecular graph #71 in mutag?", ToolMolecule, `{"dataset":"mutag","molecule":71}`},
		{"Is protein 17 of the proteins dataset an enzyme?", ToolMolecule, `{"dataset":"proteins","molecule":17}`},
		// Communities.
		{"are users 0 and 33 of karate in the same community?", ToolCommonCommunity, `{"dataset":"karate","node1":"0","node2":"33"}`},
		{"Are user 0 and user 33 of the karate club in the same community?", ToolCommonCommunity, `{"dataset":"karate","node1":"0","node2":"33"}`},
		{"In football, do teams 1 & 2 share a cluster?", ToolCommonCommunity, `{"dataset":"football","node1":"1","node2":"2"}`},
		{"Do members #5 and #7 of email-eu-core belong to different groups?", ToolCommonCommunity, `{"dataset":"email_eu_core","node1":"5","node2":"7"}`},
		{"Which community is member 5 of karate in?", ToolCommunity, `{"dataset":"karate","node":"5"}`},
		{"What cluster does team 12 of football belong to?", ToolCommunity, `{"dataset":"football","node":"12"}`},
		// Recommendations.
		{"would user 1 of movietweetings like item 0133093?", ToolRecommendation, `{"dataset":"movietweetings","item":"0133093","user":"1"}`},
		{"How likely is user 42 of MovieTweetings to enjoy movie #1853728?", ToolRecommendation, `{"dataset":"movietweetings","item":"1853728","user":"42"}`},
		{"Recommend 5 movies to user 1 of movietweetings.", ToolTopK, `{"dataset":"movietweetings","k":5,"user":"1"}`},
		{"What are the top-3 recommendations for user 7 in movie tweetings?", ToolTopK, `{"dataset":"movietweetings","k":3,"user":"7"}`},
		{"Which movie should user 7 of movietweetings watch next?", ToolTopK, `{"dataset":"movietweetings","k":10,"user":"7"}`},

		// Not for the learned tools.
		{"How many nodes does cora have?", "", ""},
		{"What is the degree of paper 35 in cora?", "", ""},
		{"Which class has the most papers in cora?", "", ""},
		{"Is paper 35 connected to paper 40 in cora?", "", ""},
		{"What is the topic of paper 35 in pubmed?", "", ""},
		{"Compare the topics of paper 35 of cora and paper 40 of citeseer.", "", ""},
		{"What are the topics of papers 35 and 40 in cora?", "", ""},
		{"Which communities are there in karate?", "", ""},
		{"Are users 0 and 33 of karate in the same community by Louvain?", "", ""},
		{"Are users 0, 1 and 33 of karate in the same community?", "", ""},
		{"How many edges does the karate graph have?", "", ""},
		{"What is the function of the mutag dataset?", "", ""},
		{"How many molecules are in mutag?", "", ""},
		{"Would user 1 of movietweetings like it?", "", ""},
		{"What is the shortest path from user 1 to item 5 in movietweetings?", "", ""},
		{"What is the topic of this paper?", "", ""},
		{"What is the paperwork topic of cora 12?", "", ""},
		{"Is there a cycle in the graph with edges 0-1, 1-2, 2-0?", "", ""},
	}
	for _, c := range cases {
		q, ok := Read(c.q)
		if c.args == "" {
			if ok {
				t.Errorf("%q: read as %s %v, want not read", c.q, q.Tool, q.Args)
			}
			continue
		}
		if !ok {
			t.Errorf("%q: not read, want %s %s", c.q, c.tool, c.args)
			continue
		}
		b, _ := json.Marshal(q.Args)
		if q.Tool != c.tool || string(b) != c.args || q.Read == "" || q.Dataset != q.Args["dataset"] {
			t.Errorf("%q: %s %s (%q), want %s %s", c.q, q.Tool, b, q.Read, c.tool, c.args)
		}
	}
}

// FuzzRead: untrusted text never panics, and whatever is read names a
// tool, a dataset and the tool's items.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"what is paper 35 of cora about?", "are users 0 and 33 of karate in the same community?",
		"would user 1 of movietweetings like item 0133093?", "Recommend 5 movies to user 1 of movietweetings.", "molecule # of mutag function", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, ok := Read(s)
		if !ok {
			return
		}
		if q.Tool == "" || q.Dataset == "" || q.Args["dataset"] != q.Dataset || len(q.Args) < 2 {
			t.Fatalf("%q read as %+v", s, q)
		}
	})
}
