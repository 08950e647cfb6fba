// The hit being resolved, above the map: who hits whom (a ship, a mine, a hex event or a
// denizen), the damage rolled, and the evasion and shield power answered so far. The dice
// themselves are in the event log. Also a hex's repair waiting for its player's choice (EVENT_REPAIR),
// with the options the server offers as buttons.
import type { DecisionPrompt } from "../../../gen/spacedock/v1/game_pb.js";
import { IncursionsStep, type IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { eventRepairWords, hitWords } from "./words.js";

// `names`: the players' names by seat, when known.
export function HitPanel(props: { view: IncursionsView; me: number | undefined; names?: readonly string[] }) {
  const { view, me } = props;
  if (!view.hit) return null;
  const hit = view.hit;
  const { headline, details } = hitWords(hit, view, me, props.names);
  const kind = hit.event ? " is-event" : hit.attackingDenizen !== undefined ? " is-denizen" : "";
  return (
    <section
      class={`inc-hit-panel${hit.target === me ? " on-me" : ""}${kind}`}
      aria-label="Hit being resolved"
      aria-live="polite"
    >
      <span class="inc-damage" aria-hidden="true">
        {hit.evaded ? 0 : hit.damage}
      </span>
      <div>
        <p class="inc-hit-headline">{headline}</p>
        {details.length > 0 && <p class="small muted">{details.join(" · ")}</p>}
      </div>
    </section>
  );
}

// A hex repairs the viewer's ship (Spacestation): hull or shields, as the options say.
export function EventRepairPanel(props: {
  view: IncursionsView;
  prompt: DecisionPrompt | null;
  choose: (optionId: bigint) => void;
}) {
  const { prompt } = props;
  if (prompt?.context.case !== "incursions" || prompt.context.value.step !== IncursionsStep.EVENT_REPAIR) return null;
  const { headline, detail } = eventRepairWords(props.view, prompt.seat, prompt.title);
  return (
    <section class="inc-event-panel" aria-label="Hex repair">
      <span class="inc-event-icon" aria-hidden="true">
        +
      </span>
      <div>
        <p class="inc-hit-headline">{headline}</p>
        <p class="small muted">{detail}</p>
        <div class="inc-event-options">
          {prompt.options.map((option) => (
            <button
              type="button"
              class="inc-event-option"
              data-option={String(option.id)}
              onClick={() => props.choose(option.id)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
