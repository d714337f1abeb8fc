from gametable.engine import SeatLogs, entry_for, log_for


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


def _entries(count: int, start: int = 0) -> list[dict]:
    """Every third entry private to seat 1."""
    return [{"key": "x.step", "seat": i % 3, "n": i, **({"private": {"card": i}} if i % 3 == 1 else {})}
            for i in range(start, start + count)]


def test_seat_logs_keep_up_with_a_growing_log():
    log = _entries(5)
    seat_logs = SeatLogs(log)
    for seat in (None, 0, 1, 2):
        assert seat_logs.for_seat(seat) == log_for(log, seat)
    log += _entries(4, start=5)
    for seat in (None, 0, 1, 2):
        assert seat_logs.for_seat(seat) == log_for(log, seat)


def test_a_seat_log_handed_out_is_the_callers_own():
    log = _entries(4)
    seat_logs = SeatLogs(log)
    mine = seat_logs.for_seat(1)
    mine.append({"key": "x.mine"})
    mine[0] = {"key": "x.changed"}
    assert seat_logs.for_seat(1) == log_for(log, 1)


def test_a_log_cut_in_place_is_filtered_again():
    log = _entries(6)
    seat_logs = SeatLogs(log)
    seat_logs.for_seat(0)
    del log[3:]
    log += _entries(2, start=10)
    assert seat_logs.for_seat(0) == log_for(log, 0)
