package httpapi

import (
	"context"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

// TestLangchaingoClient: langchaingo's OpenAI client, pointed at the
// server, gets the answer as a chat completion and as a stream of the
// answer alone (the steps travel in an extension field).
func TestLangchaingoClient(t *testing.T) {
	_, srv := newTestServer(t, Options{Token: "tok"})
	llm, err := openai.New(openai.WithBaseURL(srv.URL+"/v1"), openai.WithToken("tok"), openai.WithModel("graphagent"), openai.WithHTTPClient(srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	want := "The shortest path from 0 to 33 has total weight 3 over 2 edges: 0, 19, 33."

	resp, err := llm.GenerateContent(ctx, []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, "You answer questions about graphs."),
		llms.TextParts(llms.ChatMessageTypeHuman, shortestQ),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Choices) != 1 || resp.Choices[0].Content != want || resp.Choices[0].StopReason != "stop" {
		t.Errorf("completion %+v", resp.Choices)
	}

	var chunks []string
	resp, err = llm.GenerateContent(ctx, []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, shortestQ)},
		llms.WithStreamingFunc(func(_ context.Context, chunk []byte) error {
			chunks = append(chunks, string(chunk))
			return nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	// The steps are not content by default (Options.Steps): the client
	// streams the answer alone.
	all := strings.Join(chunks, "")
	if all != want {
		t.Errorf("%d chunks:\n%s", len(chunks), all)
	}
	if resp.Choices[0].Content != all {
		t.Errorf("streamed content %q, chunks %q", resp.Choices[0].Content, all)
	}

	// A multi-turn conversation through the client: the graph of the
	// first question answers the follow-up.
	resp, err = llm.GenerateContent(ctx, []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeHuman, "Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2."),
		llms.TextParts(llms.ChatMessageTypeAI, "Loaded graph1: 4 nodes, 5 edges, undirected."),
		llms.TextParts(llms.ChatMessageTypeHuman, "How many triangles does it have?"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Choices[0].Content != "The graph has 2 triangles." {
		t.Errorf("follow-up %q", resp.Choices[0].Content)
	}

	bad, err := openai.New(openai.WithBaseURL(srv.URL+"/v1"), openai.WithToken("wrong"), openai.WithModel("graphagent"), openai.WithHTTPClient(srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bad.GenerateContent(ctx, []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, shortestQ)}); err == nil || !strings.Contains(err.Error(), "401") && !strings.Contains(err.Error(), "bearer token") {
		t.Errorf("wrong token: %v", err)
	}
}
