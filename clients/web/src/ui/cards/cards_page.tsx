// The STCCG card database: search and filters, the cards found, and the chosen card's figures.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { loadCards } from "./card_data.js";
import { CardDetail } from "./card_detail.js";
import { CardFilters } from "./card_filters.js";
import { CardList } from "./card_list.js";
import { facets, filterCards, indexCards, kAnyCard, type CardFilter } from "./card_search.js";
import "./cards.css";

export function CardsPage({ client }: { client: Client }) {
  const [cards, setCards] = useState<StccgCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<CardFilter>(kAnyCard);
  const [chosen, setChosen] = useState("");

  const load = () => {
    setError(null);
    loadCards(client.connection).then(setCards, (failure) => setError(describeError(failure)));
  };
  useEffect(load, []);
  // Stacked on a narrow screen, the details sit above the list: bring them into sight.
  const detail = useRef<HTMLElement>(null);
  useEffect(() => {
    if (chosen && matchMedia("(max-width: 800px)").matches) detail.current?.scrollIntoView({ block: "start" });
  }, [chosen]);

  const index = useMemo(() => indexCards(cards ?? []), [cards]);
  const choices = useMemo(() => facets(index), [index]);
  const found = useMemo(() => filterCards(index, filter), [index, filter]);
  const card = cards?.find((c) => c.id === chosen);

  if (error)
    return (
      <section class="panel">
        <p class="error" role="alert">
          The card list did not load: {error}
        </p>
        <button type="button" onClick={load}>
          Try again
        </button>
      </section>
    );
  if (!cards) return <p class="loading">Loading the cards…</p>;
  return (
    <div class="cards-page">
      <section class="panel cards-browse" aria-label="Card search">
        <CardFilters facets={choices} filter={filter} change={(patch) => setFilter({ ...filter, ...patch })} />
        <p class="muted small" role="status">
          {found.length} of {cards.length} cards
        </p>
        <CardList cards={found} chosen={chosen} choose={setChosen} />
      </section>
      <section ref={detail} class={`panel cards-detail${card ? "" : " empty"}`} aria-label="Card details">
        {card ? <CardDetail card={card} /> : <p class="muted">Pick a card to see its figures.</p>}
      </section>
    </div>
  );
}
