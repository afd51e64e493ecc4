"""The table of Everyone On Board‽, drawn once against any painter.

Top to bottom: the header (game, setup, whose decision), the players (score, Train Card
marker, hand size), the schedule, one row per track (its platform, then the rails with the
train: Ticket Collector, controller's Train Card, Passengers aboard), the piles, and the hands
seen from the viewer's side. Hotspots name cards ("card:7H"), platforms, tracks and piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.everyone_on_board.cards import SYMBOL, Card

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.everyone_on_board.state import State

WIDTH = 820
CARD_W, CARD_H = 34, 48
ROW = 74
TOP = 124
PLAYER_COLOURS = ("#1f6fb4", "#c0392b", "#238b45", "#7b4fa0")
RED, BLACK = "#c0392b", "#1b1b1b"
FELT, PLATFORM, RAIL = "#f4f1e8", "#dcd6c4", "#6b5b45"
BACK = "#34495e"


def size(state: State) -> tuple[int, int]:
    return WIDTH, _piles_y(state) + 70 + 60 * state.config.players + 8


def _piles_y(state: State) -> int:
    return TOP + ROW * len(state.tracks) + 6


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
    """One card: its face, or its back when hidden."""
    if c.is_hidden:
        p.rect(x, y, w, h, fill=BACK, stroke="#1c2833", radius=4)
        p.rect(x + 4, y + 4, w - 8, h - 8, stroke="#5d6d7e", width=1, radius=2)
    else:
        p.rect(x, y, w, h, fill="#ffffff", stroke="#e67e22" if highlight else "#7f7f7f",
               width=3 if highlight else 1, radius=4)
        ink = RED if c.is_red or c.suit == "1" else BLACK
        if c.rank == 0:
            p.text(x + w / 2, y + h / 2 + 4, "JOKER", size=8, fill=ink, anchor="middle", bold=True)
        else:
            rank = str(c)[:-1]
            p.text(x + 4, y + 15, rank, size=13, fill=ink, bold=True)
            p.text(x + w - 5, y + h - 6, SYMBOL[c.suit], size=17, fill=ink, anchor="end")
        if c.is_all_aboard:
            p.text(x + w / 2, y + h - 4, "ALL ABOARD", size=5, fill=ink, anchor="middle")
    if target:
        p.hotspot(x, y, w, h, target)


def _cards_row(p: Painter, x: float, y: float, cards: tuple[Card, ...], room: float, *,
               clickable: bool = True) -> None:
    step = min(CARD_W + 4, (room - CARD_W) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for i, c in enumerate(cards):
        card(p, x + i * step, y, c, target=f"card:{c.notation}" if clickable and not c.is_hidden else None)


def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    cfg = state.config
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    # header
    p.text(12, 24, "Everyone On Board‽", size=18, bold=True)
    p.text(w - 12, 22, cfg.describe(), size=11, fill="#555555", anchor="end")
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    p.text(12, 44, f"Turn {state.turn} · {state.pending.prompt} · {seen}", size=12, fill="#333333")
    # players
    for i in range(cfg.players):
        player = i + 1
        x = 12 + i * 200
        colour = PLAYER_COLOURS[i]
        active = state.to_move == player  # the player's Moves or discards are pending
        p.rect(x, 54, 190, 36, fill="#ffffff", stroke=colour, width=3 if active else 1, radius=6)
        p.rect(x + 8, 62, 20, 20, fill=colour, radius=3)
        p.text(x + 18, 77, marker_label(cfg.players, player), size=9, fill="#ffffff", anchor="middle")
        p.text(x + 36, 70, f"P{player}", size=12, bold=True, fill=colour)
        p.text(x + 36, 84, f"hand {len(state.hand(player))}", size=10, fill="#555555")
        p.text(x + 182, 79, f"{state.points[i]} pts", size=16, bold=True, anchor="end")
    # schedule
    gone = len(state.departures)
    p.text(12, 110, f"Schedule: {gone} of {cfg.schedule} trains gone", size=11, fill="#333333")
    for k in range(cfg.schedule):
        x = 210 + k * 22
        p.rect(x, 100, 18, 11, fill="#7f8c8d" if k < gone else "#ffffff", stroke="#7f8c8d", radius=2)
    # tracks
    for n, track in enumerate(state.tracks, 1):
        y = TOP + (n - 1) * ROW
        p.text(12, y + 30, f"Track {n}", size=12, bold=True)
        p.rect(72, y + 4, 300, ROW - 10, fill=PLATFORM, stroke="#b8ae94", radius=4)
        p.text(78, y + ROW - 10, f"platform {n}", size=8, fill="#7a705a")
        p.hotspot(72, y + 4, 300, ROW - 10, f"platform:{n}")
        _cards_row(p, 78, y + 8, track.platform, 288)
        p.line(384, y + ROW / 2 + 14, w - 12, y + ROW / 2 + 14, stroke=RAIL, width=2)
        p.line(384, y + ROW / 2 + 20, w - 12, y + ROW / 2 + 20, stroke=RAIL, width=2)
        p.hotspot(384, y + 4, w - 396, ROW - 10, f"track:{n}")
        train = track.train
        if train is None:
            p.text(394, y + 30, "empty track", size=10, fill="#9a8f7a")
            continue
        colour = PLAYER_COLOURS[train.controller - 1]
        length = 86 + max(1, len(train.aboard)) * (CARD_W + 4)
        length = min(length, w - 12 - 388)
        p.polygon([(388, y + 6), (388 + length, y + 6), (388 + length, y + ROW - 12),
                   (376, y + ROW - 12)], fill="#ffffff", stroke=colour, width=2)
        card(p, 394, y + 9, train.collector)
        p.rect(432, y + 14, 22, 30, fill=colour, radius=3)
        p.text(443, y + 34, marker_label(cfg.players, train.controller), size=9, fill="#ffffff",
               anchor="middle")
        p.text(443, y + ROW - 15, f"P{train.controller}", size=8, fill=colour, anchor="middle")
        _cards_row(p, 460, y + 9, train.aboard, length - 76, clickable=False)
        p.text(388 + length + 6, y + 34, f"{train.value} pts aboard", size=10, fill="#333333")
    # piles
    y = _piles_y(state)
    p.text(12, y + 14, "Draw pile", size=10, fill="#555555")
    card(p, 12, y + 18, Card(-1, "?"), target="deck")
    p.text(54, y + 46, str(len(state.deck)), size=14, bold=True)
    p.text(100, y + 14, "Discard pile", size=10, fill="#555555")
    if state.discard:
        card(p, 100, y + 18, state.discard[-1], target="discard")
    else:
        p.rect(100, y + 18, CARD_W, CARD_H, stroke="#b0b0b0", radius=4)
        p.hotspot(100, y + 18, CARD_W, CARD_H, "discard")
    p.text(142, y + 46, str(len(state.discard)), size=14, bold=True)
    signal_card = state.signal_card
    if state.set_aside or signal_card:
        p.text(200, y + 14, "All Aboard! in play / set aside", size=10, fill="#555555")
        in_play = ((signal_card,) if signal_card else ()) + state.set_aside
        _cards_row(p, 200, y + 18, in_play, 200, clickable=False)
    p.text(w - 12, y + 14, "Train Cards (2s, 3s, 4s) set aside as control markers", size=9,
           fill="#777777", anchor="end")
    # hands
    for i in range(cfg.players):
        player = i + 1
        hy = y + 70 + i * 60
        colour = PLAYER_COLOURS[i]
        hand = state.hand(player)
        hidden = not state.sees(viewer, player)
        p.text(12, hy + 28, f"P{player}", size=12, bold=True, fill=colour)
        p.text(12, hy + 42, "hand", size=9, fill="#777777")
        for k, c in enumerate(hand):
            face = Card(-1, "?") if hidden else c
            card(p, 60 + k * (CARD_W + 6), hy + 4, face,
                 target=None if hidden or c.is_hidden else f"card:{c.notation}")


def action_svg(action: object) -> str:
    """A small picture of an action: the card, an arrow, and where it goes."""
    from sandbox.core.paint import SvgPainter
    from sandbox.everyone_on_board.actions import Coin, Discard, Draw, Move

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
