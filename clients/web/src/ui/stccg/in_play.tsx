// A card in play with what is played on it, what is stored face down under it (a Zalkonian
// Storage Capsule's cards: named for their owner, backs for anyone else) and, for ships and
// facilities, what is aboard: one card with an "N aboard" toggle that lists the crew in place
// (opened by itself while the prompt offers something for a card aboard, so that no choice is
// out of sight).
import { useState } from "preact/hooks";
import type { StccgCardInPlay } from "../../../gen/spacedock/v1/stccg_pb.js";
import { Card, type CardSize } from "./card.js";
import type { PromptTargets } from "./prompt_targets.js";
import { useTable } from "./table_context.js";
import { cardTitle } from "./view_model.js";

// Whether the prompt offers anything for this card or anything aboard or on it.
export function hasOptionsWithin(c: StccgCardInPlay, targets: PromptTargets): boolean {
  const handle = c.card?.handle ?? 0;
  if (handle !== 0 && targets.byCard.has(handle)) return true;
  return (
    c.aboard.some((a) => hasOptionsWithin(a, targets)) ||
    c.attached.some((a) => hasOptionsWithin(a, targets)) ||
    c.stored.some((s) => s.handle !== 0 && targets.byCard.has(s.handle))
  );
}

export function InPlay(props: { c: StccgCardInPlay; where: string; size?: CardSize }) {
  const { c } = props;
  const t = useTable();
  const [open, setOpen] = useState<boolean | null>(null);
  const title = cardTitle(c.card);
  const aboard = c.aboard.length;
  const crewHot = c.aboard.some((a) => hasOptionsWithin(a, t.targets));
  const expanded = open ?? crewHot;
  const aboardWords = aboard ? [`${aboard} aboard`] : [];
  return (
    <div class={`in-play${aboard ? " carrier" : ""}`}>
      <Card card={c.card} inPlay={c} where={props.where} size={props.size} words={aboardWords} />
      {c.attached.length > 0 && (
        <div class="attached" role="group" aria-label={`Played on ${title}`}>
          {c.attached.map((a, i) => (
            <InPlay key={a.card?.handle || `a${i}`} c={a} where={`on ${title}`} size="mini" />
          ))}
        </div>
      )}
      {c.stored.length > 0 && (
        <div class="stored" role="group" aria-label={`Stored under ${title}: ${c.stored.length}`}>
          {c.stored.map((s, i) => (
            <Card key={s.handle || `s${i}`} card={s} where={`stored under ${title}`} size="mini" />
          ))}
        </div>
      )}
      {aboard > 0 && (
        <button
          type="button"
          class={`crew-toggle${crewHot ? " hot" : ""}`}
          aria-expanded={expanded}
          aria-label={`${aboard} aboard ${title}${crewHot ? ", with choices" : ""}`}
          onClick={() => setOpen(!expanded)}
        >
          <span aria-hidden="true">
            {expanded ? "▾" : "▸"} {aboard} aboard{crewHot ? " ✔" : ""}
          </span>
        </button>
      )}
      {aboard > 0 && expanded && (
        <div class="crew" role="group" aria-label={`Aboard ${title}`}>
          {c.aboard.map((a, i) => (
            <InPlay key={a.card?.handle || `c${i}`} c={a} where={`aboard ${title}`} size="mini" />
          ))}
        </div>
      )}
    </div>
  );
}
