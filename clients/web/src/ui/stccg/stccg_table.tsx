// The STCCG game table: the opponent's bar on top, the spaceline, your bar, seed pile and hand
// below, a fixed preview pane, and the open prompt's options spread over the cards and
// locations they name. It shows the server's view and answers its prompts; it judges nothing.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { DecisionPrompt, Option } from "../../../gen/spacedock/v1/game_pb.js";
import type { StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { StccgPhase, type StccgView } from "../../../gen/spacedock/v1/stccg_pb.js";
import { useKeepFocus } from "../match/keep_focus.js";
import { findShown } from "./find_card.js";
import { CardRow } from "./hand.js";
import { moveWithinGroup } from "./keys.js";
import { OptionMenu, type MenuState } from "./menu.js";
import { PlayerBar } from "./piles.js";
import { Preview } from "./preview.js";
import { promptTargets, unionOptions, type PromptTargets } from "./prompt_targets.js";
import { missionsOf } from "./sequence/card_links.js";
import { SequencePanel } from "./sequence/sequence_panel.js";
import { useLookedCard } from "./sequence/use_looked_card.js";
import { Spaceline } from "./spaceline.js";
import { AttemptAndResolving, OtherOptions, PhaseLine } from "./status.js";
import { TableContext, type PreviewItem, type TableCtx } from "./table_context.js";
import {
  aboutWord,
  locationModel,
  possessive,
  shownHandles,
  sidesOf,
  whoseLabel,
  type LocationModel,
  type Sides,
} from "./view_model.js";
import "./stccg.css";

export interface StccgTableProps {
  view: StccgView;
  seat: number | undefined; // undefined: a spectator
  prompt: DecisionPrompt | null; // this viewer's open decision
  choose: (optionId: bigint) => void;
  names?: string[]; // the players' names by seat
  cards?: ReadonlyMap<string, StccgCard>; // the card database by id, for figures not in the view
  imageTemplate?: string; // Welcome.card_image_template: card pictures, if the server names a source
}

export function StccgTable(props: StccgTableProps) {
  const { view, seat, prompt, choose } = props;
  const sides = useMemo(() => sidesOf(view, seat, props.names), [view, seat, props.names]);
  const handles = useMemo(() => shownHandles(view), [view]);
  const targets = useMemo(
    () => promptTargets(prompt, handles, view.spaceline.length),
    [prompt, handles, view.spaceline.length],
  );
  const models = useMemo(() => view.spaceline.map((l) => locationModel(l, sides)), [view, sides]);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [previewed, setPreviewed] = useState<PreviewItem | null>(null);
  useLookedCard(setPreviewed); // a card named in the log or in what happened
  useEffect(() => setMenu(null), [prompt]); // a new decision: the old menu's options are gone
  const root = useRef<HTMLDivElement>(null);
  useKeepFocus(root);

  const closeMenu = (refocus: boolean) => {
    if (refocus && menu?.anchor.isConnected) menu.anchor.focus();
    setMenu(null);
  };
  const about = prompt?.context.case === "stccg" ? prompt.context.value : undefined;
  const ctx: TableCtx = {
    sides,
    targets,
    aboutHandle: about?.about?.handle ?? 0,
    aboutWord: about ? aboutWord(about.what, about.about, view.attempt) : "",
    offer(options: Option[], anchor: HTMLElement, name: string) {
      if (!prompt || options.length === 0) return;
      if (options.length === 1) {
        setMenu(null);
        choose(options[0].id);
      } else {
        setMenu((open) => (open?.anchor === anchor ? null : { name, options, anchor }));
      }
    },
    preview: setPreviewed,
    cards: props.cards,
    imageTemplate: props.imageTemplate,
  };

  const player = (s: number) => view.players.find((p) => p.seat === s);
  const top = player(sides.top);
  const bottom = player(sides.bottom);
  const toPlay = (s: number) => view.phase !== StccgPhase.GAME_OVER && view.activeSeat === s;
  return (
    <TableContext.Provider value={ctx}>
      <div class={`stccg${prompt ? " prompting" : ""}`} onKeyDown={moveWithinGroup} ref={root} tabIndex={-1}>
        <header class="stccg-head">
          <PhaseLine view={view} prompting={prompt !== null} />
          <Preview item={refresh(previewed, view, sides, targets, models)} />
        </header>
        <SequencePanel missions={missionsOf(view)} />
        {top && top.hand.length > 0 && (
          <CardRow
            label={`${whoseLabel(sides, top.seat)} hand`}
            where={`in ${possessive(sides, top.seat)} hand`}
            cards={top.hand}
            kind="hand"
          />
        )}
        <PlayerBar player={top} seat={sides.top} active={toPlay(sides.top)} />
        <AttemptAndResolving view={view} />
        <Spaceline models={models} attempted={view.attempt?.location} />
        <PlayerBar player={bottom} seat={sides.bottom} active={toPlay(sides.bottom)} />
        {bottom && bottom.seedPile.length > 0 && (
          <CardRow
            label={`${whoseLabel(sides, bottom.seat)} seed pile`}
            where={`in ${possessive(sides, bottom.seat)} seed pile`}
            cards={bottom.seedPile}
            kind="seed-pile"
          />
        )}
        {bottom && (sides.player || bottom.hand.length > 0) && (
          <CardRow
            label={`${whoseLabel(sides, bottom.seat)} hand`}
            where={`in ${possessive(sides, bottom.seat)} hand`}
            cards={bottom.hand}
            kind="hand"
          />
        )}
        <OtherOptions choose={choose} />
        {menu && <OptionMenu menu={menu} choose={choose} close={closeMenu} />}
      </div>
    </TableContext.Provider>
  );
}

// The previewed card as it is now: same handle, fresh state, place and options.
function refresh(
  item: PreviewItem | null,
  view: StccgView,
  sides: Sides,
  targets: PromptTargets,
  models: LocationModel[],
): PreviewItem | null {
  const handle = item?.card?.handle ?? 0;
  if (!item || handle === 0) return item;
  const found = findShown(view, sides, handle);
  if (!found) return { ...item, inPlay: undefined, location: undefined, where: "no longer in sight", options: [] };
  const location = found.location === undefined ? undefined : models.find((m) => m.loc.index === found.location);
  const options = unionOptions(
    targets.byCard.get(handle),
    location ? targets.byLocation.get(location.loc.index) : undefined,
  );
  return { card: found.card, inPlay: found.inPlay, location, where: found.where, options };
}
