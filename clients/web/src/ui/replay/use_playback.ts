// The replay's cursor: where it stands, whether it plays and how fast. Playing moves one event
// per step until the end.
import { useEffect, useRef, useState } from "preact/hooks";
import { clampPosition, stepDelayMs } from "./replay_position.js";

export interface Playback {
  position: number;
  playing: boolean;
  speed: number;
  seek: (position: number) => void;
  step: (by: number) => void;
  toggle: () => void;
  setSpeed: (speed: number) => void;
}

export function usePlayback(end: number): Playback {
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);

  // Another replay (another view) has another number of events: stay at the end if there,
  // else start over.
  const lastEnd = useRef(0);
  useEffect(() => {
    setPosition((p) => (lastEnd.current > 0 && p >= lastEnd.current ? end : 0));
    lastEnd.current = end;
  }, [end]);

  useEffect(() => {
    if (!playing) return;
    if (position >= end) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setPosition((p) => Math.min(end, p + 1)), stepDelayMs(speed));
    return () => clearTimeout(timer);
  }, [playing, position, speed, end]);

  const seek = (to: number) => setPosition(clampPosition(to, end));
  return {
    position: Math.min(position, end),
    playing,
    speed,
    seek,
    // Stepping by hand stops the play: the user has taken over.
    step: (by) => {
      setPlaying(false);
      seek(position + by);
    },
    toggle: () => {
      if (!playing && position >= end) setPosition(0); // play again from the start
      setPlaying(!playing);
    },
    setSpeed,
  };
}
