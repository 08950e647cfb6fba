// What is going on: the phase and whose turn it is, the mission attempt under way, the cards
// waiting to resolve or put on hold, and the prompt's options that have no place on the table
// (pass, end turn, yes/no), as a short row of buttons. The rail's prompt panel lists every option
// as well.
import type { StccgView } from "../../../gen/spacedock/v1/stccg_pb.js";
import { Card } from "./card.js";
import { useTable } from "./table_context.js";
import { cardTitle, phaseWords, possessive, seatWord, sideOf } from "./view_model.js";

export function PhaseLine(props: { view: StccgView; prompting: boolean }) {
  const t = useTable();
  const { view } = props;
  return (
    <p class={`phase-line ${sideOf(t.sides, view.activeSeat)}`}>
      <span class="phase">{phaseWords(view, t.sides)}</span>
      {props.prompting && <span class="your-call"> · your decision</span>}
    </p>
  );
}

export function AttemptAndResolving(props: { view: StccgView }) {
  const t = useTable();
  const { view } = props;
  const a = view.attempt;
  if (!a && view.resolving.length === 0 && view.held.length === 0) return null;
  const at = view.spaceline.find((l) => l.index === a?.location);
  const mission = at ? cardTitle(at.mission) : `location ${(a?.location ?? 0) + 1}`;
  return (
    <section class="happening" aria-label="Under way">
      {a && (
        <div class={`attempt ${sideOf(t.sides, a.seat)}`} role="group" aria-label={`Mission attempt at ${mission}`}>
          <h3>
            Attempt at {mission} by {seatWord(t.sides, a.seat)}
          </h3>
          <div class="cards">
            {a.vessel && <Card card={a.vessel} where={`attempting ${mission}`} size="mini" />}
            {a.members.map((m, i) => (
              <Card key={m.handle || `m${i}`} card={m} where={`in the group attempting ${mission}`} size="mini" />
            ))}
            {a.dilemma && (
              <span class="facing">
                <span aria-hidden="true">facing</span>
                <Card
                  card={a.dilemma}
                  where={`met by ${possessive(t.sides, a.seat)} group at ${mission}`}
                  size="mini"
                />
              </span>
            )}
          </div>
        </div>
      )}
      {view.resolving.length > 0 && (
        <div class="resolving" role="group" aria-label="Waiting to resolve">
          <h3>Resolving</h3>
          <div class="cards">
            {view.resolving.map((c, i) => (
              <Card key={c.handle || `r${i}`} card={c} where="waiting to resolve" size="mini" />
            ))}
          </div>
        </div>
      )}
      {view.held.length > 0 && (
        <div class="resolving" role="group" aria-label="On hold">
          <h3>On hold</h3>
          <div class="cards">
            {view.held.map((c, i) => (
              <Card key={c.handle || `h${i}`} card={c} where="played and put on hold" size="mini" />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

// Options with no card or location to click: End turn, Pass, Yes/No, Done...
export function OtherOptions(props: { choose: (id: bigint) => void }) {
  const t = useTable();
  const other = t.targets.other;
  if (other.length === 0) return null;
  return (
    <div class="other-options" role="group" aria-label="Other choices">
      {other.map((o) => (
        <button type="button" key={String(o.id)} onClick={() => props.choose(o.id)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
