"""Draw the installable app's PNG icons (web/img/icon-192.png, icon-512.png) from web/img/icon.svg
with Debian's Chromium: the SVG shown at each size on a transparent page, screenshotted.

    PYTHONPATH=src python3 scripts/app_icons.py

Run it again after changing icon.svg and commit the PNGs (the client has no build step)."""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parents[1] / "src" / "gametable" / "web" / "img"
SIZES = (192, 512)


def main() -> None:
    svg = base64.b64encode((IMG / "icon.svg").read_bytes()).decode()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<html><body style="margin:0;background:transparent">'
                             f'<img src="data:image/svg+xml;base64,{svg}" width="{size}" height="{size}" '
                             f'style="display:block"></body></html>')
            page.screenshot(path=IMG / f"icon-{size}.png", omit_background=True)
            page.close()
            print(f"wrote {IMG / f'icon-{size}.png'}")
        browser.close()


if __name__ == "__main__":
    main()
