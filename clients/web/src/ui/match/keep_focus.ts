// Keeps the keyboard focus on a game table across the answer to a choice made there. The card,
// hex or vessel chosen from (a menu gives the focus back to it) is often gone or no longer a
// target once the next view arrives, and the browser then drops the focus to the page's body,
// so the next Tab would start from the top of the page. The table takes it instead.
import type { RefObject } from "preact";
import { useEffect, useRef } from "preact/hooks";

// Whether the focus was lost: on nothing, or on the body, as a removed element leaves it.
export function focusLost(active: Element | null, body: Element | null): boolean {
  return active === null || active === body;
}

// `root` must be focusable from script (tabIndex -1).
export function useKeepFocus(root: RefObject<HTMLElement | null>): void {
  // The focus was last inside the table, and the player has not gone elsewhere since.
  const inside = useRef(false);
  const restore = () => {
    if (inside.current && focusLost(document.activeElement, document.body))
      root.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    const table = root.current;
    const focusIn = (e: FocusEvent) => {
      inside.current = !!root.current?.contains(e.target as Node);
    };
    // A click elsewhere on the page (not a control) moves the focus to the body on purpose.
    const pointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) inside.current = false;
    };
    // An element losing its tabindex, or removed, may blur only after the render that did it.
    const focusOut = () => setTimeout(restore, 0);
    document.addEventListener("focusin", focusIn);
    document.addEventListener("pointerdown", pointerDown, true);
    table?.addEventListener("focusout", focusOut);
    return () => {
      document.removeEventListener("focusin", focusIn);
      document.removeEventListener("pointerdown", pointerDown, true);
      table?.removeEventListener("focusout", focusOut);
    };
  }, []);
  useEffect(restore);
}
