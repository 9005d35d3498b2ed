package learned

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// FamilyName is the Spec.Family of every learned tool.
const FamilyName = "learned"

// NewRegistry returns the learned tools as a tools.Registry whose models
// come from store. The tools take no graph (g may be nil): each names its
// dataset in its arguments.
func NewRegistry(store *Store) (*tools.Registry, error) {
	return tools.NewRegistry(Tools(store)...)
}

// Lookup returns the learned tool called name over store, and whether
// there is one. The statement language and the CLI call it for names the
// exact catalogue does not have.
func Lookup(store *Store, name string) (tools.Tool, bool) {
	for _, t := range Tools(store) {
		if t.Spec().Name == name {
			return t, true
		}
	}
	return nil, false
}

// Tools returns every learned tool over store.
func Tools(store *Store) []tools.Tool {
	return []tools.Tool{
		topicTool(store),
		moleculeTool(store),
		communityTool(store),
		commonCommunityTool(store),
		recommendationTool(store),
		topKTool(store),
		entityTool(store, ToolTailEntity),
		entityTool(store, ToolHeadEntity),
		relationTool(store),
	}
}

// TopicParams are graph_bert:topic's arguments.
type TopicParams struct {
	Dataset string       `json:"dataset" desc:"the citation dataset: cora or citeseer"`
	Node    tools.NodeID `json:"node" desc:"the paper's ID in the dataset"`
}

// Topic is graph_bert:topic's answer.
type Topic struct {
	Dataset string `json:"dataset"`
	Node    string `json:"node"`
	// Topic is the predicted class name; Probability its probability.
	Topic       string  `json:"topic"`
	Probability float64 `json:"probability"`
	// Ranked lists every class with its probability, most probable first.
	Ranked []ClassProb `json:"ranked"`
	// Split is the node's part of the model's split (training, validation,
	// test, unlabelled); LabelledTopic is the dataset's label.
	Split         string `json:"split"`
	LabelledTopic string `json:"labelled_topic"`
	Model         string `json:"model"`
	// ModelAccuracy is the model's measured test accuracy.
	ModelAccuracy float64 `json:"model_accuracy"`
}

// ClassProb is a class and its probability.
type ClassProb struct {
	Class       string  `json:"class"`
	Probability float64 `json:"probability"`
}

func topicTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolTopic,
		Description: "predict the topic (class) of a paper in a citation dataset with a trained graph model",
		WhenToUse:   "the topic, subject or class of a paper of cora or citeseer: questions no exact algorithm answers",
		Returns:     "the predicted class name with its probability, every class ranked, and the model's test accuracy",
		Family:      FamilyName,
		Examples:    []string{"What is paper 35 of cora about?", "Which topic does paper norman00argument of citeseer have?"},
	}, func(ctx context.Context, _ *graph.Graph, p TopicParams) (tools.Result, error) {
		def, err := defForDataset(ToolTopic, p.Dataset)
		if err != nil {
			return tools.Result{}, err
		}
		lm, err := store.model(ctx, def)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*nodeModel)
		i := -1
		for k, id := range m.IDs {
			if id == string(p.Node) {
				i = k
				break
			}
		}
		if i < 0 {
			return tools.Result{}, fmt.Errorf("paper %q is not in %s (%d papers, IDs such as %s): %w",
				string(p.Node), def.Dataset, len(m.IDs), strings.Join(m.IDs[:min(3, len(m.IDs))], ", "), ErrUnknownItem)
		}
		c := len(m.Classes)
		probs := make([]float64, c)
		for k := range probs {
			probs[k] = float64(m.Probs[i*c+k])
		}
		t := Topic{Dataset: def.Dataset, Node: m.IDs[i], Split: splitName(m.Split[i]), LabelledTopic: m.Classes[m.Labels[i]], Model: def.Name}
		for _, k := range rankDesc(probs) {
			t.Ranked = append(t.Ranked, ClassProb{Class: m.Classes[k], Probability: probs[k]})
		}
		t.Topic, t.Probability = t.Ranked[0].Class, t.Ranked[0].Probability
		if s, ok := lm.meta.Score("accuracy"); ok {
			t.ModelAccuracy = s.Value
		}
		text := fmt.Sprintf("Paper %s of %s is most likely about %s (probability %.2f; model %s, test accuracy %.1f%%).",
			t.Node, t.Dataset, t.Topic, t.Probability, def.Name, 100*t.ModelAccuracy)
		if m.Split[i] == splitTrain {
			text += fmt.Sprintf(" It is one of the model's labelled training papers (label %s).", t.LabelledTopic)
		}
		return tools.Result{Value: t, Text: text}, nil
	})
}

// rankDesc returns the indices of xs from the largest value to the
// smallest (the lower index first on ties).
func rankDesc(xs []float64) []int {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(xs[b], xs[a]) })
	return idx
}

// MoleculeParams are seg_bert:molecule_function's arguments.
type MoleculeParams struct {
	Dataset  string `json:"dataset" desc:"the molecule collection: mutag or proteins"`
	Molecule int    `json:"molecule" desc:"the graph's number in the collection, from 1 (as in the TU files)"`
}

// MoleculeFunction is seg_bert:molecule_function's answer.
type MoleculeFunction struct {
	Dataset  string `json:"dataset"`
	Molecule int    `json:"molecule"`
	// Function is the predicted class in words (the sign of the SVM
	// margin), Class its value in the dataset's files, Probability its
	// probability (the margin mapped by a Platt sigmoid fitted on the
	// training folds; near the boundary it can fall just below 0.5).
	Function    string  `json:"function"`
	Class       string  `json:"class"`
	Probability float64 `json:"probability"`
	// Margin is the SVM decision value for the predicted class: positive,
	// larger when the molecule lies further from the boundary.
	Margin float64 `json:"margin"`
	// LabelledFunction is the dataset's own label of the molecule.
	LabelledFunction string `json:"labelled_function"`
	// Fold is the cross-validation fold the molecule was held out in; the
	// prediction comes from the model trained on the other folds.
	Fold          int     `json:"fold"`
	Model         string  `json:"model"`
	ModelAccuracy float64 `json:"model_accuracy"`
}

func moleculeTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolMoleculeFunction,
		Description: "predict the function of a molecule (MUTAG: mutagenic or not; PROTEINS: enzyme or not) with a trained graph classifier",
		WhenToUse:   "whether a molecule or protein graph of mutag or proteins is mutagenic, an enzyme, or what its function is",
		Returns:     "the predicted class with its probability and SVM margin, the dataset's label and the model's cross-validated accuracy",
		Family:      FamilyName,
		Examples:    []string{"Is molecule 3 of mutag mutagenic?", "What is the function of protein 17 in proteins?"},
	}, func(ctx context.Context, _ *graph.Graph, p MoleculeParams) (tools.Result, error) {
		def, err := defForDataset(ToolMoleculeFunction, p.Dataset)
		if err != nil {
			return tools.Result{}, err
		}
		lm, err := store.model(ctx, def)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*graphModel)
		if p.Molecule < 1 || p.Molecule > len(m.Labels) {
			return tools.Result{}, fmt.Errorf("molecule %d is not in %s: its graphs are numbered 1 to %d: %w", p.Molecule, def.Dataset, len(m.Labels), ErrUnknownItem)
		}
		if len(m.Margin) != len(m.Labels) || len(m.Probs) != len(m.Labels)*len(m.Classes) || len(m.Fold) != len(m.Labels) {
			return tools.Result{}, fmt.Errorf("%s: the saved model is incomplete (%d margins for %d molecules); retrain it with 'graphagent train %s'", def.Name, len(m.Margin), len(m.Labels), def.Name)
		}
		g, best, margin := p.Molecule-1, 0, float64(m.Margin[p.Molecule-1])
		if margin <= 0 {
			best, margin = 1, -margin
		}
		r := MoleculeFunction{Dataset: def.Dataset, Molecule: p.Molecule, Class: m.Classes[best],
			Probability: float64(m.Probs[g*len(m.Classes)+best]), Margin: margin,
			Function: graphClassName(def.Dataset, m.Classes[best]), LabelledFunction: graphClassName(def.Dataset, m.Classes[m.Labels[g]]),
			Fold: m.Fold[g] + 1, Model: def.Name}
		if s, ok := lm.meta.Score("accuracy"); ok {
			r.ModelAccuracy = s.Value
		}
		text := fmt.Sprintf("Molecule %d of %s is predicted %s (probability %.2f, SVM margin %.2f; model %s, 10-fold cross-validated accuracy %.1f%%, this molecule held out in fold %d).",
			r.Molecule, r.Dataset, r.Function, r.Probability, r.Margin, def.Name, 100*r.ModelAccuracy, r.Fold)
		return tools.Result{Value: r, Text: text}, nil
	})
}

// CommunityParams are kmeans:community's arguments.
type CommunityParams struct {
	Dataset string       `json:"dataset" desc:"the graph: karate, football or email_eu_core"`
	Node    tools.NodeID `json:"node" desc:"the node whose community is asked"`
}

// CommonCommunityParams are kmeans:common_community_check's arguments.
type CommonCommunityParams struct {
	Dataset string       `json:"dataset" desc:"the graph: karate, football or email_eu_core"`
	Node1   tools.NodeID `json:"node1" desc:"the first node"`
	Node2   tools.NodeID `json:"node2" desc:"the second node"`
}

// Community is kmeans:community's answer.
type Community struct {
	Dataset string `json:"dataset"`
	Node    string `json:"node"`
	// Community is the node's community (0-based) of Count; Members its
	// nodes.
	Community int      `json:"community"`
	Count     int      `json:"count"`
	Members   []string `json:"members"`
	// Group is the node's known group (faction, conference, department);
	// Share is the share of the community's members in that group.
	Group string  `json:"group"`
	Share float64 `json:"share"`
	Model string  `json:"model"`
	NMI   float64 `json:"nmi"`
}

// CommonCommunity is kmeans:common_community_check's answer.
type CommonCommunity struct {
	Dataset string `json:"dataset"`
	Node1   string `json:"node1"`
	Node2   string `json:"node2"`
	Same    bool   `json:"same"`
	// Community1 and Community2 are the nodes' communities.
	Community1 int     `json:"community1"`
	Community2 int     `json:"community2"`
	Model      string  `json:"model"`
	NMI        float64 `json:"nmi"`
}

// communityOf loads tool's model for dataset and finds node in it.
func communityOf(ctx context.Context, store *Store, tool, dataset string, nodes ...tools.NodeID) (Def, *loadedModel, []int, error) {
	def, err := defForDataset(tool, dataset)
	if err != nil {
		return Def{}, nil, nil, err
	}
	lm, err := store.model(ctx, def)
	if err != nil {
		return Def{}, nil, nil, err
	}
	m := lm.model.(*communityModel)
	var idx []int
	for _, n := range nodes {
		i := slices.Index(m.IDs, string(n))
		if i < 0 {
			return Def{}, nil, nil, fmt.Errorf("node %q is not in %s (%d nodes, IDs such as %s): %w",
				string(n), def.Dataset, len(m.IDs), strings.Join(m.IDs[:min(3, len(m.IDs))], ", "), ErrUnknownItem)
		}
		idx = append(idx, i)
	}
	return def, lm, idx, nil
}

func nmiOf(meta *Meta) float64 {
	s, _ := meta.Score("NMI")
	return s.Value
}

func communityTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolCommunity,
		Description: "the community of a node found by spectral clustering (k-means on the spectral embedding) of karate, football or email_eu_core",
		WhenToUse:   "which community, cluster or group a node of karate, football or email_eu_core belongs to, by the trained clustering",
		Returns:     "the node's community with its members, the node's known group and the clustering's NMI against the known groups",
		Family:      FamilyName,
		Examples:    []string{"Which community is node 0 of karate in?", "What cluster does team 5 of football belong to?"},
	}, func(ctx context.Context, _ *graph.Graph, p CommunityParams) (tools.Result, error) {
		def, lm, idx, err := communityOf(ctx, store, ToolCommunity, p.Dataset, p.Node)
		if err != nil {
			return tools.Result{}, err
		}
		m, i := lm.model.(*communityModel), idx[0]
		c := Community{Dataset: def.Dataset, Node: m.IDs[i], Community: m.Community[i], Count: m.K, Group: m.Groups[m.Truth[i]],
			Model: def.Name, NMI: nmiOf(lm.meta)}
		same := 0
		for j, cj := range m.Community {
			if cj == c.Community {
				c.Members = append(c.Members, m.IDs[j])
				if m.Truth[j] == m.Truth[i] {
					same++
				}
			}
		}
		c.Share = float64(same) / float64(len(c.Members))
		shown := c.Members[:min(len(c.Members), 20)]
		more := ""
		if len(c.Members) > len(shown) {
			more = fmt.Sprintf(", … and %d more", len(c.Members)-len(shown))
		}
		text := fmt.Sprintf("Node %s of %s is in community %d of %d, with %d members: {%s%s}; %.0f%% of them share its known group %s (model %s, NMI %.3f against the known groups).",
			c.Node, c.Dataset, c.Community, c.Count, len(c.Members), strings.Join(shown, ", "), more, 100*c.Share, c.Group, def.Name, c.NMI)
		return tools.Result{Value: c, Text: text}, nil
	})
}

func commonCommunityTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolCommonCommunity,
		Description: "whether two nodes of karate, football or email_eu_core are in the same community of the trained spectral clustering",
		WhenToUse:   "whether two members, teams or people of karate, football or email_eu_core belong to the same community or cluster",
		Returns:     "yes or no, with both nodes' communities and the clustering's NMI against the known groups",
		Family:      FamilyName,
		Examples:    []string{"Are nodes 0 and 33 of karate in the same community?", "Do teams 1 and 2 of football share a cluster?"},
	}, func(ctx context.Context, _ *graph.Graph, p CommonCommunityParams) (tools.Result, error) {
		def, lm, idx, err := communityOf(ctx, store, ToolCommonCommunity, p.Dataset, p.Node1, p.Node2)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*communityModel)
		r := CommonCommunity{Dataset: def.Dataset, Node1: m.IDs[idx[0]], Node2: m.IDs[idx[1]], Community1: m.Community[idx[0]],
			Community2: m.Community[idx[1]], Model: def.Name, NMI: nmiOf(lm.meta)}
		r.Same = r.Community1 == r.Community2
		verdict := "are not in the same community"
		if r.Same {
			verdict = "are in the same community"
		}
		text := fmt.Sprintf("Nodes %s and %s of %s %s (communities %d and %d of %d; model %s, NMI %.3f against the known groups).",
			r.Node1, r.Node2, r.Dataset, verdict, r.Community1, r.Community2, m.K, def.Name, r.NMI)
		return tools.Result{Value: r, Text: text}, nil
	})
}

// RecommendationParams are bpr:recommendation's arguments.
type RecommendationParams struct {
	Dataset string `json:"dataset" desc:"the ratings dataset: movietweetings"`
	User    string `json:"user" desc:"the user's ID"`
	Item    string `json:"item" desc:"the movie's ID (IMDb number as in the dataset, e.g. 0133093)"`
}

// TopKParams are bpr:topk_recommendation's arguments.
type TopKParams struct {
	Dataset string `json:"dataset" desc:"the ratings dataset: movietweetings"`
	User    string `json:"user" desc:"the user's ID"`
	K       int    `json:"k,omitempty" desc:"how many movies to recommend (default 10, at most 100)"`
}

// Recommendation is bpr:recommendation's answer.
type Recommendation struct {
	Dataset string `json:"dataset"`
	User    string `json:"user"`
	Item    string `json:"item"`
	Title   string `json:"title"`
	// Score is the model's preference (higher is better); Rank the item's
	// place among the Candidates (the movies rated in training that the
	// user had not rated), from 1; Percentile the share of candidates
	// ranked below it.
	Score      float64 `json:"score"`
	Rank       int     `json:"rank"`
	Candidates int     `json:"candidates"`
	Percentile float64 `json:"percentile"`
	// AlreadyRated is true when the user rated the movie in training.
	AlreadyRated bool `json:"already_rated"`
	// Method is "bpr", or "popularity" for a user without training
	// ratings.
	Method string `json:"method"`
	Model  string `json:"model"`
	// RecallAt10 and AUC are the model's test scores.
	RecallAt10 float64 `json:"recall_at_10"`
	AUC        float64 `json:"auc"`
}

// RecommendedItem is one movie of bpr:topk_recommendation.
type RecommendedItem struct {
	Item  string  `json:"item"`
	Title string  `json:"title"`
	Score float64 `json:"score"`
}

// TopK is bpr:topk_recommendation's answer.
type TopK struct {
	Dataset    string            `json:"dataset"`
	User       string            `json:"user"`
	Items      []RecommendedItem `json:"items"`
	Method     string            `json:"method"`
	Model      string            `json:"model"`
	RecallAt10 float64           `json:"recall_at_10"`
	AUC        float64           `json:"auc"`
}

// recommender loads tool's model for dataset and finds the user.
func recommender(ctx context.Context, store *Store, tool, dataset, user string) (Def, *loadedModel, int, error) {
	def, err := defForDataset(tool, dataset)
	if err != nil {
		return Def{}, nil, 0, err
	}
	lm, err := store.model(ctx, def)
	if err != nil {
		return Def{}, nil, 0, err
	}
	m := lm.model.(*recModel)
	u := slices.Index(m.Users, user)
	if u < 0 {
		return Def{}, nil, 0, fmt.Errorf("user %q is not in %s (%d users, IDs 1 to %d as written there): %w", user, def.Dataset, len(m.Users), len(m.Users), ErrUnknownItem)
	}
	return def, lm, u, nil
}

// rankedFor scores every movie rated in training that user u did not
// rate, best first: by the model, or by popularity for a user without
// training ratings.
func rankedFor(m *recModel, u int) ([]int, []float64, string) {
	method := "bpr"
	score := m.score
	if len(m.seen(u)) == 0 {
		method = "popularity"
		score = func(_, i int) float64 { return float64(m.Popularity[i]) }
	}
	var items []int
	var scores []float64
	seen := m.seen(u)
	for i, ok := range m.Trained {
		if !ok {
			continue
		}
		if _, found := slices.BinarySearch(seen, int32(i)); found {
			continue
		}
		items = append(items, i)
		scores = append(scores, score(u, i))
	}
	order := rankDesc(scores)
	outItems, outScores := make([]int, len(order)), make([]float64, len(order))
	for k, o := range order {
		outItems[k], outScores[k] = items[o], scores[o]
	}
	return outItems, outScores, method
}

func recScores(meta *Meta) (float64, float64) {
	r, _ := meta.Score("Recall@10")
	a, _ := meta.Score("AUC")
	return r.Value, a.Value
}

func recommendationTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolRecommendation,
		Description: "how much a user of movietweetings would like a movie, by a BPR matrix-factorisation recommender: its score and rank among the user's candidate movies",
		WhenToUse:   "whether a user will like, watch or rate a given movie of movietweetings; a user-item recommendation score",
		Returns:     "the score, the movie's rank and percentile among the movies the user has not rated, and the model's test Recall@10 and AUC",
		Family:      FamilyName,
		Examples:    []string{"Would user 1 of movietweetings like movie 0133093?", "How likely is user 42 to watch 1853728?"},
	}, func(ctx context.Context, _ *graph.Graph, p RecommendationParams) (tools.Result, error) {
		def, lm, u, err := recommender(ctx, store, ToolRecommendation, p.Dataset, p.User)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*recModel)
		i := slices.Index(m.Items, p.Item)
		if i < 0 {
			return tools.Result{}, fmt.Errorf("movie %q is not in %s (%d movies; IDs are IMDb numbers with leading zeros, e.g. %s): %w", p.Item, def.Dataset, len(m.Items), m.Items[0], ErrUnknownItem)
		}
		if !m.Trained[i] {
			return tools.Result{}, fmt.Errorf("movie %s (%s) was first rated after the training period (%s); the model knows nothing of it: %w", p.Item, m.Titles[i], unixDate(m.SplitTime), ErrUnknownItem)
		}
		r := Recommendation{Dataset: def.Dataset, User: m.Users[u], Item: m.Items[i], Title: m.Titles[i], Model: def.Name}
		r.RecallAt10, r.AUC = recScores(lm.meta)
		items, scores, method := rankedFor(m, u)
		r.Method, r.Candidates = method, len(items)
		if k := slices.Index(items, i); k >= 0 {
			r.Rank, r.Score = k+1, scores[k]
			r.Percentile = float64(len(items)-k-1) / float64(max(len(items)-1, 1))
		} else {
			r.AlreadyRated = true
			if method == "bpr" {
				r.Score = m.score(u, i)
			}
		}
		var text string
		switch {
		case r.AlreadyRated:
			text = fmt.Sprintf("User %s already rated %s (%s) in the training period; model score %.3f.", r.User, r.Item, r.Title, r.Score)
		default:
			text = fmt.Sprintf("For user %s, %s (%s) ranks %d of %d unrated movies (above %.0f%% of them; %s score %.3f; model %s, test Recall@10 %.3f, AUC %.3f).",
				r.User, r.Item, r.Title, r.Rank, r.Candidates, 100*r.Percentile, method, r.Score, def.Name, r.RecallAt10, r.AUC)
		}
		if method == "popularity" {
			text += " The user has no ratings in the training period, so the ranking is by popularity."
		}
		return tools.Result{Value: r, Text: text}, nil
	})
}

func topKTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolTopKRecommendaton,
		Description: "the top-k movies to recommend to a user of movietweetings, by a BPR matrix-factorisation recommender",
		WhenToUse:   "which movies to recommend to a user of movietweetings, the user's top-k recommendations",
		Returns:     "the k best movies the user has not rated, with titles and scores, and the model's test Recall@10 and AUC",
		Family:      FamilyName,
		Examples:    []string{"Recommend 5 movies to user 1 of movietweetings.", "What are the top 10 recommendations for user 42?"},
	}, func(ctx context.Context, _ *graph.Graph, p TopKParams) (tools.Result, error) {
		k, err := resultCount(ToolTopKRecommendaton, p.K, 10, 100)
		if err != nil {
			return tools.Result{}, err
		}
		def, lm, u, err := recommender(ctx, store, ToolTopKRecommendaton, p.Dataset, p.User)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*recModel)
		items, scores, method := rankedFor(m, u)
		r := TopK{Dataset: def.Dataset, User: m.Users[u], Method: method, Model: def.Name}
		r.RecallAt10, r.AUC = recScores(lm.meta)
		var names []string
		for n := range min(k, len(items)) {
			i := items[n]
			r.Items = append(r.Items, RecommendedItem{Item: m.Items[i], Title: m.Titles[i], Score: scores[n]})
			names = append(names, fmt.Sprintf("%s (%s)", m.Titles[i], m.Items[i]))
		}
		text := fmt.Sprintf("Top %d movies for user %s of %s: %s (%s; model %s, test Recall@10 %.3f, AUC %.3f).",
			len(r.Items), r.User, r.Dataset, strings.Join(names, "; "), method, def.Name, r.RecallAt10, r.AUC)
		if method == "popularity" {
			text += " The user has no ratings in the training period, so these are the most popular movies."
		}
		return tools.Result{Value: r, Text: text}, nil
	})
}

// EntityParams are the arguments of transe:tail_entity and
// transe:head_entity: the relation and the known entity.
type EntityParams struct {
	Dataset  string `json:"dataset" desc:"the knowledge graph: wn18rr or fb15k237"`
	Entity   string `json:"entity" desc:"the known entity: its ID, WordNet synset name or Freebase MID, or its exact name (the head for tail_entity, the tail for head_entity)"`
	Relation string `json:"relation" desc:"the relation: its ID or its text (e.g. _hypernym or hypernym)"`
	K        int    `json:"k,omitempty" desc:"how many candidates (default 5, at most 50)"`
}

// RelationParams are transe:relation's arguments.
type RelationParams struct {
	Dataset string `json:"dataset" desc:"the knowledge graph: wn18rr or fb15k237"`
	Head    string `json:"head" desc:"the head entity: its ID, synset name or MID, or its exact name"`
	Tail    string `json:"tail" desc:"the tail entity: its ID, synset name or MID, or its exact name"`
	K       int    `json:"k,omitempty" desc:"how many candidates (default 3, at most 50)"`
}

// KGCandidate is one ranked answer of a knowledge-graph tool.
type KGCandidate struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Probability is the softmax of the model's scores over every
	// candidate; InGraph is true when the triple is a training triple.
	Probability float64 `json:"probability"`
	InGraph     bool    `json:"in_graph"`
}

// KGAnswer is the answer of the knowledge-graph tools.
type KGAnswer struct {
	Dataset    string        `json:"dataset"`
	Query      string        `json:"query"`
	Candidates []KGCandidate `json:"candidates"`
	Model      string        `json:"model"`
	// MRR, Hits1 and Hits10 are the model's filtered test scores of
	// entity prediction.
	MRR    float64 `json:"mrr"`
	Hits1  float64 `json:"hits_at_1"`
	Hits10 float64 `json:"hits_at_10"`
	// RelationHits1 and RelationMRR are its test scores of relation
	// prediction (transe:relation's task); set by transe:relation only.
	RelationHits1 float64 `json:"relation_hits_at_1,omitempty"`
	RelationMRR   float64 `json:"relation_mrr,omitempty"`
}

// kgModelFor loads tool's model for dataset.
func kgModelFor(ctx context.Context, store *Store, tool, dataset string) (Def, *loadedModel, *kgModel, error) {
	def, err := defForDataset(tool, dataset)
	if err != nil {
		return Def{}, nil, nil, err
	}
	lm, err := store.model(ctx, def)
	if err != nil {
		return Def{}, nil, nil, err
	}
	return def, lm, lm.model.(*kgModel), nil
}

// topCandidates turns scores into the k best candidates with softmax
// probabilities.
func topCandidates(scores []float64, k int, id, name func(i int) string, inGraph func(i int) bool) []KGCandidate {
	mx := math.Inf(-1)
	for _, s := range scores {
		mx = max(mx, s)
	}
	sum := 0.0
	for _, s := range scores {
		sum += math.Exp(s - mx)
	}
	var out []KGCandidate
	for _, i := range rankDesc(scores)[:min(k, len(scores))] {
		out = append(out, KGCandidate{ID: id(i), Name: name(i), Probability: math.Exp(scores[i]-mx) / sum, InGraph: inGraph(i)})
	}
	return out
}

func kgText(a KGAnswer, def Def) string {
	var parts []string
	for _, c := range a.Candidates {
		mark := ""
		if c.InGraph {
			mark = ", already in the graph"
		}
		parts = append(parts, fmt.Sprintf("%s (%s, p=%.2f%s)", c.Name, c.ID, c.Probability, mark))
	}
	if a.RelationHits1 > 0 || a.RelationMRR > 0 {
		return fmt.Sprintf("%s: %s (model %s, relation test Hits@1 %.3f, MRR %.3f).", a.Query, strings.Join(parts, "; "), def.Name, a.RelationHits1, a.RelationMRR)
	}
	return fmt.Sprintf("%s: %s (model %s, filtered test MRR %.3f, Hits@10 %.3f).", a.Query, strings.Join(parts, "; "), def.Name, a.MRR, a.Hits10)
}

func kgScores(meta *Meta) (mrr, hits1, hits10 float64) {
	m, _ := meta.Score("filtered MRR")
	h1, _ := meta.Score("filtered Hits@1")
	h, _ := meta.Score("filtered Hits@10")
	return m.Value, h1.Value, h.Value
}

func entityTool(store *Store, name string) tools.Tool {
	tail := name == ToolTailEntity
	what, known := "tail", "head"
	if !tail {
		what, known = "head", "tail"
	}
	return tools.New(tools.Spec{
		Name:        name,
		Description: fmt.Sprintf("predict the missing %s entity of a knowledge-graph triple of wn18rr or fb15k237 from its %s and relation, with trained ComplEx embeddings", what, known),
		WhenToUse:   fmt.Sprintf("the missing %s of a (head, relation, tail) triple: link prediction, knowledge-graph completion on wn18rr or fb15k237", what),
		Returns:     "the most likely entities with their IDs, names and probabilities, and the model's filtered test MRR and Hits@10",
		Family:      FamilyName,
		Examples:    []string{fmt.Sprintf("What is the %s of the triple with %s 'land reform' and relation hypernym in wn18rr?", what, known)},
	}, func(ctx context.Context, _ *graph.Graph, p EntityParams) (tools.Result, error) {
		k, err := resultCount(name, p.K, 5, 50)
		if err != nil {
			return tools.Result{}, err
		}
		def, lm, m, err := kgModelFor(ctx, store, name, p.Dataset)
		if err != nil {
			return tools.Result{}, err
		}
		e, err := m.findEntity(def.Dataset, p.Entity)
		if err != nil {
			return tools.Result{}, err
		}
		r, err := m.findRelation(def.Dataset, p.Relation)
		if err != nil {
			return tools.Result{}, err
		}
		qr := r
		if !tail {
			qr = r + len(m.RelationIDs) // the reciprocal relation predicts heads
		}
		scores := make([]float64, len(m.EntityIDs))
		m.scoreAll(e, qr, scores)
		a := KGAnswer{Dataset: def.Dataset, Model: def.Name}
		a.MRR, a.Hits1, a.Hits10 = kgScores(lm.meta)
		if tail {
			a.Query = fmt.Sprintf("(%s, %s, ?)", m.EntityNames[e], m.RelText[r])
		} else {
			a.Query = fmt.Sprintf("(?, %s, %s)", m.RelText[r], m.EntityNames[e])
		}
		a.Candidates = topCandidates(scores, k, func(i int) string { return m.EntityIDs[i] }, func(i int) string { return m.EntityNames[i] },
			func(i int) bool {
				if tail {
					return m.known(e, r, i)
				}
				return m.known(i, r, e)
			})
		return tools.Result{Value: a, Text: kgText(a, def)}, nil
	})
}

func relationTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolRelation,
		Description: "predict the relation between two entities of wn18rr or fb15k237 with trained ComplEx embeddings",
		WhenToUse:   "how two entities of a knowledge graph (wn18rr, fb15k237) are related: the missing relation of a triple",
		Returns:     "the most likely relations with probabilities, and the model's test Hits@1 and MRR of relation prediction (and its filtered MRR and Hits@10 for entities)",
		Family:      FamilyName,
		Examples:    []string{"How is 'dog' related to 'canine' in wn18rr?"},
	}, func(ctx context.Context, _ *graph.Graph, p RelationParams) (tools.Result, error) {
		k, err := resultCount(ToolRelation, p.K, 3, 50)
		if err != nil {
			return tools.Result{}, err
		}
		def, lm, m, err := kgModelFor(ctx, store, ToolRelation, p.Dataset)
		if err != nil {
			return tools.Result{}, err
		}
		h, err := m.findEntity(def.Dataset, p.Head)
		if err != nil {
			return tools.Result{}, err
		}
		t, err := m.findEntity(def.Dataset, p.Tail)
		if err != nil {
			return tools.Result{}, err
		}
		scores := make([]float64, len(m.RelationIDs))
		for r := range scores {
			scores[r] = m.score(h, r, t)
		}
		a := KGAnswer{Dataset: def.Dataset, Model: def.Name, Query: fmt.Sprintf("(%s, ?, %s)", m.EntityNames[h], m.EntityNames[t])}
		a.MRR, a.Hits1, a.Hits10 = kgScores(lm.meta)
		if s, ok := lm.meta.Score("relation Hits@1"); ok {
			a.RelationHits1 = s.Value
		}
		if s, ok := lm.meta.Score("relation MRR"); ok {
			a.RelationMRR = s.Value
		}
		a.Candidates = topCandidates(scores, k, func(i int) string { return m.RelationIDs[i] }, func(i int) string { return m.RelText[i] },
			func(i int) bool { return m.known(h, i, t) })
		return tools.Result{Value: a, Text: kgText(a, def)}, nil
	})
}

// resultCount is the number of results a tool returns: k, or def when k
// is 0 (not given); outside 1..max it is a bad-arguments error naming tool.
func resultCount(tool string, k, def, max int) (int, error) {
	if k == 0 {
		return def, nil
	}
	if k < 1 || k > max {
		return 0, fmt.Errorf("%s: k must be 1 to %d, got %d: %w", tool, max, k, tools.ErrBadArgs)
	}
	return k, nil
}
