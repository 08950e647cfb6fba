import type { Client } from "../../app/client.js";
import { CreateMatch } from "./create_match.js";
import { LobbyChat } from "./lobby_chat.js";
import { MatchList } from "./match_list.js";
import { QuickMatch } from "./quick_match.js";

export function LobbyPage({ client }: { client: Client }) {
  return (
    <div class="lobby">
      <div class="lobby-main">
        <MatchList client={client} />
        <LobbyChat client={client} />
      </div>
      <aside class="lobby-side">
        <QuickMatch client={client} />
        <CreateMatch client={client} />
      </aside>
    </div>
  );
}
