// What happened, in the server's words, newest last.
import { useEffect, useRef } from "preact/hooks";
import type { LogLine } from "../../state/match.js";

export function EventLog({ lines }: { lines: LogLine[] }) {
  const end = useRef<HTMLParagraphElement>(null);
  // Keyed on the newest line, not the count: once the log is full its length stays the same.
  const newest = lines.length ? lines[lines.length - 1].seq : 0n;
  useEffect(() => end.current?.scrollIntoView({ block: "nearest" }), [newest]);
  return (
    <div class="event-log" role="log" aria-label="Game log" aria-live="polite">
      {lines.map((line) => (
        <p key={String(line.seq)}>{line.text}</p>
      ))}
      <p ref={end} aria-hidden="true" />
    </div>
  );
}
