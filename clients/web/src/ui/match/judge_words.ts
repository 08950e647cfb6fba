// What a judge reads while their delayed table has not appeared yet: the server shows a judge
// the game only once it is older than the judge delay (Welcome.judge_delay_ms), from the start
// (MatchInfo.started_at_ms). Either may be 0 (a server that does not send it, a match waiting).

// "2 min", "1 min 30 s", "45 s".
export function delayWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

// "18:07", in this browser's time zone.
export function clockTime(ms: number): string {
  const at = new Date(ms);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

export function judgeWaitWords(delayMs: number, startedAtMs: number, nowMs: number): string {
  const behind = delayMs > 0 ? `runs ${delayWords(delayMs)} behind the game` : "runs behind the game";
  if (startedAtMs <= 0) {
    const when = delayMs > 0 ? `${delayWords(delayMs)} after the match starts` : "a while after the match starts";
    return `Judge view: ${behind}; the table appears ${when}.`;
  }
  if (delayMs <= 0) return `Judge view: ${behind}, which started at ${clockTime(startedAtMs)}; the table appears soon.`;
  const from = startedAtMs + delayMs;
  // The server looks every ten seconds or so: past the moment, it is on its way.
  if (from <= nowMs) return `Judge view: ${behind}; the table appears in a moment.`;
  return `Judge view: ${behind}; the table appears from ${clockTime(from)}.`;
}
