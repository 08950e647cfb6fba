// The replay's keys, page-wide: ← → step (with Shift, ten at a time), Home and End jump, Space
// plays or pauses. Keys typed into a field, and Space on a button or link, keep their usual
// meaning.
import { useEffect, useRef } from "preact/hooks";
import type { Playback } from "./use_playback.js";

export function useReplayKeys(playback: Playback, end: number): void {
  const latest = useRef({ playback, end });
  latest.current = { playback, end };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      const { playback: p, end: last } = latest.current;
      const by = e.shiftKey ? 10 : 1;
      if (e.key === "ArrowLeft") p.step(-by);
      else if (e.key === "ArrowRight") p.step(by);
      else if (e.key === "Home") p.seek(0);
      else if (e.key === "End") p.seek(last);
      else if (e.key === " " && !target?.closest("button, a")) p.toggle();
      else return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
