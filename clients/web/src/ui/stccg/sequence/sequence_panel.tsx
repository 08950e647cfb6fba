// The table's account of what a decision set off (an attempt, a battle, a captive taken), one
// step at a time, with its controls: pause or play, one step, skip to the end, and the viewer's
// setting for next time. It sits in the table's flow, above the players' bars, so that it never
// covers a card to click.
import { useContext, useEffect, useRef } from "preact/hooks";
import type { StccgCardRef } from "../../../../gen/spacedock/v1/stccg_pb.js";
import { pending, shownScene } from "../../../state/sequence.js";
import type { SequenceMode, SequencePlayer } from "../../../state/sequence_player.js";
import { useTable } from "../table_context.js";
import { seatName } from "../view_model.js";
import { Linked } from "./card_link.js";
import type { Missions } from "./card_links.js";
import { SceneItem } from "./scene_items.js";
import { sceneView, type Words } from "./scene_words.js";
import { SequenceContext } from "./sequence_context.js";
import "./sequence.css";

const kModes: [SequenceMode, string][] = [
  ["play", "Play it"],
  ["step", "Step by hand"],
  ["skip", "Show it all at once"],
];

export function SequencePanel({ missions }: { missions: Missions }) {
  const link = useContext(SequenceContext);
  const t = useTable();
  const list = useRef<HTMLOListElement>(null);
  const state = link?.player.state.value;
  // The newest step in sight, within the list only: the page itself does not move.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [state?.shown, state?.steps.length]);
  if (!link || !state) return null;
  const { player } = link;
  const scene = shownScene(state);
  const left = pending(state);
  // Closed by the viewer: it stays closed unless more of it comes.
  if (!scene || (player.dismissed.value === scene.id && left === 0)) return null;
  const words: Words = {
    seat: (s) =>
      s === 255 ? "a self-controlling card" : t.sides.player && s === t.sides.bottom ? "you" : seatName(t.sides, s),
    missions,
  };
  const view = sceneView(scene, words);
  const look = (card: StccgCardRef) => player.look(card);
  return (
    <section class={`sequence ${scene.kind}`} aria-label="What happened">
      <header class="sequence-head">
        <h3>
          <Linked parts={view.title.parts} look={look} />
        </h3>
        <Controls player={player} left={left} playing={state.playing} />
      </header>
      {view.group.length > 0 && (
        <p class="seq-group">
          Group:{" "}
          <Linked
            parts={view.group.flatMap((card, i) => [...(i > 0 ? [", "] : []), { card, text: card.title }])}
            look={look}
          />
        </p>
      )}
      <ol class="seq-items" ref={list} aria-live="polite">
        {view.items.map((item) => (
          <SceneItem key={item.key} item={item} look={look} cards={t.cards} />
        ))}
      </ol>
      {link.waiting && left > 0 && (
        <p class="seq-waiting" role="status">
          Your decision is waiting.{" "}
          <button type="button" class="primary" onClick={() => player.skip()}>
            Show it now
          </button>
        </p>
      )}
    </section>
  );
}

function Controls(props: { player: SequencePlayer; left: number; playing: boolean }) {
  const { player, left } = props;
  return (
    <div class="seq-controls" role="group" aria-label="Playback of what happened">
      {left > 0 ? (
        <>
          {props.playing ? (
            <button type="button" onClick={() => player.pause()}>
              Pause
            </button>
          ) : (
            <button type="button" onClick={() => player.play()}>
              Play
            </button>
          )}
          <button type="button" onClick={() => player.step()} aria-label={`Next step (${left} to come)`}>
            Step › <span class="muted">{left}</span>
          </button>
          <button type="button" onClick={() => player.skip()}>
            Skip to the end »
          </button>
        </>
      ) : (
        <button type="button" onClick={() => player.dismiss()} aria-label="Close what happened">
          Close ×
        </button>
      )}
      <label class="seq-mode">
        <span class="muted">Show what happens:</span>{" "}
        <select value={player.mode.value} onChange={(e) => player.setMode(e.currentTarget.value as SequenceMode)}>
          {kModes.map(([mode, words]) => (
            <option value={mode}>{words}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
