// The pieces on the table, drawn as SVG in code: dice with real pips, the leather cup, Deckel
// (beer coasters) in stacks. No image files; colours come from style.css through classes.

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element: `attrs` its attributes, `children` nodes or text (arrays flattened, null
 * left out), as page.js's `el` makes HTML ones. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children.flat().filter((child) => child != null));
  return node;
}

// Pip positions on a 100x100 face, as on a real die.
const L = 27, M = 50, R = 73;
const PIPS = {
  1: [[M, M]],
  2: [[R, L], [L, R]],
  3: [[R, L], [M, M], [L, R]],
  4: [[L, L], [R, L], [L, R], [R, R]],
  5: [[L, L], [R, L], [M, M], [L, R], [R, R]],
  6: [[L, L], [R, L], [L, M], [R, M], [L, R], [R, R]],
};

/** One die face (decorative: the element around it carries the words). */
export function dieFace(pips, extraClass = "") {
  const face = svg("svg", { viewBox: "0 0 100 100", class: `face ${extraClass}`.trim(),
    "aria-hidden": "true", focusable: "false" });
  face.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "face-body" }));
  // The one pip is drawn big (as on many pub dice): a 1 is told from a 2 at a glance.
  for (const [cx, cy] of PIPS[pips] || []) {
    face.append(svg("circle", { cx, cy, r: pips === 1 ? 14 : 9.5, class: "pip" }));
  }
  return face;
}

/** Three small dice in a row, for the player list and the reveal; labelled as one image. */
export function diceRow(pips, label, extraClass = "") {
  const row = document.createElement("span");
  row.className = `dice-row ${extraClass}`.trim();
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", label);
  for (const p of pips) row.append(dieFace(p, "mini"));
  return row;
}

/** The leather cup, upside down on the felt (the open side down). */
export function cupShape() {
  return svg("svg", { viewBox: "0 0 100 110", class: "cup-shape", "aria-hidden": "true",
    focusable: "false" },
  svg("path", { d: "M24 8 H76 L90 98 H10 Z", class: "cup-leather" }),
  svg("path", { d: "M20 30 H80 M15 70 H85", class: "cup-seam" }),
  svg("ellipse", { cx: 50, cy: 8, rx: 26, ry: 5, class: "cup-top" }),
  svg("rect", { x: 6, y: 94, width: 88, height: 10, rx: 4, class: "cup-rim" }));
}

/** A stack of Deckel (at most 13 drawn; the number beside it says how many). */
export function deckelStack(count, big = false) {
  const shown = Math.min(count, 13);
  const step = big ? 3 : 2.5;
  const w = big ? 64 : 40;
  const h = (big ? 22 : 14) + step * Math.max(shown - 1, 0);
  const stack = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "deckel-stack",
    "aria-hidden": "true", focusable: "false" });
  const ry = big ? 9 : 6;
  for (let i = 0; i < shown; i++) {
    const cy = h - ry - 2 - i * step;
    stack.append(svg("ellipse", { cx: w / 2, cy, rx: w / 2 - 2, ry, class: "coaster" }));
    stack.append(svg("ellipse", { cx: w / 2, cy, rx: w / 2 - 8, ry: ry - 2.5, class: "coaster-ring" }));
  }
  return stack;
}

/** A small padlock, for dice the rules fix for the next throw. */
export function lockIcon() {
  return svg("svg", { viewBox: "0 0 20 20", class: "icon lock", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M6 9 V6 a4 4 0 0 1 8 0 V9", class: "icon-line" }),
    svg("rect", { x: 3.5, y: 9, width: 13, height: 9, rx: 2, class: "icon-fill" }));
}

/** A loudspeaker, with sound waves when the sound is on and a cross when it is off. */
export function speakerIcon(on) {
  const icon = svg("svg", { viewBox: "0 0 24 24", class: "icon speaker", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M3 9 H7 L12 5 V19 L7 15 H3 Z", class: "icon-fill" }));
  if (on) icon.append(svg("path", { d: "M15.5 8.5 a5 5 0 0 1 0 7 M18.5 5.5 a9 9 0 0 1 0 13", class: "icon-line" }));
  else icon.append(svg("path", { d: "M15 9 L21 15 M21 9 L15 15", class: "icon-line" }));
  return icon;
}

/** A stopwatch, for the turn timer's countdown. */
export function clockIcon() {
  return svg("svg", { viewBox: "0 0 20 20", class: "icon clock-icon", "aria-hidden": "true", focusable: "false" },
    svg("circle", { cx: 10, cy: 11, r: 7, class: "icon-line" }),
    svg("path", { d: "M10 11 V7 M8 2.5 H12", class: "icon-line" }));
}
