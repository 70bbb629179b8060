/**
 * A button that copies a secret shown once (the director's key) to the clipboard, so it
 * is kept without typing 43 characters off a phone screen. The Clipboard API needs a
 * secure context; a laptop served over plain http on the club's network has none, so the
 * button then selects the text and copies it the old way, and, if even that fails, leaves
 * it selected with a word to copy it by hand.
 */
import { h } from "./dom.js";
import { t } from "./words.js";

function selectText(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

export function copyButton(textNode) {
  const button = h("button", { type: "button", class: "copy-token" }, t("copy_token"));
  button.addEventListener("click", async () => {
    const text = textNode.textContent;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch { /* fall back below */ }
    if (!copied) {
      selectText(textNode);
      try { copied = document.execCommand("copy"); } catch { copied = false; }
    }
    button.textContent = copied ? t("copied_token") : t("copy_by_hand");
    button.dataset.copied = String(copied);
  });
  return button;
}
