// The hexpiles as counts (their order is never sent), the hexes left in a pile when the view
// lists them (its sole contributor's), and the match's options.
import { HexpileMode, type IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { groupHexIds, ownerLabel, ownerName } from "./words.js";

export function Hexpiles({
  view,
  me,
  names,
}: {
  view: IncursionsView;
  me: number | undefined;
  names?: readonly string[];
}) {
  const options = view.options;
  // "your", "alice's", "Player 2's": the players' names when the page has them, as they are written.
  const whose = (seat: number, first = false) => (first ? ownerLabel(seat, me, names) : ownerName(seat, me, names));
  return (
    <section class="inc-piles" aria-label="Hexpiles">
      <h2 class="small">Hexpiles</h2>
      <ul>
        {view.hexpiles.map((pile) => (
          <li>
            {pile.ownerSeat === undefined ? "Shared pile" : `${whose(pile.ownerSeat, true)} pile`}:{" "}
            <b>{pile.remaining}</b> left
            <span class="muted"> · {pile.hexpoints} hexpoints</span>
          </li>
        ))}
      </ul>
      {view.hexpiles
        .filter((pile) => pile.ownHexes.length > 0)
        .map((pile) => (
          <details>
            <summary>
              Hexes left in {pile.ownerSeat === undefined ? "the shared" : whose(pile.ownerSeat)} pile (
              {pile.ownHexes.length})
            </summary>
            <p class="small">{groupHexIds(pile.ownHexes).join(", ")}</p>
          </details>
        ))}
      {options && (
        <p class="small muted">
          {options.players} players ·{" "}
          {options.hexpileMode === HexpileMode.SHARED ? "one shared hexpile" : "a hexpile each"} · turn cap{" "}
          {options.turnCap}
        </p>
      )}
    </section>
  );
}
