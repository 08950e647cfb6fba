// Checks the list being edited with ValidateDeck a moment after the typing stops, so that the
// problems follow the edits without a request per key.
import { useEffect, useRef, useState } from "preact/hooks";
import { describeError, type Connection } from "../../net/connection.js";
import { listSizeProblem } from "./deck_limits.js";
import type { Checked } from "./deck_listing.js";
import { validateList } from "./deck_requests.js";

const kQuietMs = 600;

export function useDeckCheck(link: Connection, text: string, thirty: boolean) {
  const [checked, setChecked] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState(0);
  const latest = useRef({ text, thirty });
  latest.current = { text, thirty };

  const run = async (list: string, thirtyThirty: boolean) => {
    if (!list.trim()) {
      setChecked(null);
      setError(null);
      return;
    }
    const tooBig = listSizeProblem(list);
    if (tooBig) {
      setError(tooBig);
      return;
    }
    setInFlight((n) => n + 1);
    try {
      const validation = await validateList(link, list, thirtyThirty);
      setChecked({ text: list, thirty: thirtyThirty, validation });
      setError(null);
    } catch (failure) {
      // An answer about a list already edited away says nothing useful.
      if (latest.current.text === list) setError(describeError(failure));
    } finally {
      setInFlight((n) => n - 1);
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => run(text, thirty), kQuietMs);
    return () => clearTimeout(timer);
  }, [text, thirty]);

  return { checked, error, checking: inFlight > 0, checkNow: () => run(text, thirty) };
}
