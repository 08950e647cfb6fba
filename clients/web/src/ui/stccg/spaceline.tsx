// The spaceline: the locations left to right (a vertical list on phones), the two "place a
// mission here" slots at its ends while a mission may be seeded there, and a jump list, since a
// dozen missions overflow any screen.
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import { Location } from "./location.js";
import { choicesWords } from "./prompt_targets.js";
import { useTable } from "./table_context.js";
import { cardTitle, type LocationModel } from "./view_model.js";

export function Spaceline(props: { models: LocationModel[]; attempted: number | undefined }) {
  const t = useTable();
  const { models } = props;
  const empty = models.length === 0;
  return (
    <section class="spaceline-wrap" aria-label="Spaceline">
      {models.length > 1 && <JumpList models={models} />}
      <div class="spaceline">
        <EndSlot options={t.targets.leftEnd} name={empty ? "Start the spaceline" : "Left end of the spaceline"} />
        {models.map((m) => (
          <Location key={m.loc.index} model={m} attempted={props.attempted === m.loc.index} />
        ))}
        {empty && t.targets.leftEnd.length === 0 && <p class="muted empty-line">No missions yet.</p>}
        <EndSlot options={t.targets.rightEnd} name="Right end of the spaceline" />
      </div>
    </section>
  );
}

function EndSlot(props: { options: Option[]; name: string }) {
  const t = useTable();
  if (props.options.length === 0) return null;
  return (
    <button
      type="button"
      class="end-slot hot"
      aria-label={`${props.name}, ${choicesWords(props.options.length)}`}
      aria-haspopup={props.options.length > 1 ? "menu" : undefined}
      onClick={(e) => t.offer(props.options, e.currentTarget, props.name)}
    >
      <span aria-hidden="true">
        ✔ {props.name}
        {props.options.length > 1 ? ` (${props.options.length})` : ""}
      </span>
    </button>
  );
}

function JumpList(props: { models: LocationModel[] }) {
  const t = useTable();
  const jump = (index: number) => {
    const column = document.getElementById(`stccg-loc-${index}`);
    column?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "center" });
    column?.querySelector<HTMLElement>(".card.mission")?.focus({ preventScroll: true });
  };
  return (
    <nav class="jump" aria-label="Jump to mission">
      {props.models.map((m) => {
        const mission = m.loc.mission?.handle ?? 0;
        const hot = t.targets.byLocation.has(m.loc.index) || t.targets.byCard.has(mission);
        return (
          <button type="button" class={`jump-to${hot ? " hot" : ""}`} onClick={() => jump(m.loc.index)}>
            {m.loc.index + 1}. {cardTitle(m.loc.mission)}
            {hot ? " ✔" : ""}
          </button>
        );
      })}
    </nav>
  );
}
