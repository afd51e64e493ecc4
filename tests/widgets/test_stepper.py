"""GameStepper driven from Python: buttons, seats, chooser, table clicks, log, scores, keys."""

from __future__ import annotations

from html import escape

import pytest

import sandbox
from widgets import GameStepper


def new(reveal=False, **seats):
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    return match, GameStepper(match, seats={int(k[1:]): v for k, v in seats.items()}, reveal=reveal)


def test_starts_at_the_first_decision_with_a_stable_repr():
    _, s = new()
    assert repr(s) == "GameStepper(everyone_on_board, ply 22 of 22)"
    assert s.status == "ply 22 of 22 · P1: Move 1 of 2"
    assert "ply 22 of 22 · P1: Move 1 of 2" in s.status_line.value
    assert (s.ply, s.last_ply) == (22, 22)
    assert s.seats == {1: "human", 2: "human", 3: "human"}


def test_step_waits_for_a_human():
    match, s = new()
    s.step_button.click()
    assert match.ply == 22
    assert s.step_button.disabled and s.end_button.disabled
    assert "P1 (human) must decide" in s.message


def test_step_back_reset_and_replay():
    match, s = new(P1="greedy", P2="random", P3="greedy")
    s.step_button.click()
    assert (match.ply, s.status) == (23, "ply 23 of 23 · P1: Move 2 of 2")
    played = match.history[-1].action
    assert match.history[-1].by == "greedy" and match.history[-1].note
    s.step_button.click()
    assert match.ply == 24
    s.back_button.click()
    s.back_button.click()
    assert (match.ply, match.last_ply) == (22, 24)
    assert s.status == "ply 22 of 24 · P1: Move 1 of 2"
    s.step_button.click()  # replays the recorded move
    assert match.ply == 23 and match.history[-1].action == played
    s.reset_button.click()
    assert match.ply == 0 and s.back_button.disabled and s.reset_button.disabled
    s.step_button.click()  # replays the deal up to the first decision
    assert match.ply == 22
    assert match.last_ply == 24


def test_back_steps_one_ply_even_through_chance():
    match, s = new(P1="greedy", P2="greedy", P3="greedy")
    s.back()
    assert match.ply == 21 and match.pending.player == sandbox.CHANCE
    assert "Chance decides" in s.chooser_title.value or "replays" in s.chooser_title.value
    s.step()
    assert match.ply == 22


def test_chance_is_dealt_when_the_match_does_not_deal_itself():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7, auto_chance=False)
    s = GameStepper(match)
    assert match.pending.player == sandbox.CHANCE and s.can_progress()
    s.step_button.click()
    assert match.ply == 1 and match.history[-1].by == "chance"
    s.jump_to_end()
    assert match.pending.player == 1 and match.ply == 22


def test_jump_to_end_with_bots_finishes_the_game():
    match, s = new(P1="greedy", P2="random", P3="greedy")
    s.end_button.click()
    assert match.outcome is not None
    assert s.status.endswith("The game is over")
    assert s.step_button.disabled
    rows = s.score_rows()
    assert [r.score for r in rows] == [match.outcome.scores[p] for p in (1, 2, 3)]
    winners = {r.player for r in rows if r.note in ("win", "shared win")}
    assert winners == {f"P{p}" for p in match.outcome.winners}
    assert {r.note for r in rows} <= {"win", "shared win", "loss"}
    assert "Game over" in s.chooser_title.value
    assert all(f"<td>{r.score}</td>" in s.score_table.value and not r.hidden for r in rows)


def test_jump_to_end_stops_at_a_human_and_is_capped():
    match, s = new(P1="greedy", P2="random")
    steps = s.jump_to_end()
    assert steps > 0 and match.pending.player == 3 and match.outcome is None
    _, s2 = new(P1="greedy", P2="greedy", P3="greedy")
    s2.max_jump = 3
    assert s2.jump_to_end() == 3 and "stopped after 3 steps" in s2.message


def test_seat_controls_seat_bots():
    match, s = new(reveal=True)
    assert not any(c.disabled for c in s.seat_controls.values())
    s.seat_controls[1].value = "random"
    assert s.seats[1] == "random" and s.bot_for(1).name == "random"
    assert not s.step_button.disabled
    s.step_button.click()
    assert match.ply == 23 and match.history[-1].by == "random"
    s.seat(1, "human")
    assert s.seat_controls[1].value == "human" and s.bot_for(1) is None
    with pytest.raises(ValueError):
        s.seat(1, "clever")


def test_bot_objects_are_kept():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    bot = sandbox.bots.RandomBot(seed=99)
    s = GameStepper(match, seats={1: bot})
    assert s.seats[1] == "random" and s.bot_for(1) is bot


def test_chooser_offers_exactly_the_legal_actions_and_explains_the_rest():
    match, s = new()
    legal = match.legal_actions()
    assert s.options == legal
    assert [b.description for b in s.option_buttons] == [match.state.describe(a, 1) for a in legal]
    assert all(f"(typed: {a.notation})" in b.tooltip for a, b in zip(legal, s.option_buttons))
    assert all("allowed" in b.tooltip for b in s.option_buttons)
    refused = [a for a in match.state.candidate_actions() if a not in legal]
    assert refused
    for action in refused:
        assert f"<b>{escape(str(action))}</b>" in s.refused.value
        for v in match.explain(action).violations:
            assert escape(v.message) in s.refused.value
    assert f"({len(refused)})" in s.refused_box.get_title(0)


def test_choosing_an_option_plays_it():
    match, s = new()
    action = s.options[3]
    s.option_buttons[3].click()
    assert match.ply == 23 and match.history[-1].action == action
    assert s.options == match.legal_actions()


def test_chooser_is_empty_while_a_bot_is_to_move():
    match, s = new(P1="greedy")
    assert s.options == () and "Greedy bot" in s.chooser_title.value
    with pytest.raises(sandbox.IllegalAction):
        s.choose(match.legal_actions()[0])


def test_card_then_place_on_the_table_plays_the_move():
    match, s = new()
    s.click(*s.table.centre_of("card:8C"))
    assert s.picked == ("card:8C",) and match.ply == 22
    assert [a.notation for a in s.options] == ["8C>P1", "8C>P2"]
    assert s.table.marked == ("card:8C",)
    s.click(*s.table.centre_of("platform:2"))
    assert match.ply == 23 and match.history[-1].action.notation == "8C>P2"
    assert s.picked == () and s.table.marked == ()


def test_place_then_card_works_too_and_a_lone_match_needs_a_second_click():
    match, s = new()
    s.pick("platform:1")
    assert len(s.options) > 1 and all("platform:1" in a.targets() for a in s.options)
    s.pick("card:10D")
    assert match.history[-1].action.notation == "10D>P1"
    # a click that names exactly one legal action only selects it; the same click again plays it
    legal = match.legal_actions()
    targets = {t for a in legal for t in a.targets()}
    lone = sorted(t for t in targets if sum(t in a.targets() for a in legal) == 1)
    assert lone, "this position should have a target only one action uses"
    (action,) = [a for a in legal if lone[0] in a.targets()]
    ply = match.ply
    assert s.pick(lone[0]) is None and match.ply == ply
    assert s.options == (action,) and "Click it again" in s.message
    assert s.pick(lone[0]) == action and match.history[-1].action == action


def test_a_click_on_nothing_useful_changes_nothing():
    match, s = new()
    assert s.click(1, 1) is None
    s.pick("deck")
    assert match.ply == 22 and s.picked == () and "Nothing there can be chosen now" in s.message
    s.pick("card:8C")
    s.show_all_button.click()
    assert s.picked == () and s.options == match.legal_actions()


def test_log_lines_carry_rule_ids_and_passages():
    match, s = new(reveal=True, P1="greedy")
    s.step()
    entries = s.log_entries()
    assert entries == [(n.ply, e.text, e.rule, n.note if i == 0 else "")
                       for n in match.history for i, e in enumerate(n.events)]
    _, text, rule, note = entries[-1]
    assert note and rule
    html = s.log_view.value
    assert html.index(escape(text)) < html.index(escape(entries[0][1]))  # newest first
    assert f"title='{escape(match.game.cite(rule))}'" in html
    assert f"<code>[{rule}]</code>" in html


def test_log_and_table_follow_the_viewer():
    match, s = new(reveal=True)
    assert s.viewer is None and s.viewer_control.value == 0
    secret = [e for n in match.history for e in n.events if e.secret_for == 1]
    assert secret
    assert escape(secret[0].text) in s.log_view.value
    s.viewer_control.value = 2
    assert s.viewer == 2 and s.table.viewer == 2
    assert escape(secret[0].text) not in s.log_view.value
    assert escape(secret[0].text_for(2)) in s.log_view.value
    assert s._repr_mimebundle_()["image/svg+xml"] == match.state.view(2).svg(2)
    s.viewer_control.value = 0
    assert s.viewer is None and s._repr_mimebundle_()["image/svg+xml"] == match.state.svg()


def test_play_steps_on_each_tick_and_stops_by_itself():
    match, s = new(P1="greedy", P2="random")
    s.play.playing = True
    for _ in range(200):  # the browser's Play widget ticks its value
        if not s.play.playing:
            break
        s.play.value += 1
    assert not s.play.playing and match.pending.player == 3
    s.play.playing = True  # nothing can move: it stops at once
    assert not s.play.playing and "P3 (human) must decide" in s.message


def test_speed_sets_the_interval():
    _, s = new()
    s.speed.value = 4
    assert s.play.interval == 250


def test_keys_drive_the_stepper():
    match, s = new(P1="greedy", P2="random", P3="greedy")
    assert s.key_strip.press("ArrowRight") == "step" and match.ply == 23
    s.key_strip._received(None, {"command": "back"}, [])  # as the browser sends it
    assert match.ply == 22
    s.key_strip.press("End")
    assert match.outcome is not None
    s.key_strip.press("Home")
    assert match.ply == 0
    s.key_strip.press(" ")
    assert s.play.playing
    s.key_strip.press(" ")
    assert not s.play.playing
    assert s.key_strip.press("x") is None


def test_display_bundle():
    match, s = new()
    data = s._repr_mimebundle_()
    assert data["text/plain"] == "GameStepper(everyone_on_board, ply 22 of 22)"
    assert data["image/svg+xml"] == match.state.svg(viewer=1)  # sealed: P1 decides first
    _, author = new(reveal=True)
    assert author._repr_mimebundle_()["image/svg+xml"] == match.state.svg()
    assert "application/vnd.jupyter.widget-view+json" in data


def test_refresh_follows_changes_made_outside():
    match, s = new()
    match.play(match.legal_actions()[0])
    s.refresh()
    assert s.ply == match.ply and s.options == match.legal_actions()


def test_unknown_seat_is_refused():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    with pytest.raises(ValueError):
        GameStepper(match, seats={4: "greedy"})
