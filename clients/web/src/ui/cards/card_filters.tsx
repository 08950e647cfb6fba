// The search box and the filters over the card list.
import { StccgAffiliation, StccgCardType, StccgIcon } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { kAnyCard, setName, type CardFilter, type Facets } from "./card_search.js";
import { affiliationName, iconName, typeName } from "./card_words.js";

function Choice<T extends number | string>(props: {
  label: string;
  value: T;
  any: T;
  options: readonly T[];
  words: (value: T) => string;
  set: (value: T) => void;
}) {
  return (
    <label>
      {props.label}
      <select
        value={String(props.value)}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          props.set((typeof props.any === "number" ? Number(raw) : raw) as T);
        }}
      >
        <option value={String(props.any)}>Any</option>
        {props.options.map((option) => (
          <option value={String(option)}>{props.words(option)}</option>
        ))}
      </select>
    </label>
  );
}

export function CardFilters(props: {
  filter: CardFilter;
  facets: Facets;
  change: (patch: Partial<CardFilter>) => void;
}) {
  const { filter, facets, change } = props;
  return (
    <form class="cards-filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <label class="cards-search">
        Search titles, summaries and keywords
        <input
          type="search"
          value={filter.text}
          placeholder="e.g. picard, diplomacy, hand weapon"
          onInput={(e) => change({ text: e.currentTarget.value })}
        />
      </label>
      <Choice
        label="Type"
        value={filter.type}
        any={StccgCardType.UNSPECIFIED}
        options={facets.types}
        words={typeName}
        set={(type) => change({ type })}
      />
      <Choice
        label="Affiliation"
        value={filter.affiliation}
        any={StccgAffiliation.UNSPECIFIED}
        options={facets.affiliations}
        words={affiliationName}
        set={(affiliation) => change({ affiliation })}
      />
      <Choice
        label="Icon"
        value={filter.icon}
        any={StccgIcon.UNSPECIFIED}
        options={facets.icons}
        words={iconName}
        set={(icon) => change({ icon })}
      />
      <Choice
        label="Set"
        value={filter.set}
        any=""
        options={facets.sets}
        words={setName}
        set={(set) => change({ set })}
      />
      <label class="check">
        <input
          type="checkbox"
          checked={filter.playableOnly}
          onChange={(e) => change({ playableOnly: e.currentTarget.checked })}
        />
        Only cards the server plays
      </label>
      <button type="button" onClick={() => change(kAnyCard)}>
        Clear
      </button>
    </form>
  );
}
