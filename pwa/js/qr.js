/**
 * A QR code as an inline SVG element, built with the DOM (no markup strings, no style
 * attributes: the page's CSP allows neither). The encoder is uqr, vendored unchanged in
 * ../vendor/uqr/ (see ../vendor/README.md).
 */
import { encode } from "../vendor/uqr/uqr.js";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg class="qr"> showing `text`; `label` names it for screen readers. */
export function qrCode(text, label) {
  // M: a phone held over a table still reads it with a crease or a glare on the screen.
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "qr");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.text = text;
  const background = document.createElementNS(SVG, "rect");
  background.setAttribute("class", "qr-light");
  background.setAttribute("width", String(size));
  background.setAttribute("height", String(size));
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("class", "qr-dark");
  let d = "";
  data.forEach((row, y) => row.forEach((dark, x) => { if (dark) d += `M${x},${y}h1v1h-1z`; }));
  path.setAttribute("d", d);
  svg.append(background, path);
  return svg;
}
