// A player's bar: name and score, then every pile as a count (draw deck, discard, seed pile,
// bonus, out of play, side decks). A pile whose cards the viewer may see opens into a list; it
// opens by itself while the prompt offers something for one of its cards.
import type { StccgCardRef, StccgPlayer, StccgSideDeckView } from "../../../gen/spacedock/v1/stccg_pb.js";
import { Card } from "./card.js";
import { InPlay, hasOptionsWithin } from "./in_play.js";
import { useTable } from "./table_context.js";
import { cardTitle, ownerTag, possessive, seatName, sideDeckName, sideOf } from "./view_model.js";

export function PlayerBar(props: { player: StccgPlayer | undefined; seat: number; active: boolean }) {
  const t = useTable();
  const p = props.player;
  const who = seatName(t.sides, props.seat);
  const whose = possessive(t.sides, props.seat);
  const side = sideOf(t.sides, props.seat);
  if (!p) return null;
  const discardTop = p.discard[p.discard.length - 1];
  return (
    <section
      class={`player-bar ${side}${props.active ? " active" : ""}`}
      role="group"
      aria-label={`${who}: ${p.score} points`}
    >
      <h3 class="player-name">
        <span class="owner-mark" aria-hidden="true">
          {ownerTag(t.sides, props.seat)}
        </span>{" "}
        {who}
        {props.active && <span class="turn-mark"> · to play</span>}
      </h3>
      <span class="score" aria-label={`score ${p.score} points`}>
        <b>{p.score}</b> pts
      </span>
      <ul class="piles">
        <li class="pile">Hand {p.handCount}</li>
        <Pile name="Draw deck" count={p.drawCount} cards={p.drawDeck} where={`in ${whose} draw deck`} />
        <Pile
          name="Discard"
          count={p.discard.length}
          cards={[...p.discard].reverse()}
          where={`in ${whose} discard pile`}
          note={discardTop ? `top: ${cardTitle(discardTop)}` : undefined}
        />
        <Pile name="Seed pile" count={p.seedPileCount} cards={[]} where="" />
        <Pile name="Bonus" count={p.bonus.length} cards={p.bonus} where={`in ${whose} bonus point area`} />
        {p.outOfPlay.length > 0 && (
          <Pile name="Out of play" count={p.outOfPlay.length} cards={p.outOfPlay} where="out of play" />
        )}
        {p.sideDecks.map((d) => (
          <SideDeck key={d.kind} deck={d} whose={whose} />
        ))}
        {p.cardPlayUsed && <li class="pile flag">card play used</li>}
      </ul>
      {p.table.length > 0 && (
        <div class="table-strip" role="group" aria-label={`${who}, on the table`}>
          {p.table.map((c, i) => (
            <InPlay key={c.card?.handle || `t${i}`} c={c} where={`on ${whose} side of the table`} size="mini" />
          ))}
        </div>
      )}
    </section>
  );
}

// A count, and the cards when the viewer may see them (top or first listed first).
function Pile(props: { name: string; count: number; cards: StccgCardRef[]; where: string; note?: string }) {
  const t = useTable();
  if (props.cards.length === 0)
    return (
      <li class="pile">
        {props.name} {props.count}
      </li>
    );
  const hot = props.cards.some((c) => c.handle !== 0 && t.targets.byCard.has(c.handle));
  return (
    <li class={`pile${hot ? " hot" : ""}`}>
      <details open={hot || undefined}>
        <summary>
          {props.name} {props.count}
          {props.note && <span class="muted"> ({props.note})</span>}
          {hot && <span aria-label=", with choices"> ✔</span>}
        </summary>
        <div class="pile-cards">
          {props.cards.map((c, i) => (
            <Card key={c.handle || `p${i}`} card={c} where={props.where} size="mini" />
          ))}
        </div>
      </details>
    </li>
  );
}

function SideDeck(props: { deck: StccgSideDeckView; whose: string }) {
  const t = useTable();
  const d = props.deck;
  const name = sideDeckName(d.kind);
  const used = d.used.length ? `, ${d.used.length} used` : "";
  const state = `${d.door ? "open" : "closed"}, ${d.faceDown} face down${used}`;
  const hot =
    (d.door !== undefined && hasOptionsWithin(d.door, t.targets)) ||
    [...d.cards, ...d.used].some((c) => c.handle !== 0 && t.targets.byCard.has(c.handle));
  return (
    <li class={`pile side-deck${hot ? " hot" : ""}`}>
      <details open={hot || undefined}>
        <summary>
          {name} <span class="muted">({state})</span>
          {hot && <span aria-label=", with choices"> ✔</span>}
        </summary>
        <div class="pile-cards">
          {d.door && <InPlay c={d.door} where={`opening ${props.whose} ${name}`} size="mini" />}
          {d.cards.map((c, i) => (
            <Card key={c.handle || `s${i}`} card={c} where={`in ${props.whose} ${name}`} size="mini" />
          ))}
          {d.used.map((c, i) => (
            <Card key={c.handle || `u${i}`} card={c} where={`used, under ${props.whose} ${name}`} size="mini" />
          ))}
          {!d.door && d.cards.length === 0 && d.used.length === 0 && <span class="muted">Nothing to see.</span>}
        </div>
      </details>
    </li>
  );
}
