// The hit being resolved (an attack or a mine): who hit whom with what, the damage rolled, and
// the evasion and shield power answered so far. The dice themselves are in the event log.
import type { IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { hitWords } from "./words.js";

export function HitPanel({ view, me }: { view: IncursionsView; me: number | undefined }) {
  if (!view.hit) return null;
  const hit = view.hit;
  const { headline, details } = hitWords(hit, view, me);
  return (
    <section class={`inc-hit-panel${hit.target === me ? " on-me" : ""}`} aria-label="Hit being resolved" aria-live="polite">
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
