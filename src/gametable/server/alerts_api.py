"""The HTTP API of turn alerts: a player's choices (push, e-mail, quiet hours, digest), the
e-mail address and its confirmation link, the one-click unsubscribe of every e-mail, and the
Web Push subscriptions that belong to the player (all its seats, rematches included)."""

from __future__ import annotations

from html import escape
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from gametable import i18n
from gametable.server.alert_schemas import AlertAddress, AlertChanges, Alerts
from gametable.server.alert_store import AlertChoices
from gametable.server.errors import BadRequest, Conflict, NotFound
from gametable.server.identity import RequiredPlayer
from gametable.server.live_table import hash_token, now_ms
from gametable.server.path_params import PathNamesAResource
from gametable.server.players import Player
from gametable.server.push import SUBSCRIPTIONS_PER_SEAT
from gametable.server.push_endpoints import EndpointRefused, EndpointRules
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited
from gametable.server.records import PushSubscription
from gametable.server.schemas import PushSubscribe, PushUnsubscribe

router = APIRouter(route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

#: the pages of the links: nothing but our own style sheet and icon, no script
_PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; script-src 'none'; object-src 'none'; "
                                            "base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
                 "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}
_NO_SESSION = {401: {"description": "This browser is not signed in as a player"}}
_TOKEN = Annotated[str, Query(max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


def _alerts_json(choices: AlertChoices, mail_on: bool) -> dict:
    quiet = (None if choices.quiet_start is None or choices.quiet_end is None
             else {"start": choices.quiet_start, "end": choices.quiet_end})
    return {"push": choices.push, "email": choices.email, "address": choices.address,
            "address_confirmed": choices.address_confirmed, "quiet_hours": quiet,
            "utc_offset_minutes": choices.utc_offset_minutes, "digest": choices.digest,
            "email_available": mail_on}


def _alerts(request: Request):
    return request.app.state.alerts


@router.get("/api/me/alerts", response_model=Alerts, responses=_NO_SESSION,
            summary="Your turn alerts: by push, by e-mail, quiet hours, a digest")
async def get_alerts(request: Request, player: Player = RequiredPlayer) -> dict:
    alerts = _alerts(request)
    choices = (await alerts.core.read(alerts.alerts.choices, [player.id]))[player.id]
    return _alerts_json(choices, alerts.mailer is not None)


@router.patch("/api/me/alerts", response_model=Alerts, responses={**_NO_SESSION, 409: {
    "description": "E-mail alerts need a confirmed address first"}},
              summary="Change your turn alerts")
async def change_alerts(body: AlertChanges, request: Request, player: Player = RequiredPlayer) -> dict:
    alerts = _alerts(request)
    changes = body.model_dump(exclude_unset=True)
    if "quiet_hours" in changes:
        quiet = changes.pop("quiet_hours") or {"start": None, "end": None}
        changes.update(quiet_start=quiet["start"], quiet_end=quiet["end"])
    if changes.get("email"):
        current = (await alerts.core.read(alerts.alerts.choices, [player.id]))[player.id]
        if not current.address_confirmed:
            raise Conflict("add an e-mail address and open the link we send to it before turning "
                           "e-mail alerts on")
    choices = await alerts.core.write(alerts.alerts.change, player.id, changes)
    return _alerts_json(choices, alerts.mailer is not None)


@router.put("/api/me/alerts/address", response_model=Alerts, status_code=202,
            responses={**_NO_SESSION, 404: {"description": "This server sends no e-mail"}},
            summary="Set your e-mail address for alerts: we send it a link that confirms it")
async def set_address(body: AlertAddress, request: Request, player: Player = RequiredPlayer) -> dict:
    alerts = _alerts(request)
    if alerts.mailer is None:
        raise NotFound("this server sends no e-mail (its operator has not set GAMETABLE_SMTP_URL)")
    choices = await alerts.core.write(alerts.alerts.change, player.id,
                                      {"address": body.address, "address_confirmed": False, "email": False})
    await alerts.send_confirmation(player.id, body.address, player.lang)
    return _alerts_json(choices, True)


@router.delete("/api/me/alerts/address", response_model=Alerts, responses=_NO_SESSION,
               summary="Forget your e-mail address (no more e-mail alerts)")
async def forget_address(request: Request, player: Player = RequiredPlayer) -> dict:
    alerts = _alerts(request)
    choices = await alerts.core.write(alerts.alerts.change, player.id,
                                      {"address": None, "address_confirmed": False, "email": False})
    return _alerts_json(choices, alerts.mailer is not None)


@router.post("/api/me/push", status_code=204, responses={**_NO_SESSION, 409: {
    "description": "You have the most push subscriptions a player may have"}},
             summary="Tell this browser of your turns at all your tables (Web Push)")
async def subscribe_player(body: PushSubscribe, request: Request, player: Player = RequiredPlayer) -> None:
    alerts, pusher = _alerts(request), request.app.state.pusher
    # the same checks as a seat's subscription (docs/server.md, "Where pushes may go")
    rules = pusher.rules if pusher is not None else EndpointRules.from_settings(request.app.state.settings)
    try:
        await rules.check(body.endpoint)
    except EndpointRefused as exc:
        raise BadRequest(str(exc)) from None
    subscription = PushSubscription(endpoint=body.endpoint, p256dh=body.keys.p256dh,
                                    auth=body.keys.auth, lang=body.lang)
    if not await alerts.core.write(alerts.alerts.subscribe, player.id, subscription, SUBSCRIPTIONS_PER_SEAT):
        raise Conflict(f"you have {SUBSCRIPTIONS_PER_SEAT} push subscriptions already; turn alerts "
                       "off in one of your browsers first")


@router.delete("/api/me/push", status_code=204, responses=_NO_SESSION,
               summary="Stop telling this browser of your turns")
async def unsubscribe_player(body: PushUnsubscribe, request: Request, player: Player = RequiredPlayer) -> None:
    alerts = _alerts(request)
    await alerts.core.write(alerts.alerts.unsubscribe_push, player.id, body.endpoint)


# -- the pages the links of e-mails open -----------------------------------------------------

def _page_lang(request: Request) -> str:
    wanted = request.headers.get("accept-language", "")
    for part in wanted.split(","):
        lang = part.split(";")[0].strip().lower()[:2]
        if lang in i18n.LANGUAGES:
            return lang
    return i18n.DEFAULT_LANGUAGE


def _page(lang: str, text: str, form_action: str | None = None, button: str | None = None,
          status_code: int = 200) -> HTMLResponse:
    direction = "rtl" if lang == "fa" else "ltr"
    form = ""
    if form_action:
        form = (f'<form method="post" action="{escape(form_action)}">'
                f'<button type="submit">{escape(button or "")}</button></form>')
    return HTMLResponse(f'<!doctype html><html lang="{lang}" dir="{direction}"><head><meta charset="utf-8">'
                        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                        f'<title>gametable</title><link rel="stylesheet" href="/static/css/app.css">'
                        f'<link rel="icon" href="/static/img/icon.svg" type="image/svg+xml"></head>'
                        f'<body><main class="lobby"><section class="panel"><p>{escape(text)}</p>{form}'
                        f'<p><a href="/me">{escape(i18n.text("web.mail.page_me", lang))}</a></p>'
                        f'</section></main></body></html>', headers=_PAGE_HEADERS,
                        status_code=status_code)


#: the two links of every e-mail, each a page that asks (GET: mail scanners open links, and must
#: not act for the player) and a form that acts (POST): the store's method of the same name does
#: it, and these are the page's words once done
_LINK_DONE = {"confirm": "web.mail.confirmed", "unsubscribe": "web.mail.unsubscribed"}


def _asking(request: Request, link: str, token: str) -> HTMLResponse:
    lang = _page_lang(request)
    return _page(lang, i18n.text(f"web.mail.{link}_ask", lang), f"/alerts/{link}?token={token}",
                 i18n.text(f"web.mail.{link}_button", lang))


async def _acting(request: Request, link: str, token: str) -> HTMLResponse:
    alerts, lang = _alerts(request), _page_lang(request)
    if await alerts.core.write(getattr(alerts.alerts, link), hash_token(token), now_ms()) is None:
        return _page(lang, i18n.text(f"web.mail.{link}_gone", lang), status_code=410)
    return _page(lang, i18n.text(_LINK_DONE[link], lang))


# The link pages answer HTML (a person or a mail client reads them), so they stay out of the
# JSON API's schema; docs/server.md "Turn alerts by e-mail" describes them.
@router.get("/alerts/confirm", response_class=HTMLResponse, include_in_schema=False)
async def confirm_page(request: Request, token: _TOKEN) -> HTMLResponse:
    return _asking(request, "confirm", token)


@router.post("/alerts/confirm", response_class=HTMLResponse, include_in_schema=False)
async def confirm(request: Request, token: _TOKEN) -> HTMLResponse:
    return await _acting(request, "confirm", token)


@router.get("/alerts/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe_page(request: Request, token: _TOKEN) -> HTMLResponse:
    return _asking(request, "unsubscribe", token)


@router.post("/alerts/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe(request: Request, token: _TOKEN) -> HTMLResponse:
    return await _acting(request, "unsubscribe", token)
