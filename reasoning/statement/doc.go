// Package statement reads, prints and runs Graph-ToolFormer's API-call
// statements: sentences into which graph loading (GL) and graph reasoning
// (GR) calls have been inserted, such as
//
//	The radius of the truncated tetrahedron graph is [GR(GL("gpr", {"truncated_tetrahedron_graph"}), "toolx:radius")-->r].
//
// # Grammar
//
// The parser is hand-written recursive descent over this grammar (EBNF;
// spaces are allowed between any two symbols inside a call):
//
//	statement   = { text | placeholder | call } .
//	placeholder = "[" "TBR" "]" .
//	call        = "[" invocation [ arrow target ] "]" .
//	arrow       = "-->" | "->" | "–>" | "→" .
//	target      = any characters but "[" and "]", not all spaces .
//	invocation  = ( "GL" | "GR" ) "(" [ value { "," value } [ "," ] ] ")" .
//	value       = invocation | string | set | tuple | keyed | number | ref | word .
//	set         = "{" [ value { "," value } [ "," ] ] "}" .
//	tuple       = "(" [ value { "," value } [ "," ] ] ")" .
//	string      = '"' chars '"' | "'" chars "'" | "“" chars "”" | "‘" chars "’" .
//	keyed       = token ":" value .                 (a first token ending in ':')
//	bare        = token { spaces token } .          (an unquoted phrase)
//	number      = a bare phrase of the form [+-] digits [ "." digits ] [ ("e"|"E") [+-] digits ] .
//	ref         = kind [ spaces ] "#" id .          (a bare phrase, or a string's whole content)
//	word        = any other bare phrase .
//	kind        = letter { letter | digit | "_" | "-" } .
//	token       = one or more characters other than spaces , ( ) [ ] { } " “ ” .
//	id          = a token .
//
// A '[' that does not open "[TBR]" or "[GL(" / "[GR(" is ordinary text, so
// calls are found inside any sentence. Inside a string a backslash escapes
// the next character. Text outside calls is kept exactly as written.
//
// The spellings found in the Graph-ToolFormer data and paper are all
// covered: references bare (paper#83826, entity#/m/0gs9p,
// entity#state.v.01, user#u3), quoted ("node#6") or spaced (node #4);
// sets and tuples of quoted or unquoted phrases ({New York City, Los
// Angeles}); the paper's named arguments (file-path:"./graphs/lollipop")
// and bound names (GL("lollipop") --> G, then GR(G, "toolx:order")).
// Tool names are matched with hyphens and underscores alike
// ("toolx:shortest-path" is "toolx:shortest_path") by the executor.
//
// # Errors
//
// A malformed call is a *SyntaxError (wrapping ErrSyntax) with the byte
// offset, the line and the column (in characters) and what the grammar
// expected there.
//
// # Printing
//
// Statement.String prints the canonical spelling: straight double quotes,
// ", " between arguments, "key: value" for named arguments and "-->"
// before the result name. Parsing the printed statement gives an Equal
// tree.
package statement
