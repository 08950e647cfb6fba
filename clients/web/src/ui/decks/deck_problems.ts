// Puts a validation's problems beside the lines of the list they come from.
import type { DeckProblem } from "../../../gen/spacedock/v1/decks_pb.js";

export interface ListingLine {
  number: number; // 1 is the first line, as DeckProblem.line counts
  text: string;
  problems: DeckProblem[];
}

export interface Listing {
  lines: ListingLine[];
  // Problems about the deck as a whole (line 0), or naming a line the list does not have.
  whole: DeckProblem[];
}

// The server splits a list at "\n" and trims each line, so a "\r" before it is not content.
export function listLines(text: string): string[] {
  return text.split("\n").map((line) => line.replace(/\r$/, ""));
}

export function buildListing(text: string, problems: readonly DeckProblem[]): Listing {
  const lines: ListingLine[] = listLines(text).map((line, at) => ({
    number: at + 1,
    text: line,
    problems: [],
  }));
  const whole: DeckProblem[] = [];
  for (const problem of problems) {
    const line = lines[problem.line - 1];
    if (problem.line > 0 && line) line.problems.push(problem);
    else whole.push(problem);
  }
  return { lines, whole };
}

// The problem's words without the "line N: " the server starts them with: shown beside the
// line, the number is already there. An unknown card's near name follows, if the server found
// one ("Gowrn": "did you mean Gowron?").
export function problemWords(problem: DeckProblem): string {
  const words = problem.message.replace(/^line \d+: /, "");
  if (!problem.suggestion || words.includes(problem.suggestion)) return words;
  return `${words.replace(/\.$/, "")}: did you mean ${problem.suggestion}?`;
}

// How many lines carry at least one problem.
export function linesWithProblems(listing: Listing): number {
  return listing.lines.filter((line) => line.problems.length > 0).length;
}
