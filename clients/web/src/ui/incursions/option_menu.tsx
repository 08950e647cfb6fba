// The small menu a hex or vessel opens when it carries several options: each by its label.
// Arrow keys move, Enter chooses, Escape or a click elsewhere closes and gives focus back.
import { useEffect, useRef } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";

export interface MenuState {
  title: string;
  options: Option[];
  // Where it opens, in pixels from the map's top left corner.
  x: number;
  y: number;
  // Gets focus back when the menu closes.
  anchor: Element;
}

export function OptionMenu(props: { menu: MenuState; choose: (id: bigint) => void; close: () => void }) {
  const { menu } = props;
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLButtonElement>("button[role=menuitem]")?.focus();
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) props.close();
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [menu]);

  const closeAndRefocus = () => {
    props.close();
    (menu.anchor as HTMLElement | SVGElement).focus?.();
  };
  const onKey = (e: KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>("button[role=menuitem]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === "Escape") {
      e.preventDefault();
      closeAndRefocus();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === "Tab") {
      closeAndRefocus();
    }
  };
  return (
    <div
      ref={root}
      class="inc-menu"
      role="menu"
      aria-label={menu.title}
      style={{ left: `${menu.x}px`, top: `${menu.y}px` }}
      onKeyDown={onKey}
    >
      <div class="inc-menu-head">
        <span>{menu.title}</span>
        <button type="button" class="inc-menu-close" aria-label="Close" onClick={closeAndRefocus}>
          ×
        </button>
      </div>
      <ul>
        {menu.options.map((option) => (
          <li key={String(option.id)}>
            <button
              type="button"
              role="menuitem"
              data-option={String(option.id)}
              onClick={() => {
                closeAndRefocus(); // the focus stays on the table, at what was chosen from
                props.choose(option.id);
              }}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
