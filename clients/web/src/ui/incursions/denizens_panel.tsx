// The living denizens (EVENTS mode) as a list beside the map: name, where, life, evasion, weapon
// and who dominates it. An object a player placed (the full game: Weapons Platform, Outpost) is
// listed with them under its card's title, marked as its owner's ("yours", "placed by alice") in
// the owner's colour. One the prompt aims at is a button here too (a click with one option answers
// it, with several opens a menu), for whoever finds the list easier than the map.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import { IncursionsMode, type IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { denizenLine, type DenizenLine } from "./denizen_words.js";
import { OptionMenu, type MenuState } from "./option_menu.js";
import type { PromptTargets } from "./prompt_targets.js";
import { seatClass } from "./seat_colour.js";

export interface DenizensPanelProps {
  view: IncursionsView;
  me: number | undefined;
  names?: readonly string[]; // the players' names by seat, when known
  targets?: PromptTargets;
  choose?: (optionId: bigint) => void;
}

export function DenizensPanel({ view, me, names, targets, choose }: DenizensPanelProps) {
  const [menu, setMenu] = useState<MenuState | null>(null);
  const wrap = useRef<HTMLElement>(null);
  useEffect(() => setMenu(null), [targets]);
  const events = view.options?.mode === IncursionsMode.EVENTS || view.options?.mode === IncursionsMode.FULL;
  if (!events && view.denizens.length === 0) return null;
  const offer = (line: DenizenLine, options: Option[], anchor: Element) => {
    if (!choose) return;
    if (options.length === 1) return choose(options[0].id);
    const area = wrap.current?.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    if (!area) return;
    setMenu({ title: `${line.name} (life ${line.life})`, options, x: 4, y: at.bottom - area.top + 2, anchor });
  };
  return (
    <section class="inc-denizens" aria-label="Denizens" ref={wrap}>
      <h2 class="small">
        {view.denizens.some((d) => d.ownerSeat !== undefined) ? "Denizens and placed objects" : "Denizens"}
      </h2>
      {view.denizens.length === 0 ? (
        <p class="small muted">
          None yet: some hexes hold a monster or station that appears when a ship arrives
          {view.options?.mode === IncursionsMode.FULL
            ? "; a Weapons Platform or an Outpost a player places shows here too."
            : "."}
        </p>
      ) : (
        <ul>
          {view.denizens.map((d) => {
            const options = targets?.denizens.get(d.id) ?? [];
            const line = denizenLine(d, view, me, options.length, names);
            const aimed = options.length > 0 && !!choose;
            const classes = denizenItemClasses(line);
            if (aimed) classes.push("is-target");
            const face = <DenizenFace line={line} />;
            return (
              <li key={d.id}>
                {aimed ? (
                  <button
                    type="button"
                    class={classes.join(" ")}
                    data-denizen={d.id}
                    aria-label={line.label}
                    title={options.length === 1 ? options[0].label : `${options.length} choices`}
                    onClick={(e) => offer(line, options, e.currentTarget)}
                  >
                    {face}
                  </button>
                ) : (
                  <div class={classes.join(" ")} data-denizen={d.id} title={line.label}>
                    {face}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {menu && choose && <OptionMenu menu={menu} choose={choose} close={() => setMenu(null)} />}
    </section>
  );
}

// A list item's classes: a placed object wears its owner's colour, a dominated denizen its
// master's.
export function denizenItemClasses(line: DenizenLine): string[] {
  const classes = ["inc-denizen-item"];
  if (line.ownerSeat !== undefined) classes.push("is-placed", seatClass(line.ownerSeat));
  else if (line.dominatedBy !== undefined) classes.push("is-dominated", seatClass(line.dominatedBy));
  return classes;
}

// One denizen's entry: its marker (a square for a placed object, as on the map), name, where,
// life, figures and whose it is.
export function DenizenFace({ line }: { line: DenizenLine }) {
  const placed = line.ownerSeat !== undefined;
  return (
    <>
      <svg class="inc-denizen-glyph" viewBox="-15 -15 30 30" aria-hidden="true">
        <polygon class="inc-denizen-body" points={placed ? "-11,-11 11,-11 11,11 -11,11" : "0,-13 13,0 0,13 -13,0"} />
        <text class="inc-denizen-text" y={3.2} style={{ fontSize: line.glyph.length > 1 ? "9px" : "11px" }}>
          {line.glyph}
        </text>
      </svg>
      <span class="inc-denizen-name">{line.name}</span>
      <span class="inc-denizen-where muted">{line.where}</span>
      <span class="inc-denizen-bar" role="img" aria-label={`Life ${line.life}`}>
        <span class="inc-bar-track">
          <span
            class={`inc-bar-fill${line.share <= 0.25 ? " low" : ""}`}
            style={{ width: `${Math.round(line.share * 100)}%` }}
          />
        </span>
        <span class="inc-denizen-life">{line.life}</span>
      </span>
      <span class="inc-denizen-facts">
        <span>{line.evasion}</span>
        <span>weapon {line.weapon}</span>
        {line.traits.map((t) => (
          <span>{t}</span>
        ))}
      </span>
      {line.owner && <span class="inc-tag placed">{line.owner}</span>}
      {line.dominated && <span class="inc-tag dominated">{line.dominated}</span>}
    </>
  );
}
