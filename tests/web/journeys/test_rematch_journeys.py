"""Journey of a game a bot finished, its rematch, My tables and the player page (issue 24,
defects 7 and 11; docs/web-client.md, "Journeys").

Ann makes a small table in the lobby and Bob joins by her link, each typing a name; Bob leaves
his seat to the bot, and the results say so; Bob asks for the rematch all the same; the rematch,
between the two of them, is rated, and the player page shows the rating on the 1500 scale.
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person, number_in, table_id
from tests.web.play import play_until


def _finished(person: Person):
    return lambda: person.page.locator("#prompt").get_attribute("data-state") == "over"


def test_a_player_whose_seat_went_to_the_bot_asks_for_the_rematch_and_the_ratings_read_as_people_expect(
        toy_server, browser):
    rnd = random.Random(11)
    ann = Person(browser, toy_server, "Ann", size="desktop")
    bob = Person(browser, toy_server, "بابک", lang="fa", size="phone")
    invite = ann.create_table("toy", 2, invited=(1,), options={"pile": 10})
    assert bob.join_by_link(invite) == 1
    # Bob has to go: the bot plays his seat, and Ann plays on to the end
    bob.page.locator("#leave-seat").click()
    expect(bob.page.locator("#take-back")).to_be_visible(timeout=PATIENCE)
    play_until([ann.page], _finished(ann), rnd, timeout=120)

    # The results say the bot finished Bob's game (issue 24: a plain "Winner: Ann")
    expect(bob.page.locator("#prompt")).to_have_attribute("data-state", "over", timeout=PATIENCE)
    expect(bob.page.locator("#prompt .bots-finished")).to_contain_text("بابک", timeout=PATIENCE)
    ann.goto("/me")
    finished = ann.page.locator(f'#tables [data-table="{table_id(invite)}"]')
    expect(finished).to_contain_text("Bots finished the game for", timeout=PATIENCE)
    expect(finished).to_contain_text("بابک")

    # Bob asks for the rematch all the same (issue 24: 403) and sits where he sat
    bob.page.locator("#rematch").click()
    expect(bob.page).not_to_have_url(invite, timeout=PATIENCE)
    expect(bob.page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "1", timeout=PATIENCE)
    rematch_id = table_id(bob.page.url)
    # Ann finds the invitation in My tables and takes her seat
    ann.page.reload()
    entry = ann.page.locator(f'#tables [data-table="{rematch_id}"]')
    entry.locator(".table-links a").first.click()
    expect(ann.page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)

    # Between two people the game is rated: the player page shows 1500-scale figures
    play_until([ann.page, bob.page], _finished(ann), rnd, timeout=120)
    ann.goto("/me")
    link = ann.page.locator(f'#tables [data-table="{rematch_id}"] .table-seats a', has_text="بابک")
    link.click()
    expect(ann.page.locator("#player-name")).to_have_text("بابک", timeout=PATIENCE)
    row = ann.page.locator('#ratings tr[data-game="toy"]')
    expect(row.locator(".tag.provisional")).to_have_text("provisional", timeout=PATIENCE)
    shown = int(row.locator("td strong").inner_text())
    assert 1300 < shown < 1700 and shown != 1500
    # Bob reads his own page in Persian: Persian digits, the same figure
    bob.goto("/me")
    bob.page.locator("#player-page").click()
    own = bob.page.locator('#ratings tr[data-game="toy"] td strong')
    expect(own).to_have_text(re.compile(r"^[۰-۹]{4}$"), timeout=PATIENCE)
    assert int(number_in(own.inner_text())) == shown
    for person in (ann, bob):
        person.assert_clean()
        person.close()
