// The fixed preview pane: the card last pointed at, clicked or focused, as the viewer knows it
// (title, type, owner, controller, where it is, its figures as they stand and its state) or, for a
// mission, its location's figures; then the card in full as the Cards page shows it, with its
// picture when the server names a source. It never floats over the table. Its first lines are a
// polite live region, so that a screen reader hears them; the full card is there to read.
import { cardImageUrl } from "../cards/card_image.js";
import { CardDetail } from "../cards/card_detail.js";
import { cardFace, figureWords } from "./card_face.js";
import type { PreviewItem } from "./table_context.js";
import { useTable } from "./table_context.js";
import { CardArt } from "./tile_face.js";
import {
  cardTitle,
  endWords,
  isHidden,
  placementWord,
  seatWord,
  seedWords,
  stateWords,
  typeWord,
  whoseLabel,
} from "./view_model.js";

export function Preview(props: { item: PreviewItem | null }) {
  const t = useTable();
  const item = props.item;
  if (!item)
    return (
      <aside class="preview empty" aria-label="Card preview">
        <p class="muted">Point at, tap or focus a card to see it here.</p>
      </aside>
    );
  const ref = item.card;
  const hidden = isHidden(ref);
  const c = item.inPlay;
  const facts: string[] = [];
  if (c && ref && c.controller !== ref.owner) facts.push(`Used by: ${seatWord(t.sides, c.controller)}`);
  // A face-down ref has no card id: nothing of it is looked up.
  const data = hidden ? undefined : t.cards?.get(ref!.cardId);
  const face = cardFace(data, c);
  // The printed figures are in the full card below; here, what the game has changed.
  const now = c ? (face?.figures ?? []).filter((f) => f.value !== f.printed || f.left !== undefined) : [];
  if (c) facts.push(...now.map(figureWords), ...stateWords(c));
  if (c && c.hull > 0 && !stateWords(c).some((w) => w.startsWith("hull"))) facts.push(`hull ${c.hull}%`);
  if (c?.aboard.length) facts.push(`${c.aboard.length} aboard`);
  if (c?.attached.length) facts.push(`${c.attached.length} played on it`);
  const loc = item.location;
  const art = data ? cardImageUrl(t.imageTemplate ?? "", data) : "";
  return (
    <aside class="preview" aria-label="Card preview">
      <CardArt src={art} />
      <div class="preview-now" aria-live="polite">
        <p class="preview-title">
          <b>{cardTitle(ref)}</b>
          <span class="muted">
            {" "}
            · {hidden ? "face down" : typeWord(ref!.type)}
            {ref && !hidden && ref.cardId ? ` · ${ref.cardId}` : ""}
          </span>
        </p>
        <p class="preview-where">
          {ref ? `${whoseLabel(t.sides, ref.owner)} card, ` : ""}
          {item.where}
        </p>
        {facts.length > 0 && <p class="preview-facts">{facts.join(" · ")}</p>}
        {loc && (
          <p class="preview-facts">
            {placementWord(loc.loc.placement)} · seeded by {seatWord(t.sides, loc.loc.seeder)} ·{" "}
            {seedWords(loc.seeds, t.sides)}
            <br />
            {whoseLabel(t.sides, t.sides.bottom)} end: {endWords(loc.bottomEnd).join(" · ") || "—"}
            {!loc.sameEnds && (
              <>
                <br />
                {t.sides.player ? "Their" : whoseLabel(t.sides, t.sides.top)} end:{" "}
                {endWords(loc.topEnd).join(" · ") || "—"}
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
        {item.options.length > 0 && <p class="preview-facts">Choices: {item.options.map((o) => o.label).join("; ")}</p>}
      </div>
      {data && <CardDetail card={data} />}
    </aside>
  );
}
