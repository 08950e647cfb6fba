// The hexpiles as counts (their order is never sent), the hexes left in a pile when the view
// lists them (its sole contributor's), and the match's options.
import { HexpileMode, type IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { capitalise, groupHexIds, ownerName } from "./words.js";

export function Hexpiles({ view, me }: { view: IncursionsView; me: number | undefined }) {
  const options = view.options;
  return (
    <section class="inc-piles" aria-label="Hexpiles">
      <h2 class="small">Hexpiles</h2>
      <ul>
        {view.hexpiles.map((pile) => (
          <li>
            {pile.ownerSeat === undefined ? "Shared pile" : `${capitalise(ownerName(pile.ownerSeat, me))} pile`}:{" "}
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
              Hexes left in {pile.ownerSeat === undefined ? "the shared" : ownerName(pile.ownerSeat, me)} pile ({pile.ownHexes.length})
            </summary>
            <p class="small">{groupHexIds(pile.ownHexes).join(", ")}</p>
          </details>
        ))}
      {options && (
        <p class="small muted">
          {options.players} players · {options.hexpileMode === HexpileMode.SHARED ? "one shared hexpile" : "a hexpile each"} · turn cap{" "}
          {options.turnCap}
        </p>
      )}
    </section>
  );
}
