// Every event of the replay, the one the cursor stands on marked and kept in sight; choosing
// one moves the cursor just after it.
import { useEffect, useRef } from "preact/hooks";
import type { GameEvent } from "../../../gen/spacedock/v1/game_pb.js";

export function ReplayEvents(props: { events: GameEvent[]; position: number; seek: (position: number) => void }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Scroll the list alone (scrollIntoView would move the page as well).
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !item) return;
    if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = item.offsetTop - box.clientHeight / 2;
  }, [props.position, props.events]);
  const at = (position: number) => (position === props.position ? "step" : undefined);
  return (
    <ol class="replay-events" ref={list} aria-label="Events">
      <li aria-current={at(0)}>
        <button type="button" onClick={() => props.seek(0)}>
          <span class="replay-seq">0</span> Start
        </button>
      </li>
      {props.events.map((event, i) => (
        <li key={i} aria-current={at(i + 1)} class={i + 1 > props.position ? "later" : undefined}>
          <button type="button" onClick={() => props.seek(i + 1)}>
            <span class="replay-seq">{i + 1}</span> {event.text || "(an event with no words)"}
          </button>
        </li>
      ))}
    </ol>
  );
}
