// A test helper: a Preact element rendered to a plain tree without a DOM. Function components are
// called in place; one that uses hooks (which need a mounted component) is left out, marked
// `skipped`, so tests look only at the parts they render. Not a test file itself.
import type { ComponentChildren, VNode } from "preact";

export interface Node {
  tag: string;  // "div", "button"...; a component's name when it was skipped
  class?: string;
  props: Record<string, unknown>;
  children: (Node | string)[];
  skipped?: boolean;
}

export function renderTree(element: ComponentChildren): Node {
  const nodes = render(element);
  const first = nodes.find((n): n is Node => typeof n !== "string");
  if (!first) throw new Error("nothing rendered");
  return first;
}

function render(element: ComponentChildren): (Node | string)[] {
  if (element === null || element === undefined || typeof element === "boolean") return [];
  if (typeof element === "string" || typeof element === "number" || typeof element === "bigint") return [String(element)];
  if (Array.isArray(element)) return element.flatMap((e) => render(e));
  const vnode = element as VNode<Record<string, unknown>>;
  const props = (vnode.props ?? {}) as Record<string, unknown>;
  if (typeof vnode.type === "function") {
    const component = vnode.type as (p: unknown) => ComponentChildren;
    let out: ComponentChildren;
    try {
      out = component(props);
    } catch {
      return [{ tag: component.name || "Component", props, children: [], skipped: true }];
    }
    return render(out);
  }
  const children = render(props.children as ComponentChildren);
  const cls = props.class ?? props.className;
  return [{ tag: String(vnode.type), class: typeof cls === "string" ? cls : undefined, props, children }];
}

// The text as a reader sees it, whitespace runs collapsed.
export function textOf(node: Node | string): string {
  const raw = (n: Node | string): string => (typeof n === "string" ? n : n.children.map(raw).join(""));
  return raw(node).replace(/\s+/g, " ").trim();
}

export function findAll(node: Node, match: (n: Node) => boolean): Node[] {
  const found: Node[] = [];
  const walk = (n: Node | string) => {
    if (typeof n === "string") return;
    if (match(n)) found.push(n);
    n.children.forEach(walk);
  };
  walk(node);
  return found;
}
