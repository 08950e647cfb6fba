// The ship, captain and crew a player brings to an Incursions seat with captains and crew, and
// the hexpile they contribute, from the content the server lists (ListCards, asked for once). In
// the full game (`full`) the crew come from the deck: the chooser offers a deck preset instead.
import type { Client } from "../../app/client.js";
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import { useIncursionsContent } from "../incursions/content_data.js";
import { cardLine } from "../incursions/officer_words.js";
import { dice } from "../incursions/words.js";
import {
  captainChoices,
  choiceSummary,
  crewBlock,
  crewCards,
  deckChoices,
  kMaxCrew,
  kStandardDeck,
  kStandardHexpile,
  playableShips,
  presetChoices,
  shipLabel,
  toggleCrew,
  type CrewChoice,
} from "./incursions_seat.js";

export function IncursionsSeatPicker(props: {
  client: Client;
  value: CrewChoice;
  onChange: (choice: CrewChoice) => void;
  full?: boolean; // the full game: a deck preset, no crew
}) {
  const { content, error } = useIncursionsContent(props.client.connection);
  if (error)
    return (
      <p class="error" role="alert">
        Could not load the ships and officers: {error}
      </p>
    );
  if (!content) return <p class="muted">Loading the ships and officers…</p>;
  const choice = props.value;
  const set = (change: Partial<CrewChoice>) => props.onChange({ ...choice, ...change });
  const ship = content.ships.find((s) => s.id === choice.ship);
  const captains = captainChoices(content);
  return (
    <fieldset class="inc-seat-picker">
      <legend>{props.full ? "Your ship, captain and deck" : "Your ship and officers"}</legend>
      <label>
        Ship
        <select value={choice.ship} onChange={(e) => set({ ship: e.currentTarget.value })}>
          <option value="">Random</option>
          {playableShips(content).map((s) => (
            <option value={s.id}>{shipLabel(s)}</option>
          ))}
        </select>
      </label>
      {ship && (
        <p class="hint inc-seat-ship">
          Hull {ship.hull} · shields {ship.shields} · evasion {ship.evasion} · {ship.w1?.name}{" "}
          {dice(ship.w1?.dice ?? 0, ship.w1?.flat ?? 0)} · {ship.w2?.name}{" "}
          {dice(ship.w2?.dice ?? 0, ship.w2?.flat ?? 0)} range {ship.w2?.range ?? 0}
          {ship.cloakCost ? ` · cloak ${ship.cloakCost} Pwr` : ""}
        </p>
      )}
      <label>
        Captain
        <select value={choice.captain} onChange={(e) => set({ captain: e.currentTarget.value })}>
          {captains.defaults.map((c) => (
            <option value={c.value}>{c.label}</option>
          ))}
          <optgroup label="Captains">
            {captains.captains.map((c) => (
              <option value={c.value}>{c.label}</option>
            ))}
          </optgroup>
          <optgroup label="Crew as stand-in captain">
            {captains.standIns.map((c) => (
              <option value={c.value}>{c.label}</option>
            ))}
          </optgroup>
        </select>
      </label>
      {props.full ? (
        <DeckSelect content={content} value={choice.deck ?? ""} onChange={(deck) => set({ deck })} />
      ) : (
        <div class="inc-seat-crew" role="group" aria-label="Crew">
          <p class="inc-seat-crew-head">
            Crew{" "}
            <span class="muted small">
              (up to {kMaxCrew}, one per position; {choice.crew.length} chosen)
            </span>
          </p>
          {crewCards(content).map((card) => {
            const chosen = choice.crew.includes(card.id);
            const block = crewBlock(choice, card, content);
            return (
              <label class={`check small${block ? " is-blocked" : ""}`}>
                <input
                  type="checkbox"
                  value={card.id}
                  checked={chosen}
                  disabled={!chosen && block !== null}
                  onChange={() => props.onChange(toggleCrew(choice, card.id, content))}
                />
                <span>
                  {cardLine(card)}
                  {block && <span class="muted"> — {block}</span>}
                </span>
              </label>
            );
          })}
        </div>
      )}
      <HexpileSelect content={content} value={choice.hexpile ?? ""} onChange={(hexpile) => set({ hexpile })} />
      <p class="hint inc-seat-summary">You bring {choiceSummary(choice, content, props.full)}.</p>
    </fieldset>
  );
}

// The hexpile alone, for a seat of the basic game.
export function HexpilePicker(props: { client: Client; value: string; onChange: (hexpile: string) => void }) {
  const { content, error } = useIncursionsContent(props.client.connection);
  if (error)
    return (
      <p class="error" role="alert">
        Could not load the hexpiles: {error}
      </p>
    );
  if (!content) return <p class="muted">Loading the hexpiles…</p>;
  return <HexpileSelect content={content} value={props.value} onChange={props.onChange} />;
}

function HexpileSelect(props: { content: IncursionsContent; value: string; onChange: (hexpile: string) => void }) {
  const choices = presetChoices(props.content);
  const value = props.value || kStandardHexpile;
  const hint = choices.find((c) => c.value === value)?.hint;
  return (
    <>
      <label>
        Hexpile
        <select value={value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          {choices.map((c) => (
            <option value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
      {hint && <p class="hint inc-seat-hexpile">The hexes you bring: {hint}.</p>}
    </>
  );
}

// The deck preset a seat of the full game brings, and what is in it.
function DeckSelect(props: { content: IncursionsContent; value: string; onChange: (deck: string) => void }) {
  const choices = deckChoices(props.content);
  const value = props.value || kStandardDeck;
  const hint = choices.find((c) => c.value === value)?.hint;
  return (
    <>
      <label>
        Deck
        <select value={value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          {choices.map((c) => (
            <option value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
      {hint && <p class="hint inc-seat-deck">{hint}.</p>}
    </>
  );
}
