"""Render the app's PNG icons from icon.svg and maskable.svg with Debian's Chromium.

    .venv/bin/python pwa/icons/render_icons.py

The PNGs are committed; run this after changing an SVG. "any" icons have rounded corners
and a transparent outside; "maskable" ones fill the square and keep the drawing inside the
central 72 %, within the safe zone a launcher may cut to a circle.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("PROTOKOLL_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
OUTPUTS = [("icon.svg", "icon", 192), ("icon.svg", "icon", 512),
           ("maskable.svg", "maskable", 192), ("maskable.svg", "maskable", 512)]


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for source, name, size in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (HERE / source).read_text(encoding="utf-8")
            page.set_content(
                "<html><body style='margin:0;background:transparent'>"
                f"<div style='width:{size}px;height:{size}px'>"
                + svg.replace("<svg ", f"<svg width='{size}' height='{size}' ", 1)
                + "</div></body></html>")
            page.screenshot(path=str(HERE / f"{name}-{size}.png"), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
