// For a new deck: start from one of the server's sample decks, its list copied into the editor
// (the player's copy to change and save; the sample itself stays as it is).
import { useState } from "preact/hooks";
import type { SampleDeck } from "../../../gen/spacedock/v1/decks_pb.js";
import { sampleTitle } from "./deck_draft.js";

export function SampleStart(props: { samples: SampleDeck[]; start: (sample: SampleDeck) => void; busy: boolean }) {
  const [chosen, setChosen] = useState(0);
  const sample = props.samples[chosen] ?? props.samples[0];
  if (!sample) return null;
  return (
    <div class="sample-start" role="group" aria-label="Start from a sample deck">
      <label>
        Start from a sample deck
        <select value={chosen} onChange={(e) => setChosen(Number(e.currentTarget.value))}>
          {props.samples.map((s, i) => (
            <option value={i}>{sampleTitle(s)}</option>
          ))}
        </select>
      </label>
      <button type="button" disabled={props.busy} onClick={() => props.start(sample)}>
        Copy its list into the editor
      </button>
    </div>
  );
}
