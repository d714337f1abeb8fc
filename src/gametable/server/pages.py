"""The browser client's pages: Jinja templates in web/pages/ that extend one layout (layout.html:
the head and the top bar), rendered once when the app is built. No page carries anything of the
request (a table's id, a player's id, a sign-in secret are read from the address by the page's
script), so every request gets the same bytes."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path
from typing import Iterable

import jinja2
from starlette.responses import HTMLResponse

@dataclass(frozen=True)
class Page:
    html: bytes
    #: the validators a file had when it was served as such: an ETag of the bytes, Last-Modified
    headers: dict[str, str]

    def response(self, headers: dict[str, str]) -> HTMLResponse:
        return HTMLResponse(self.html, headers={**headers, **self.headers})


def render_pages(pages_dir: Path, names: Iterable[str]) -> dict[str, Page]:
    """The pages ``names`` (file names without ".html"), rendered from the templates in
    ``pages_dir`` (layout.html is the frame they share, not a page)."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(pages_dir), autoescape=True,
                                     undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    # the newest template is when any page last changed (a page and its layout are rendered together)
    changed = formatdate(max(path.stat().st_mtime for path in pages_dir.glob("*.html")), usegmt=True)
    pages = {}
    for name in names:
        html = environment.get_template(f"{name}.html").render().encode()
        etag = f'"{hashlib.md5(html, usedforsecurity=False).hexdigest()}"'
        pages[name] = Page(html, {"ETag": etag, "Last-Modified": changed})
    return pages
