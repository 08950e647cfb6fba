// The checked list, numbered, with every problem beside (or, on a narrow screen, under) the
// line it comes from, and the problems about the whole deck above it.
import { useState } from "preact/hooks";
import type { DeckProblem, DeckValidation } from "../../../gen/spacedock/v1/decks_pb.js";
import { buildListing, linesWithProblems, problemWords } from "./deck_problems.js";

export interface Checked {
  text: string;
  thirty: boolean;
  validation: DeckValidation;
}

function Problems({ problems }: { problems: DeckProblem[] }) {
  return (
    <ul class="deck-problems">
      {problems.map((problem) => (
        <li>
          <code class="deck-problem-code">{problem.code}</code> {problemWords(problem)}
        </li>
      ))}
    </ul>
  );
}

export function DeckListing(props: {
  checked: Checked;
  stale: boolean; // the editor's text has changed since this check
  onPick: (line: number) => void;
}) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const { text, thirty, validation } = props.checked;
  const listing = buildListing(text, validation.problems);
  const reading = thirty ? "30/30 decks" : "exactly 60 cards";
  const shown = onlyProblems ? listing.lines.filter((line) => line.problems.length) : listing.lines;
  return (
    <section class={`deck-check${props.stale ? " stale" : ""}`} aria-label="Deck check">
      <div class="deck-check-head">
        {validation.legal ? (
          <p class="legal" role="status">
            Legal ({reading}).
          </p>
        ) : (
          <p class="error" role="status">
            {validation.problems.length} problem{validation.problems.length === 1 ? "" : "s"}
            {linesWithProblems(listing) > 0 && `, on ${linesWithProblems(listing)} line(s)`} ({reading}).
          </p>
        )}
        {props.stale && <p class="muted small">The list has changed since this check.</p>}
        {!validation.legal && (
          <label class="check">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.currentTarget.checked)} />
            Only lines with problems
          </label>
        )}
      </div>
      {listing.whole.length > 0 && (
        <div class="deck-whole">
          <h3>The whole deck</h3>
          <Problems problems={listing.whole} />
        </div>
      )}
      <ol class="deck-listing" aria-label="The list, line by line">
        {shown.map((line) => (
          <li key={line.number} class={line.problems.length ? "has-problem" : undefined}>
            <button
              type="button"
              class="line-number"
              aria-label={`Go to line ${line.number} in the editor`}
              onClick={() => props.onPick(line.number)}
            >
              {line.number}
            </button>
            <code class="line-text">{line.text || " "}</code>
            {line.problems.length > 0 && <Problems problems={line.problems} />}
          </li>
        ))}
      </ol>
    </section>
  );
}
