// Opens in the table's preview pane the card a line of what happened names, when the viewer
// clicks it (in the log or the sequence panel).
import { useContext, useEffect } from "preact/hooks";
import type { PreviewItem } from "../table_context.js";
import { SequenceContext } from "./sequence_context.js";

export function useLookedCard(preview: (item: PreviewItem) => void): void {
  const looked = useContext(SequenceContext)?.player.looked.value;
  useEffect(() => {
    if (looked) preview({ card: looked.card, where: "named in what happened", options: [] });
  }, [looked]);
}
