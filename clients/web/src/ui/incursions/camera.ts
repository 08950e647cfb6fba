// The map's camera as a hook: the viewBox, fitted to the board until the player zooms, drags,
// or asks for their ship; zoomed in on that ship from the start where the fitted board would be
// too small to read (phones).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Box, Point } from "./hex.js";
import { centreBoxOn, panBox, readableBox, unitsPerPixel, zoomBox } from "./viewbox.js";

// A press that moves further than this (pixels) drags the map instead of clicking.
const kDragThreshold = 6;
// The narrowest a hex may be drawn (pixels) before the camera starts zoomed in: wider on
// phones, where the whole board would be too small to read or tap.
const kMinHexPixels = (mapWidth: number): number => (mapWidth < 600 ? 72 : 40);

export interface Camera {
  box: Box;
  // The view is not the fitted board (dragging then pans it, on touch screens too).
  moved: boolean;
  svg: { current: SVGSVGElement | null };
  // True for the click that ends a drag, which must not choose anything.
  dragging: () => boolean;
  zoom: (factor: number) => void;
  fit: () => void;
  centre: (on: Point) => void;
  pointer: {
    onPointerDown: (e: PointerEvent) => void;
    onPointerMove: (e: PointerEvent) => void;
    onPointerUp: () => void;
    onPointerCancel: () => void;
  };
}

// `hexWidth`: a hex's width in map units; `focus`: where a zoomed-in start looks.
export function useCamera(fitted: Box, hexWidth: number, focus: Point): Camera {
  const [custom, setCustom] = useState<Box | null>(null);
  const [fitAll, setFitAll] = useState(false);
  const [pixels, setPixels] = useState({ w: 0, h: 0 });
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; box: Box; moved: boolean } | null>(null);
  const justDragged = useRef(false);
  useEffect(() => {
    const element = svg.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) =>
      setPixels({ w: entry.contentRect.width, h: entry.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const readable = fitAll ? null : readableBox(fitted, pixels.w, pixels.h, focus, hexWidth / kMinHexPixels(pixels.w));
  const box = custom ?? readable ?? fitted;
  const end = () => {
    if (drag.current?.moved) {
      justDragged.current = true;
      setTimeout(() => (justDragged.current = false), 0);
    }
    drag.current = null;
  };
  return {
    box,
    moved: box !== fitted,
    svg,
    dragging: () => justDragged.current,
    zoom: (factor) => setCustom(zoomBox(box, factor, fitted)),
    fit: () => {
      setCustom(null);
      setFitAll(true);
    },
    centre: (on) => setCustom(centreBoxOn(box, on)),
    pointer: {
      onPointerDown: (e) => {
        if (e.button === 0) drag.current = { x: e.clientX, y: e.clientY, box, moved: false };
      },
      onPointerMove: (e) => {
        const d = drag.current;
        const rect = svg.current?.getBoundingClientRect();
        if (!d || !rect) return;
        const dx = e.clientX - d.x;
        const dy = e.clientY - d.y;
        if (!d.moved && Math.hypot(dx, dy) < kDragThreshold) return;
        // Captured only once it is a drag, so a plain click still reaches the hex under it.
        if (!d.moved) svg.current?.setPointerCapture(e.pointerId);
        d.moved = true;
        const k = unitsPerPixel(d.box, rect.width, rect.height);
        setCustom(panBox(d.box, -dx * k, -dy * k));
      },
      onPointerUp: end,
      onPointerCancel: end,
    },
  };
}
