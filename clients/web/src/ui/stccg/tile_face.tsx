// A card face drawn on a tile: its line, figures, skills, staffing and summary (card_face.ts
// says what they are), and its picture when the server names a source. No hooks, so that a test
// can render it. Hidden from screen readers: the tile's accessible name says the same in words.
import { figureChange, type CardFace, type Figure } from "./card_face.js";
import "./card_face.css";

export function FigureText({ f }: { f: Figure }) {
  const change = figureChange(f);
  return (
    <span class={`fig${change ? ` ${change}` : ""}`}>
      <span class="fig-name">
        {f.short.charAt(0)}
        <span class="fig-name-rest">{f.short.slice(1)}</span>
      </span>
      {change && <s class="fig-printed">{f.printed}</s>}
      <b class="fig-value">{f.value}</b>
      {f.left !== undefined && <span class="fig-left">({f.left} left)</span>}
    </span>
  );
}

export function TileFace({ face }: { face: CardFace }) {
  const staffing = face.staffing;
  const met = staffing?.met === undefined ? "" : staffing.met ? " met" : " unmet";
  return (
    <span class="face" aria-hidden="true">
      {(face.line || face.icons.length > 0) && (
        <span class="face-line">
          {face.line}
          {face.icons.map((icon) => (
            <span class="face-icon">{icon}</span>
          ))}
        </span>
      )}
      {face.figures.length > 0 && (
        <span class="face-figures">
          {face.figures.map((f) => (
            <FigureText f={f} />
          ))}
        </span>
      )}
      {face.skills && <span class="face-skills">{face.skills}</span>}
      {staffing && (
        <span class={`face-staffing${met}`}>
          {staffing.met === true ? "✓ " : staffing.met === false ? "✗ " : ""}staffing: {staffing.needs}
        </span>
      )}
      {face.summary && <span class="face-summary">{face.summary}</span>}
    </span>
  );
}

// A card's picture behind (on a tile) or beside (in the preview) what is drawn of it. One that
// does not load hides itself, leaving the drawn card; keyed by its URL so a new one tries again.
export function CardArt({ src }: { src: string }) {
  if (!src) return null;
  return (
    <img
      key={src}
      class="card-art"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={(e) => (e.currentTarget.hidden = true)}
    />
  );
}
