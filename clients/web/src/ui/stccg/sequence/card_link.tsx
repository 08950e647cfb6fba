// A line whose card names are buttons: each opens its card in the table's preview pane.
import type { StccgCardRef } from "../../../../gen/spacedock/v1/stccg_pb.js";
import type { Part } from "./card_links.js";

export function Linked(props: { parts: Part[]; look?: (card: StccgCardRef) => void }) {
  const { look } = props;
  return (
    <>
      {props.parts.map((part) =>
        typeof part === "string" || !look ? (
          typeof part === "string" ? (
            part
          ) : (
            part.text
          )
        ) : (
          <button type="button" class="card-link" onClick={() => look(part.card)}>
            {part.text}
          </button>
        ),
      )}
    </>
  );
}
