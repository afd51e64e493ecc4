"""Game options: `new_game("everyone_on_board", ...)` refuses an unknown option or a value of the
wrong kind with a ValueError that lists what is allowed (a bare TypeError before)."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.everyone_on_board import Config

# --- options ---------------------------------------------------------------------------------

def test_unknown_options_list_the_valid_ones():
    with pytest.raises(ValueError) as info:
        sandbox.new_game("everyone_on_board", players=3, trains=4)
    message = str(info.value)
    assert type(info.value) is ValueError
    assert message.startswith("Everyone On Board‽ has no option 'trains' ('trains' is called "
                              "'schedule'); its options are ")
    for part in ("schedule: a whole number of trains from 2 to 12", "tracks: a whole number of "
                 "tracks from 1 to 12", "king: 'waits' (default) or 'boards'",
                 "jack: 'signal' (default) or 'turn-end'"):
        assert part in message
    with pytest.raises(ValueError, match="has no option 'colour'; its options are schedule"):
        Config.make(2, colour="red")


@pytest.mark.parametrize("options, says", [
    (dict(schedule="4"), "the schedule (2 to 12 trains) must be a whole number, not '4' (str) "
                         "[setup.schedule]"),
    (dict(schedule=4.0), "the schedule (2 to 12 trains) must be a whole number, not 4.0 (float)"),
    (dict(tracks=True), "the number of tracks (1 to 12) must be a whole number, not True (bool) "
                        "[setup.station]"),
    (dict(tracks=[2]), "the number of tracks (1 to 12) must be a whole number, not [2] (list)"),
    (dict(king=1), "the king ruling must be 'waits' or 'boards', not 1 [ruling.king]"),
    (dict(jack=["signal"]), "the jack ruling must be 'signal' or 'turn-end', not ['signal']"),
])
def test_option_values_of_the_wrong_kind_are_refused(options, says):
    with pytest.raises(ValueError) as info:
        sandbox.new_game("everyone_on_board", players=3, **options)
    assert type(info.value) is ValueError and str(info.value).startswith(says), str(info.value)


def test_options_still_work_and_round_trip():
    m = sandbox.new_game("everyone_on_board", players=3, schedule=5, tracks=4, king="boards",
                         jack="turn-end")
    assert m.config == Config.from_dict(m.config.to_dict())
    assert m.config.describe() == "3 players, schedule 5 trains, 4 tracks, king=boards, jack=turn-end"
    with pytest.raises(ValueError, match="unknown setup keys"):
        Config.from_dict({**m.config.to_dict(), "trains": 4})
    with pytest.raises(ValueError, match="rulings are"):
        Config.from_dict({**m.config.to_dict(), "rulings": {"queen": "x"}})
    with pytest.raises(ValueError, match="2-4 players, not '3'"):
        Config.make("3")
