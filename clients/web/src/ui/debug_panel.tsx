// The developer's panel, shown with ?debug=1 in the page's address: the link's state, the
// stream position, the raw snapshot and prompt, and buttons that break things on purpose (drop
// the link, send an answer not offered) to see the page recover.
import { toJsonString } from "@bufbuild/protobuf";
import { DecisionPromptSchema, GameSnapshotSchema } from "../../gen/spacedock/v1/game_pb.js";
import type { Client } from "../app/client.js";

export const debugEnabled = (): boolean => new URLSearchParams(location.search).get("debug") === "1";

export function DebugPanel({ client }: { client: Client }) {
  const { lastSeq, snapshot, prompt } = client.match.debugState();
  return (
    <details class="debug panel" open>
      <summary>Debug</summary>
      <p>
        Link: {client.connection.state.value} · match {String(client.match.matchId.value ?? "-")} · seq{" "}
        {String(lastSeq)}
      </p>
      <div class="debug-buttons">
        <button type="button" data-testid="debug-drop" onClick={() => client.connection.drop()}>
          Drop connection
        </button>
        <button
          type="button"
          data-testid="debug-bad-answer"
          disabled={!prompt}
          onClick={() => client.match.answerNotOffered()}
        >
          Send an answer not offered
        </button>
      </div>
      <details>
        <summary>Prompt</summary>
        <pre>{prompt ? toJsonString(DecisionPromptSchema, prompt, { prettySpaces: 1 }) : "none"}</pre>
      </details>
      <details>
        <summary>Snapshot</summary>
        <pre>{snapshot ? toJsonString(GameSnapshotSchema, snapshot, { prettySpaces: 1 }) : "none"}</pre>
      </details>
    </details>
  );
}
