// The two shapes a card's figures take in the detail pane: big numbers (attributes) and
// labelled rows. Rows without a value are left out, so each card shows only what it has.
import type { ComponentChildren } from "preact";

export type Fact = [string, ComponentChildren];

const empty = (value: ComponentChildren) =>
  value === null ||
  value === undefined ||
  value === false ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

export function Facts({ rows }: { rows: Fact[] }) {
  const shown = rows.filter(([, value]) => !empty(value));
  if (!shown.length) return null;
  return (
    <dl class="cards-facts">
      {shown.map(([label, value]) => (
        <div>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Stats({ stats }: { stats: [string, number | string | undefined][] }) {
  return (
    <ul class="cards-stats">
      {stats
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => (
          <li>
            <span class="cards-stat-label">{label}</span>
            <span class="cards-stat-value">{value}</span>
          </li>
        ))}
    </ul>
  );
}

// A condition-language formula, shown as the data has it.
export const Formula = ({ text }: { text: string }) => (text ? <code class="cards-formula">{text}</code> : null);

export const list = (items: readonly string[]) => items.join(", ");
