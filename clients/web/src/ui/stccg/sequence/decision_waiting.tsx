// In the rail, where the decision opens: the viewer's decision came while what happened before
// it is still being shown on the table. It waits, visibly, until then or until asked for.
import type { SequencePlayer } from "../../../state/sequence_player.js";

export function DecisionWaiting({ player }: { player: SequencePlayer }) {
  return (
    <section class="prompt waiting" aria-label="Decision">
      <p role="status">
        <b>Your decision is waiting</b>
        <span class="muted"> until the table has shown what happened.</span>
      </p>
      <button type="button" class="primary" onClick={() => player.skip()}>
        Show it now
      </button>
    </section>
  );
}
