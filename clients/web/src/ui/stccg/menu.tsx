// The small menu that opens at a card or location offering several options: one item per option,
// by its label. Arrow keys move, Enter chooses, Escape closes and gives focus back to the card.
// It is fixed to the window, so it closes when the page scrolls under it.
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";

export interface MenuState {
  name: string;
  options: Option[];
  anchor: HTMLElement;
}

export interface OptionMenuProps {
  menu: MenuState;
  choose: (id: bigint) => void;
  close: (refocus: boolean) => void;
}

export function OptionMenu(props: OptionMenuProps) {
  const { menu, close } = props;
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const at = menu.anchor.getBoundingClientRect();
    const size = el.getBoundingClientRect();
    const below = at.bottom + 4 + size.height <= innerHeight;
    const top = below ? at.bottom + 4 : Math.max(4, at.top - 4 - size.height);
    const left = Math.max(4, Math.min(at.left, innerWidth - size.width - 4));
    el.style.top = `${top}px`;
    el.style.left = `${left}px`;
    el.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, [menu]);

  useEffect(() => {
    const outside = (e: Event) => {
      const target = e.target as Node | null;
      if (target && (box.current?.contains(target) || menu.anchor.contains(target))) return;
      close(false);
    };
    const gone = () => close(false);
    document.addEventListener("mousedown", outside);
    document.addEventListener("touchstart", outside);
    document.addEventListener("scroll", outside, true);
    addEventListener("resize", gone);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("touchstart", outside);
      document.removeEventListener("scroll", outside, true);
      removeEventListener("resize", gone);
    };
  }, [menu]);

  const keys = (e: KeyboardEvent) => {
    const items = Array.from(box.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(items.length - 1);
    else if (e.key === "Tab") close(false);
  };

  return (
    <div class="option-menu" ref={box} role="menu" aria-label={`Choices for ${menu.name}`} onKeyDown={keys}>
      <p class="menu-title" aria-hidden="true">
        {menu.name}
      </p>
      {menu.options.map((o) => (
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          key={String(o.id)}
          onClick={() => {
            close(true); // the focus stays on the table, at the card chosen from
            props.choose(o.id);
          }}
        >
          {o.label}
        </button>
      ))}
      <button type="button" role="menuitem" tabIndex={-1} class="menu-cancel" onClick={() => close(true)}>
        Cancel
      </button>
    </div>
  );
}
