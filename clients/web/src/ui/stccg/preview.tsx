// The fixed preview pane: the card last clicked or focused, as the viewer knows it (title, type,
// owner, controller, state, where it is) or, for a mission, its location's figures. It never
// floats over the table, and it is a polite live region so that a screen reader hears it.
import type { PreviewItem } from "./table_context.js";
import { useTable } from "./table_context.js";
import {
  cardTitle,
  endWords,
  figures,
  isHidden,
  placementWord,
  possessive,
  seatName,
  seedWords,
  stateWords,
  typeWord,
} from "./view_model.js";

export function Preview(props: { item: PreviewItem | null }) {
  const t = useTable();
  const item = props.item;
  if (!item)
    return (
      <aside class="preview empty" aria-label="Card preview">
        <p class="muted">Click or focus a card to see it here.</p>
      </aside>
    );
  const ref = item.card;
  const hidden = isHidden(ref);
  const c = item.inPlay;
  const facts: string[] = [];
  if (c && ref && c.controller !== ref.owner) facts.push(`Used by: ${seatName(t.sides, c.controller).toLowerCase()}`);
  if (c) facts.push(...figures(c), ...stateWords(c));
  if (c && c.hull > 0 && !stateWords(c).some((w) => w.startsWith("hull"))) facts.push(`hull ${c.hull}%`);
  if (c?.aboard.length) facts.push(`${c.aboard.length} aboard`);
  if (c?.attached.length) facts.push(`${c.attached.length} played on it`);
  const loc = item.location;
  return (
    <aside class="preview" aria-label="Card preview" aria-live="polite">
      <p class="preview-title">
        <b>{cardTitle(ref)}</b>
        <span class="muted">
          {" "}
          · {hidden ? "face down" : typeWord(ref!.type)}
          {ref && !hidden && ref.cardId ? ` · ${ref.cardId}` : ""}
        </span>
      </p>
      <p class="preview-where">
        {ref ? `${capital(possessive(t.sides, ref.owner))} card, ` : ""}
        {item.where}
      </p>
      {facts.length > 0 && <p class="preview-facts">{facts.join(" · ")}</p>}
      {loc && (
        <p class="preview-facts">
          {placementWord(loc.loc.placement)} · seeded by {seatName(t.sides, loc.loc.seeder).toLowerCase()} ·{" "}
          {seedWords(loc.seeds, t.sides)}
          <br />
          {t.sides.player ? "Your end" : `Seat ${t.sides.bottom}'s end`}:{" "}
          {endWords(loc.bottomEnd).join(" · ") || "—"}
          {!loc.sameEnds && (
            <>
              <br />
              {t.sides.player ? "Their end" : `Seat ${t.sides.top}'s end`}: {endWords(loc.topEnd).join(" · ") || "—"}
            </>
          )}
          {loc.bottomEnd?.requirements && (
            <>
              <br />
              Requires: <code>{loc.bottomEnd.requirements}</code>
            </>
          )}
        </p>
      )}
      {item.options.length > 0 && (
        <p class="preview-facts">Choices: {item.options.map((o) => o.label).join("; ")}</p>
      )}
    </aside>
  );
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
