/**
 * Building the tournament pages' DOM without markup strings: the CSP forbids inline script
 * and style attributes, and text set as text can never become markup (player names come
 * from the director's list).
 *
 * h("p", {class: "x", onclick: fn}, "text", child) makes <p class="x">text…</p>; attributes
 * starting with "on" become listeners, null/false attributes and children are skipped.
 * (The same idea as ../js/dom.js, kept here so these pages do not depend on the main app's
 * modules while they change.)
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(el.dataset, value);
    } else if (name in el && typeof value !== "string") {
      el[name] = value;
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

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A figure as the standings print it: 3, 1.5 (1,5 in Swedish), −0.5 with a real minus. */
export function figure(value) {
  if (value === null || value === undefined) return "";
  let text = Number.isInteger(value) ? String(value)
    : String(Math.round(value * 1000) / 1000);
  if (document.documentElement.lang === "sv") text = text.replace(".", ",");
  return text.replace("-", "−");
}

/** The query parameter `name` of this page's URL. */
export function param(name) {
  return new URLSearchParams(window.location.search).get(name);
}
