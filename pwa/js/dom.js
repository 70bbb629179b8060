/**
 * A tiny element builder, so views read as a tree without a framework.
 *
 * h("p", {class: "x", onclick: fn}, "text", child) creates <p class="x">text…</p>.
 * Attributes starting with "on" become listeners; `null`/`false` attributes and children
 * are skipped, so conditional parts can be written inline (`cond && h(...)`).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "style" && typeof value === "object") {
      // Through the CSSOM: the CSP forbids style attributes, not custom properties set here.
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    } else if (name === "dataset") {
      Object.assign(el.dataset, value);
    } else if (name in el && typeof value !== "string") {
      el[name] = value; // properties such as checked, disabled, value
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** A random id for client_event_id. crypto.randomUUID needs a secure context, but phones
 * at a card table often reach a laptop over plain http on the LAN, so fall back. */
export function uuid() {
  if (globalThis.crypto?.randomUUID) {
    try { return crypto.randomUUID(); } catch { /* insecure context */ }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
