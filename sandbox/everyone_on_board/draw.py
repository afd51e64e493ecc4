"""The table of Everyone On Board‽, drawn once against any painter.

Top to bottom: the header (game, setup, whose decision), the players (score, Train Card
marker, hand size), the schedule, one row per track (its platform, then the rails with the
train: Ticket Collector, controller's Train Card, Passengers aboard), the piles, then the hands:
the one in focus (`focus`: the player deciding, else the viewer) in a full row, the others
compact beside each other (fanned: each card's rank and suit stay in sight). Every word is drawn
at `TEXT` or more, so it reads at 11 px on a 1400 x 900 window and 9 px on a 1024 x 768 one.
Hotspots name cards ("card:7H"), platforms, tracks and piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.core.paint import cut
from sandbox.core.pending import CHANCE
from sandbox.everyone_on_board.actions import Coin, Discard, Draw, Move
from sandbox.everyone_on_board.cards import SYMBOL, Card

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.everyone_on_board.state import State

WIDTH = 820
M = 12
TEXT = 14  # the size of every word a player reads
CARD_W, CARD_H = 46, 64
ROW = 76  # a track's row
TOP = 132  # the first track
LEFT = 96  # the platforms' left edge: the track's name and "platform n" before it
PLATFORM_W = 290
RAILS_X = LEFT + PLATFORM_W + 14
PILES_H = 92
HAND_H = 90
STAR = "★"  # marks an All Aboard! card (an Ace or a Joker), as the legend says
PLAYER_COLOURS = ("#1f6fb4", "#c0392b", "#238b45", "#7b4fa0")
RED, BLACK = "#c0392b", "#1b1b1b"
FELT, PLATFORM, RAIL = "#f4f1e8", "#dcd6c4", "#6b5b45"
INK, MUTED = "#1b1b1b", "#555555"
BACK = "#34495e"


def size(state: State) -> tuple[int, int]:
    """As wide as the window gives a table; the height grows with the tracks only."""
    return WIDTH, _hands_y(state) + HAND_H * (2 if state.config.players > 1 else 1) + 6


def _piles_y(state: State) -> int:
    return TOP + ROW * len(state.tracks) + 4


def _hands_y(state: State) -> int:
    return _piles_y(state) + PILES_H


def marker_label(players: int, player: int) -> str:
    """How a player's Train Card marks control [train-cards.show]: 2 players flip it face up
    or down, 3 players use the 2s, 3s or 4s, 4 players use a suit. Markers are not counted:
    a player may control any number of trains [ruling.train-cards]."""
    if players == 2:
        return "up" if player == 1 else "down"
    if players == 3:
        return str(player + 1)
    return SYMBOL["SHDC"[player - 1]]


def card(p: Painter, x: float, y: float, c: Card, *, target: str | None = None,
         highlight: bool = False, w: float = CARD_W, h: float = CARD_H) -> None:
    """One card: its face, or its back when hidden. The rank and suit sit in the top-left
    corner, so a fanned card still shows them; an All Aboard! card has a star."""
    if c.is_hidden:
        p.rect(x, y, w, h, fill=BACK, stroke="#1c2833", radius=4)
        p.rect(x + 4, y + 4, w - 8, h - 8, stroke="#5d6d7e", width=1, radius=2)
    else:
        p.rect(x, y, w, h, fill="#ffffff", stroke="#e67e22" if highlight else "#7f7f7f",
               width=3 if highlight else 1, radius=4)
        ink = RED if c.is_red or c.suit == "1" else BLACK
        if c.rank == 0:
            p.text(x + w / 2, y + h / 2 + 5, "JOKER", size=TEXT * w / CARD_W, fill=ink, anchor="middle",
                   bold=True)
        else:
            rank = str(c)[:-1]
            p.text(x + 4, y + 17, rank, size=16 * w / CARD_W, fill=ink, bold=True)
            p.text(x + 4, y + 35 * h / CARD_H, SYMBOL[c.suit], size=15 * w / CARD_W, fill=ink)
            p.text(x + w - 5, y + h - 7, SYMBOL[c.suit], size=22 * w / CARD_W, fill=ink, anchor="end")
        if c.is_all_aboard:
            p.text(x + w - 5, y + 17, STAR, size=14 * w / CARD_W, fill="#e67e22", anchor="end")
    if target:
        p.hotspot(x, y, w, h, target)


def _cards_row(p: Painter, x: float, y: float, cards: tuple[Card, ...], room: float, *,
               clickable: bool = True, faces: bool = True) -> None:
    """Cards left to right within `room`, fanned (overlapping) when they would not fit; the
    last one whole. `faces=False`: their backs (a hand the viewer may not see)."""
    step = min(CARD_W + 6, (room - CARD_W) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for i, c in enumerate(cards):
        shown = c if faces else Card(-1, "?")
        card(p, x + i * step, y, shown,
             target=f"card:{c.notation}" if clickable and faces and not c.is_hidden else None)


def _decider(state: State) -> int | None:
    who = state.to_move
    return None if who is None or who == CHANCE else who


def focus(state: State, viewer: int | None) -> int:
    """The player whose hand is drawn in a full row: the one deciding, when the table is seen
    by them or by all; else the viewer; at the end the best score, from every seat."""
    if state.is_over:
        return max(range(1, state.config.players + 1), key=lambda pl: (state.points[pl - 1], -pl))
    decider = _decider(state)
    if decider is not None and viewer in (None, decider):
        return decider
    return viewer if viewer is not None else decider or 1


def _header(state: State, p: Painter, viewer: int | None, w: float) -> None:
    cfg = state.config
    p.text(M, 26, "Everyone On Board‽", size=20, bold=True)
    p.text(w - M, 24, _cut(cfg.describe(), w - 240), size=TEXT, fill=MUTED, anchor="end")
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    p.text(M, 50, _cut(f"Turn {state.turn} · {state.pending.prompt} · {seen}", w - 2 * M), size=TEXT,
           fill="#333333")


def _cut(text: str, width: float, size: float = TEXT) -> str:
    return cut(text, max(4, int(width / (0.56 * size))))


def _players(state: State, p: Painter, w: float) -> None:
    cfg = state.config
    bw = (w - 2 * M - 8 * (cfg.players - 1)) / cfg.players
    for i in range(cfg.players):
        player = i + 1
        x = M + i * (bw + 8)
        colour = PLAYER_COLOURS[i]
        active = state.to_move == player  # the player's Moves or discards are pending
        p.rect(x, 60, bw, 42, fill="#ffffff", stroke=colour, width=3 if active else 1, radius=6)
        p.rect(x + 8, 67, 28, 28, fill=colour, radius=3)
        p.text(x + 22, 86, marker_label(cfg.players, player), size=TEXT, fill="#ffffff", anchor="middle",
               bold=True)
        p.text(x + 44, 79, f"P{player}", size=TEXT, bold=True, fill=colour)
        p.text(x + 44, 96, f"hand {len(state.hand(player))}", size=TEXT, fill=MUTED)
        p.text(x + bw - 8, 88, f"{state.points[i]} pts", size=18, bold=True, anchor="end")


def _schedule(state: State, p: Painter) -> None:
    gone = len(state.departures)
    p.text(M, 124, f"Schedule: {gone} of {state.config.schedule} trains gone", size=TEXT, fill="#333333")
    for k in range(state.config.schedule):
        x = 300 + k * 26
        p.rect(x, 112, 22, 14, fill="#7f8c8d" if k < gone else "#ffffff", stroke="#7f8c8d", radius=2)


def _tracks(state: State, p: Painter, w: float) -> None:
    cfg = state.config
    for n, track in enumerate(state.tracks, 1):
        y = TOP + (n - 1) * ROW
        p.text(M, y + 30, f"Track {n}", size=TEXT, bold=True)
        p.text(M, y + 52, f"platform {n}", size=TEXT, fill="#7a705a")
        p.rect(LEFT, y + 2, PLATFORM_W, ROW - 6, fill=PLATFORM, stroke="#b8ae94", radius=4)
        p.hotspot(LEFT, y + 2, PLATFORM_W, ROW - 6, f"platform:{n}")
        _cards_row(p, LEFT + 6, y + 6, track.platform, PLATFORM_W - 12)
        p.line(RAILS_X, y + ROW - 14, w - M, y + ROW - 14, stroke=RAIL, width=2)
        p.line(RAILS_X, y + ROW - 8, w - M, y + ROW - 8, stroke=RAIL, width=2)
        p.hotspot(RAILS_X, y + 2, w - M - RAILS_X, ROW - 6, f"track:{n}")
        train = track.train
        if train is None:
            p.text(RAILS_X + 10, y + 34, "empty track", size=TEXT, fill="#8a7f6a")
            continue
        colour = PLAYER_COLOURS[train.controller - 1]
        room = w - M - RAILS_X - 96  # the value's words after the train
        length = min(room, 96 + max(1, len(train.aboard)) * (CARD_W + 6))
        x0 = RAILS_X + 4
        p.polygon([(x0, y + 2), (x0 + length, y + 2), (x0 + length, y + ROW - 4), (x0 - 10, y + ROW - 4)],
                  fill="#ffffff", stroke=colour, width=2)
        card(p, x0 + 6, y + 6, train.collector)
        p.rect(x0 + 58, y + 8, 30, 36, fill=colour, radius=3)
        p.text(x0 + 73, y + 31, marker_label(cfg.players, train.controller), size=TEXT, fill="#ffffff",
               anchor="middle", bold=True)
        p.text(x0 + 73, y + 62, f"P{train.controller}", size=TEXT, fill=colour, anchor="middle", bold=True)
        _cards_row(p, x0 + 94, y + 6, train.aboard, length - 98, clickable=False)
        p.text(x0 + length + 6, y + 30, f"{train.value} pts", size=TEXT, bold=True, fill="#333333")
        p.text(x0 + length + 6, y + 48, "aboard", size=TEXT, fill=MUTED)


def _piles(state: State, p: Painter, w: float) -> None:
    y = _piles_y(state)
    p.text(M, y + 16, "Draw pile", size=TEXT, fill=MUTED)
    card(p, M, y + 24, Card(-1, "?"), target="deck")
    p.text(M + CARD_W + 8, y + 62, str(len(state.deck)), size=18, bold=True)
    dx = 130
    p.text(dx, y + 16, "Discard pile", size=TEXT, fill=MUTED)
    if state.discard:
        card(p, dx, y + 24, state.discard[-1], target="discard")
    else:
        p.rect(dx, y + 24, CARD_W, CARD_H, stroke="#b0b0b0", radius=4)
        p.hotspot(dx, y + 24, CARD_W, CARD_H, "discard")
    p.text(dx + CARD_W + 8, y + 62, str(len(state.discard)), size=18, bold=True)
    signal_card = state.signal_card
    ax = 260
    if state.set_aside or signal_card:
        p.text(ax, y + 16, "All Aboard! in play / set aside", size=TEXT, fill=MUTED)
        in_play = ((signal_card,) if signal_card else ()) + state.set_aside
        _cards_row(p, ax, y + 24, in_play, 220, clickable=False)
    p.text(w - M, y + 40, f"{STAR} an All Aboard! card", size=TEXT, fill=MUTED, anchor="end")
    p.text(w - M, y + 60, "Train Cards (2s, 3s, 4s):", size=TEXT, fill=MUTED, anchor="end")
    p.text(w - M, y + 78, "control markers, set aside", size=TEXT, fill=MUTED, anchor="end")


def _hands(state: State, p: Painter, viewer: int | None, w: float) -> None:
    """The hand in focus in a full row; the others compact, side by side in the row below."""
    big = focus(state, viewer)
    others = [pl for pl in range(1, state.config.players + 1) if pl != big]
    y = _hands_y(state)
    _hand(state, p, viewer, big, M, y, w - 2 * M)
    if others:
        cw = (w - 2 * M - 10 * (len(others) - 1)) / len(others)
        for k, player in enumerate(others):
            _hand(state, p, viewer, player, M + k * (cw + 10), y + HAND_H, cw)


def _hand(state: State, p: Painter, viewer: int | None, player: int, x: float, y: float, w: float) -> None:
    colour = PLAYER_COLOURS[player - 1]
    hand = state.hand(player)
    seen = state.sees(viewer, player)
    p.rect(x, y, w, HAND_H - 6, fill="#fbf9f3", stroke=colour, width=2 if player == state.to_move else 1,
           radius=6)
    p.text(x + 8, y + 20, f"P{player} hand", size=TEXT, bold=True, fill=colour)
    p.text(x + 8, y + 40, f"{len(hand)} card{'s' * (len(hand) != 1)}", size=TEXT, fill=MUTED)
    _cards_row(p, x + 86, y + 12, hand, w - 94, faces=seen)


def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    _header(state, p, viewer, w)
    _players(state, p, w)
    _schedule(state, p)
    _tracks(state, p, w)
    _piles(state, p, w)
    _hands(state, p, viewer, w)


def action_svg(action: object) -> str:
    """A small picture of an action: the card, an arrow, and where it goes."""
    from sandbox.core.paint import SvgPainter
    p = SvgPainter(240, 60)
    p.rect(0, 0, 240, 60, fill=FELT)
    moved = getattr(action, "card", None)
    if isinstance(action, Draw):
        card(p, 6, 6, Card(-1, "?"))
        p.text(96, 34, "→", size=22, anchor="middle")
        card(p, 140, 6, action.card)
    elif moved is not None:
        card(p, 6, 6, moved)
        p.text(70, 34, "→", size=22, anchor="middle")
        if isinstance(action, Move):
            colour = RAIL if action.to.kind == "T" else "#7a705a"
            p.rect(96, 12, 138, 36, fill=PLATFORM if action.to.kind == "P" else "#ffffff",
                   stroke=colour, radius=4)
            p.text(165, 35, str(action.to), size=13, anchor="middle", bold=True)
        elif isinstance(action, Discard):
            p.text(96, 35, "discard pile", size=13, bold=True)
    else:
        label = "coin: leaves" if isinstance(action, Coin) and action.leaves else (
            "coin: stays" if isinstance(action, Coin) else str(action))
        p.text(120, 35, label, size=14, anchor="middle", bold=True)
    return p.svg()
