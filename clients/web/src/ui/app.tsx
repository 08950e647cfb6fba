// The page frame: the bar with the account and the link's state, then the page the URL names.
import type { Client } from "../app/client.js";
import { LoginPage } from "./login.js";
import { LobbyPage } from "./lobby/lobby_page.js";
import { MatchPage } from "./match/match_page.js";
import { ReplayPage } from "./replay/replay_page.js";
import { DecksPage } from "./decks/decks_page.js";
import { CardsPage } from "./cards/cards_page.js";
import { EventPage } from "./events/event_page.js";
import { EventsPage } from "./events/events_page.js";
import { TableNews } from "./events/table_news.js";
import { DebugPanel, debugEnabled } from "./debug_panel.js";
import { LinkBanner } from "./link_banner.js";

export function App({ client }: { client: Client }) {
  const user = client.session.user.value;
  const route = client.route.value;
  const settled = client.session.settled.value;
  let page;
  if (!settled) page = <p class="loading">Connecting to the server…</p>;
  else if (!user) page = <LoginPage client={client} />;
  else if (route.page === "match") page = <MatchPage client={client} route={route} />;
  else if (route.page === "replay") page = <ReplayPage client={client} matchId={route.matchId} />;
  else if (route.page === "decks") page = <DecksPage client={client} />;
  else if (route.page === "cards") page = <CardsPage client={client} />;
  else if (route.page === "events") page = <EventsPage client={client} />;
  else if (route.page === "event") page = <EventPage client={client} id={route.tournamentId} />;
  else page = <LobbyPage client={client} />;
  return (
    <div class="frame">
      <header class="topbar">
        <a class="brand" href="#/lobby">
          Spacedock
        </a>
        {user && (
          <nav aria-label="Pages">
            <a href="#/lobby" aria-current={route.page === "lobby" ? "page" : undefined}>
              Lobby
            </a>
            <a href="#/decks" aria-current={route.page === "decks" ? "page" : undefined}>
              Decks
            </a>
            <a href="#/cards" aria-current={route.page === "cards" ? "page" : undefined}>
              Cards
            </a>
            <a href="#/events" aria-current={route.page === "events" || route.page === "event" ? "page" : undefined}>
              Events
            </a>
          </nav>
        )}
        <span class="spacer" />
        {user && (
          <span class="account">
            {user.username}
            <button type="button" class="link" onClick={() => client.session.logout(client.connection).catch(() => {})}>
              Log out
            </button>
          </span>
        )}
      </header>
      <LinkBanner client={client} />
      {user && <TableNews client={client} />}
      <main>{page}</main>
      {user && debugEnabled() && <DebugPanel client={client} />}
    </div>
  );
}
