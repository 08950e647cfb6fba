// Step, play and seek through the replay, with the event the cursor stands on.
import type { GameEvent } from "../../../gen/spacedock/v1/game_pb.js";
import { kSpeeds } from "./replay_position.js";
import type { Playback } from "./use_playback.js";

export function positionWords(position: number, end: number): string {
  return position === 0 ? `Start (0 of ${end} events)` : `Event ${position} of ${end}`;
}

export function ReplayControls({ playback, events }: { playback: Playback; events: GameEvent[] }) {
  const { position, playing } = playback;
  const end = events.length;
  return (
    <section class="panel replay-controls" aria-label="Replay controls">
      <div class="replay-buttons">
        <button type="button" aria-label="To the start" disabled={position === 0} onClick={() => playback.seek(0)}>
          |◀
        </button>
        <button type="button" aria-label="Step back" disabled={position === 0} onClick={() => playback.step(-1)}>
          ◀
        </button>
        <button
          type="button"
          class="primary play"
          aria-label={playing ? "Pause" : "Play"}
          onClick={playback.toggle}
          disabled={end === 0}
        >
          {playing ? "❚❚ Pause" : "▶ Play"}
        </button>
        <button type="button" aria-label="Step forward" disabled={position >= end} onClick={() => playback.step(1)}>
          ▶
        </button>
        <button type="button" aria-label="To the end" disabled={position >= end} onClick={() => playback.seek(end)}>
          ▶|
        </button>
        <label class="replay-speed">
          Speed
          <select value={String(playback.speed)} onChange={(e) => playback.setSpeed(Number(e.currentTarget.value))}>
            {kSpeeds.map((speed) => (
              <option value={String(speed)}>{speed}×</option>
            ))}
          </select>
        </label>
      </div>
      <label class="replay-seek">
        <span>{positionWords(position, end)}</span>
        <input
          type="range"
          min={0}
          max={end}
          step={1}
          value={position}
          aria-label="Position in the replay"
          aria-valuetext={positionWords(position, end)}
          onInput={(e) => playback.seek(Number(e.currentTarget.value))}
        />
      </label>
      <p class="replay-now" aria-live={playing ? "off" : "polite"}>
        {position > 0 ? events[position - 1].text : "Before the first event."}
      </p>
      <p class="muted small replay-keys">
        <kbd>←</kbd> <kbd>→</kbd> step (<kbd>Shift</kbd>: ten), <kbd>Space</kbd> play or pause, <kbd>Home</kbd>{" "}
        <kbd>End</kbd> jump
      </p>
    </section>
  );
}
