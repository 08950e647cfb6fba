// What happened, in the server's words, newest last. The cards a line names are links that open
// them in the table's preview (STCCG).
import { useEffect, useRef } from "preact/hooks";
import type { StccgCardRef } from "../../../gen/spacedock/v1/stccg_pb.js";
import type { LogLine } from "../../state/match.js";
import { Linked } from "../stccg/sequence/card_link.js";
import { gameEventRefs, linkCards, type Missions } from "../stccg/sequence/card_links.js";

export function EventLog(props: { lines: LogLine[]; look?: (card: StccgCardRef) => void; missions?: Missions }) {
  const { lines, look } = props;
  const end = useRef<HTMLParagraphElement>(null);
  // Keyed on the newest line, not the count: once the log is full its length stays the same.
  const newest = lines.length ? lines[lines.length - 1].seq : 0n;
  useEffect(() => end.current?.scrollIntoView({ block: "nearest" }), [newest]);
  return (
    <div class="event-log" role="log" aria-label="Game log" aria-live="polite">
      {lines.map((line) => (
        <p key={String(line.seq)}>
          {look ? (
            <Linked parts={linkCards(line.text, gameEventRefs(line.event, props.missions))} look={look} />
          ) : (
            line.text
          )}
        </p>
      ))}
      <p ref={end} aria-hidden="true" />
    </div>
  );
}
