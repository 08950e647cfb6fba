// The lobby's chat.
import { useEffect } from "preact/hooks";
import type { Client } from "../../app/client.js";
import { ChatBox } from "../chat_box.js";

export function LobbyChat({ client }: { client: Client }) {
  useEffect(() => {
    client.followLobbyChat().catch(() => {});
  }, []);
  return (
    <section class="panel lobby-chat" aria-label="Lobby chat">
      <h2>Lobby chat</h2>
      <ChatBox
        messages={client.lobbyChat.value}
        send={(text) => client.connection.request({ case: "sendChat", value: { matchId: 0n, text } })}
      />
    </section>
  );
}
