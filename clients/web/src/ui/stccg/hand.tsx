// A row of cards the viewer holds: the hand, and while seeding the seed pile (the seed cards not
// seeded yet), which the seeding options name.
import type { StccgCardRef } from "../../../gen/spacedock/v1/stccg_pb.js";
import { Card } from "./card.js";
import { useTable } from "./table_context.js";

export function CardRow(props: { label: string; where: string; cards: StccgCardRef[]; kind: "hand" | "seed-pile" }) {
  const t = useTable();
  const hot = props.cards.filter((c) => c.handle !== 0 && t.targets.byCard.has(c.handle)).length;
  const count = props.cards.length === 1 ? "1 card" : `${props.cards.length} cards`;
  const label = `${props.label}, ${count}${hot ? `, ${hot} with choices` : ""}`;
  return (
    <section class={`card-row ${props.kind}`} role="group" aria-label={label}>
      <h3 class="row-label" aria-hidden="true">
        {props.label} <span class="muted">({props.cards.length})</span>
      </h3>
      <div class="row-cards">
        {props.cards.length === 0 && <p class="muted">Empty.</p>}
        {props.cards.map((c, i) => (
          <Card key={c.handle || `h${i}`} card={c} where={props.where} size="hand" />
        ))}
      </div>
    </section>
  );
}
