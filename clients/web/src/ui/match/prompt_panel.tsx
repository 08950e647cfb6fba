// The open decision: its title, every option as a button (the fallback to clicking the table),
// and the server's words when it refused an answer. Digits 1-9 answer the first nine options.
import { useEffect } from "preact/hooks";
import { DecisionKind, type DecisionPrompt } from "../../../gen/spacedock/v1/game_pb.js";
import type { MatchStore } from "../../state/match.js";
import { cutChoice } from "../incursions/cut_choice.js";
import { CutPrompt } from "../incursions/cut_prompt.js";
import { optionLabel } from "../incursions/words.js";
import { seatNames } from "../lobby/names.js";
import { resultLine } from "../result_words.js";

// `live`: the link is up; while it is down the decision shows but cannot be answered.
// `beforeTable`: what to say until the first snapshot (a judge's table comes late).
export function PromptPanel({ store, live, beforeTable }: { store: MatchStore; live: boolean; beforeTable?: string }) {
  const prompt = store.prompt.value;
  const answering = store.answering.value || !live;
  useEffect(() => {
    // A cut is asked as a count: its options are not listed, so no digit answers one.
    if (!prompt || answering || cutChoice(prompt)) return;
    const keys = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const index = Number(e.key) - 1;
      if (Number.isInteger(index) && index >= 0 && index < Math.min(9, prompt.options.length))
        store.choose([prompt.options[index].id]);
    };
    addEventListener("keydown", keys);
    return () => removeEventListener("keydown", keys);
  }, [prompt, answering]);

  if (store.superseded.value)
    return (
      <section class="prompt superseded" aria-label="Decision">
        <p role="alert">This match is open in another tab or window, which now plays your seat.</p>
        <button type="button" class="primary" onClick={() => store.takeBack()}>
          Play here
        </button>
      </section>
    );
  return (
    <section class={`prompt${prompt ? " open" : ""}`} aria-label="Decision">
      {prompt ? (
        <OpenPrompt prompt={prompt} store={store} busy={answering} />
      ) : (
        <Waiting store={store} beforeTable={beforeTable} />
      )}
      {store.refusal.value && (
        <p class="error" role="alert">
          {store.refusal.value}
        </p>
      )}
    </section>
  );
}

function OpenPrompt(props: { prompt: DecisionPrompt; store: MatchStore; busy: boolean }) {
  const { prompt } = props;
  const some = prompt.kind === DecisionKind.CHOOSE_SOME;
  const cut = cutChoice(prompt);
  if (cut)
    return (
      <>
        <div role="status">
          <h2>Your decision: {prompt.title}</h2>
        </div>
        <CutPrompt
          key={prompt.decisionId}
          cut={cut}
          busy={props.busy}
          choose={(optionId) => props.store.choose([optionId])}
        />
      </>
    );
  return (
    <>
      <div role="status">
        <h2>Your decision: {prompt.title}</h2>
      </div>
      {some && (
        <p class="muted">
          Choose {prompt.minChoices} to {prompt.maxChoices}.
        </p>
      )}
      <ol class="options">
        {prompt.options.map((option, index) => (
          <li key={String(option.id)}>
            <button
              type="button"
              class="option"
              disabled={props.busy}
              data-option={String(option.id)}
              onClick={() => props.store.choose([option.id])}
            >
              {index < 9 && <kbd>{index + 1}</kbd>} {optionLabel(prompt, option)}
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}

function Waiting({ store, beforeTable }: { store: MatchStore; beforeTable?: string }) {
  const snapshot = store.snapshot.value;
  const info = store.info.value;
  if (!snapshot) return <p class="muted">{beforeTable ?? "Waiting for the match to start…"}</p>;
  const result = info?.result ? resultLine(info.result, seatNames(info)) : "";
  if (result) return <p>{result}</p>;
  if (store.seat() === undefined) return <p class="muted">Watching.</p>;
  const auto = store.autoAnswered.value;
  return (
    <>
      <p class="muted">Waiting for the other player…</p>
      {auto && (
        <p
          class="muted small auto-answered"
          title="Your setting: auto-pass response windows when you hold no Play-any-time card"
        >
          Passed automatically ({auto.count}): {auto.title.replace(/: respond\?$/, "")}
        </p>
      )}
    </>
  );
}
