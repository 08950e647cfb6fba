// The cut asked as a count (a slider and a number) rather than a button per count.
import { useState } from "preact/hooks";
import { clampCut, countWords, cutWords, middleCut, type CutChoice } from "./cut_choice.js";

export function CutPrompt(props: { cut: CutChoice; busy: boolean; choose: (optionId: bigint) => void }) {
  const { cut } = props;
  const [count, setCount] = useState(() => middleCut(cut));
  const option = cut.options.get(count);
  const unit = cut.unit === "hex" ? "Hexes" : "Cards";
  const pick = (value: string) => setCount(clampCut(cut, Number(value)));
  return (
    <form
      class="cut-prompt"
      aria-label="Cut"
      onSubmit={(e) => {
        e.preventDefault();
        if (option !== undefined) props.choose(option);
      }}
    >
      <div class="cut-count">
        <input
          type="range"
          min={cut.min}
          max={cut.max}
          value={count}
          aria-label={`${unit} to move to the bottom (slider)`}
          onInput={(e) => pick(e.currentTarget.value)}
        />
        <label>
          {unit} to move
          <input
            type="number"
            min={cut.min}
            max={cut.max}
            value={count}
            onInput={(e) => e.currentTarget.value !== "" && pick(e.currentTarget.value)}
          />
        </label>
      </div>
      <p class="muted small">
        From {countWords(cut.min, cut.unit)} to {countWords(cut.max, cut.unit)}.
      </p>
      <button type="submit" class="primary" disabled={props.busy || option === undefined}>
        {cutWords(count, cut.unit)}
      </button>
    </form>
  );
}
