from gametable.engine import entry_for, log_for


def test_private_details_only_for_the_owner():
    entry = {"key": "x.drew", "seat": 1, "count": 2, "private": {"cards": ["ore", "wool"]}}
    assert entry_for(entry, 1) == entry
    assert entry_for(entry, 0) == {"key": "x.drew", "seat": 1, "count": 2}
    assert entry_for(entry, None) == {"key": "x.drew", "seat": 1, "count": 2}


def test_private_to_lists_several_seats():
    entry = {"key": "x.traded", "seat": 0, "partner_seat": 2, "private": {"gave": ["ore"]},
             "private_to": [0, 2]}
    assert [("private" in e) for e in log_for([entry] * 1, 2)] == [True]
    assert "private" not in entry_for(entry, 1)
    assert "private_to" not in entry_for(entry, 1)


def test_public_entries_pass_unchanged():
    entry = {"key": "x.built", "seat": 0, "card": "road"}
    assert log_for([entry], None) == [entry]
