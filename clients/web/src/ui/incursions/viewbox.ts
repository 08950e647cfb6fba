// The map's camera: the SVG viewBox, fitted to the board or moved by the player.
import type { Box, Point } from "./hex.js";

// The smallest and largest share of the fitted box the player may zoom to.
const kMinScale = 0.25;
const kMaxScale = 3;

export const viewBoxAttr = (b: Box): string => [b.x, b.y, b.w, b.h].map((n) => Math.round(n * 10) / 10).join(" ");

export const centreOf = (b: Box): Point => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

// `box` scaled by `factor` (below 1 zooms in) about `about`, kept within the limits relative to
// `fitted` so the board can neither vanish nor fill the screen with one hex.
export function zoomBox(box: Box, factor: number, fitted: Box, about: Point = centreOf(box)): Box {
  const scale = Math.min(kMaxScale, Math.max(kMinScale, (box.w * factor) / fitted.w));
  const w = fitted.w * scale;
  const h = fitted.h * scale;
  const k = w / box.w;
  return { x: about.x - (about.x - box.x) * k, y: about.y - (about.y - box.y) * k, w, h };
}

export const panBox = (box: Box, dx: number, dy: number): Box => ({ ...box, x: box.x + dx, y: box.y + dy });

export const centreBoxOn = (box: Box, p: Point): Box => ({ ...box, x: p.x - box.w / 2, y: p.y - box.h / 2 });

// Map units per screen pixel when `box` is shown in an element of the given size with
// preserveAspectRatio "xMidYMid meet" (the larger ratio wins).
export const unitsPerPixel = (box: Box, width: number, height: number): number =>
  width > 0 && height > 0 ? Math.max(box.w / width, box.h / height) : 1;

// `box` grown about its centre to at least `w` by `h`, so a small board is not blown up.
export function atLeast(box: Box, w: number, h: number): Box {
  const c = centreOf(box);
  const nw = Math.max(box.w, w);
  const nh = Math.max(box.h, h);
  return { x: c.x - nw / 2, y: c.y - nh / 2, w: nw, h: nh };
}

// On a small screen the fitted board can shrink past reading. Then the camera starts on a box
// around `focus` where map units per pixel stay at most `maxUnitsPerPixel`; null if the fitted
// box is readable as it is (or the element has no size yet).
export function readableBox(
  fitted: Box,
  width: number,
  height: number,
  focus: Point,
  maxUnitsPerPixel: number,
): Box | null {
  if (width <= 0 || height <= 0 || unitsPerPixel(fitted, width, height) <= maxUnitsPerPixel) return null;
  const w = width * maxUnitsPerPixel;
  const h = height * maxUnitsPerPixel;
  return { x: focus.x - w / 2, y: focus.y - h / 2, w, h };
}
