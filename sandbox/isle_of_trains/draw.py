"""The table of Isle of Trains: All Aboard, drawn once against any painter.

Top to bottom: the header (game, setup, turn, whose decision, whose view); the island, one
column per island card in table order (the card while it is on the table: colour band, primary
contract, secondaries' "+N"; under it the destination tile and its ticket tile with the three
rewards and the passengers placed); a band with the progress track, the display, the train deck,
the discard pile, the passenger bag and a legend; then one row per player: a line of what they
own (VP tokens, weight and capacity, buildings, completed island cards, delivered passengers,
the progress train), the island card beside the engine, the train from the engine rightwards
with every load in its spaces, and on the right the hand and the passengers in supply.

Hotspots: "destination:BI", "display:2", "deck", "passenger" (the bag), "car:P2.3" (every
card in every train), "train-end" (after the deciding player's last car), "card:C1" (the cards
of the hand that can act), "passenger:BI" (that player's supply).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from sandbox.core.words import plural
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains import solo
from sandbox.isle_of_trains.actions import CODE, DESTINATIONS
from sandbox.isle_of_trains.model import Car, Load, Player

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.isle_of_trains.state import State

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
TILES = {t.id: t for t in data.ticket_tiles()}

MIN_W = 1000
M = 12  # outer margin
CARD_W, CARD_H, STEP = 70, 94, 76  # train, display and discard cards
HAND_W, HAND_H, HAND_STEP = 46, 64, 50  # hand cards
HAND_ROOM = 5 * HAND_STEP - 4  # the hand column: five cards side by side, more overlap
COL_W, COL_GAP = 130, 8  # island columns
ISLAND_Y, ISLAND_H = 62, 106
DEST_Y = ISLAND_Y + ISLAND_H + 6
BAND_Y = DEST_Y + 82  # progress track, display, piles, legend
PLAYERS_Y = BAND_Y + CARD_H + 60
ROW_H, ROW_GAP = 136, 8
TRAIN_X = M + 8 + CARD_W + 14  # the engine's left edge (the island beside it comes first)
END_W = 26  # the "train-end" spot after the last car

FELT, INK, MUTED, FAINT = "#f3efe3", "#1d1d1d", "#5f5a50", "#9b9486"
BACK, BACK_LINE = "#4a3b2a", "#8c7660"
PLAYER_COLOURS = ("#1f6fb4", "#c0392b", "#238b45", "#7b4fa0")
NAMED = {  # the colour names the component data uses
    "white": "#ffffff", "light blue": "#7cc8ee", "orange": "#ee8a2a", "purple": "#8e5bb8",
    "black": "#262626", "green": "#3c9d4e", "lavender": "#c7b5ea",
}
CARGO = {"coal": "#262626", "oil": "#2d5fb0", "box": "#9a5b26"}
CARGO_LETTER = {"coal": "C", "oil": "O", "box": "B"}
CATEGORY = {"engine": "#1f3a5a", "coach": "#2e7d4f", "hopper": "#5a5a5a", "tanker": "#2d5fb0",
            "boxcar": "#9a5b26", "caboose": "#b03a2e", "building": "#a87d12"}
VP = "★"
ABILITY = {  # one line each for the cabooses' abilities and the buildings' scoring
    "K1": "Deliver: +1 card", "K2": "load coal: +1 card", "K3": "stores 1 cargo",
    "K4": "2 buildings", "K5": "extend: cost -1", "K6": "capacity +2", "K7": "pax as cargo",
    "K8": "load pax: +2 cards", "K9": "+1 pax elsewhere", "K10": "any passenger here",
    "BANK": "2★ per load", "COALF": "2★ per coal", "CUSTOMS": "2★ per box", "GRAND": "8★",
    "MIDDLE": "4★ +CM/DC pax", "NORTH": "4★ +AL/BI pax", "OILR": "2★ per oil",
    "RAILY": "2★ per car", "SOUTH": "4★ +CE/FB pax", "TOWN": "2★ per pax car",
}


def colour(name: str) -> str:
    return NAMED.get(name, name)


def dest_colour(code: str) -> str:
    name = DESTINATIONS.get(code, "")
    return colour(ISLANDS[name].colour) if name in ISLANDS else "#cccccc"


def _on_dark(fill: str) -> bool:
    """Whether text on this fill should be white."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return r * 299 + g * 587 + b * 114 < 140_000


# --- sizes -----------------------------------------------------------------------------------

def _train_right(cars: int) -> int:
    return TRAIN_X + cars * STEP + END_W


def size(state: State) -> tuple[int, int]:
    longest = max(len(pl.train) for pl in state.players)
    w = max(MIN_W, _train_right(longest) + 16 + HAND_ROOM + M)
    return w, PLAYERS_Y + len(state.players) * (ROW_H + ROW_GAP) + 4


# --- small pieces ----------------------------------------------------------------------------

def cargo_icon(p: Painter, x: float, y: float, kind: str, s: float = 13, *,
               face_down: bool = False) -> None:
    """A cargo cube: coal, oil or box in its colour with its letter; "any" in three stripes."""
    if kind in CARGO:
        p.rect(x, y, s, s, fill=CARGO[kind], stroke="#111111", width=0.8, radius=2)
        if s >= 10:
            p.text(x + s / 2, y + s * 0.78, CARGO_LETTER[kind], size=s * 0.68, fill="#ffffff",
                   anchor="middle", bold=True)
    else:  # any
        third = s / 3
        for i, k in enumerate(("coal", "oil", "box")):
            p.rect(x + i * third, y, third, s, fill=CARGO[k])
        p.rect(x, y, s, s, stroke="#111111", width=0.8, radius=2)
    if face_down:  # a face-down card: the back's colour folded over one corner
        p.polygon([(x + s * 0.45, y), (x + s, y), (x + s, y + s * 0.55)], fill="#f5d76e",
                  stroke="#111111", width=0.6)


def passenger(p: Painter, cx: float, cy: float, code: str, r: float = 6.5) -> None:
    p.circle(cx, cy, r, fill=dest_colour(code), stroke="#333333", width=1)


def _cargo_row(p: Painter, x: float, y: float, cargo: data.Cargo, s: float = 12) -> float:
    """Cargo icons left to right; returns the x after the last."""
    for icon in data.ICONS:
        for _ in range(cargo.count(icon)):
            cargo_icon(p, x, y, icon, s)
            x += s + 1.5
    return x


def _short_benefit(cid: str) -> str:
    t = CARDS[cid]
    if t.benefit is None:
        return ABILITY.get(cid, "")
    b = t.benefit
    parts = [plural(b.cards, "card")] if b.cards else []
    parts += [f"−{b.discard}"] if b.discard else []
    parts += [f"{b.vp}{VP}"] if b.vp else []
    parts += [f"+{b.bonus}"] if b.bonus else []
    return " ".join(parts)


def _kind_label(cid: str) -> str:
    t = CARDS[cid]
    if t.category == "building":
        return t.name
    if t.level:
        return f"{t.category.capitalize()} L{t.level}"
    return t.category.capitalize()


def card_back(p: Painter, x: float, y: float, w: float, h: float) -> None:
    p.rect(x, y, w, h, fill=BACK, stroke="#2a2118", radius=4)
    p.rect(x + 4, y + 4, w - 8, h - 8, stroke=BACK_LINE, width=1, radius=2)
    p.text(x + w / 2, y + h / 2 + 4, "IoT", size=10, fill=BACK_LINE, anchor="middle", bold=True)


def card(p: Painter, x: float, y: float, cid: str, loads: tuple[Load, ...] = (), *,
         target: str | None = None, small: bool = False, highlight: bool = False,
         in_train: bool = False) -> None:
    """A train card's face: a band in its category's colour with its id and VP, its kind, what a
    loader gains (or the caboose's ability, the building's scoring), its spaces with their
    loads, weight (red) or capacity (green), cost, and in a corner the cargo it counts as when
    loaded (left out in a train, where it would read as the car's contents)."""
    w, h = (HAND_W, HAND_H) if small else (CARD_W, CARD_H)
    if cid not in CARDS:  # a hidden card ("??")
        card_back(p, x, y, w, h)
        if target:
            p.hotspot(x, y, w, h, target)
        return
    t = CARDS[cid]
    band = CATEGORY[t.category]
    p.rect(x, y, w, h, fill="#fffdf7", stroke="#e67e22" if highlight else "#8a8170",
           width=3 if highlight else 1, radius=4)
    p.rect(x, y, w, 17, fill=band, radius=4)
    p.rect(x, y + 9, w, 8, fill=band)
    p.text(x + 4, y + 13, cid, size=11 if len(cid) <= 4 else 9, fill="#ffffff", bold=True)
    if t.vp:
        p.text(x + w - 3, y + 13, f"{t.vp}{VP}", size=10, fill="#ffe680", anchor="end", bold=True)
    gauge = (f"W{t.weight}", "#c0392b") if t.weight else (f"C{t.capacity}", "#1e8449") if t.capacity else None
    if small:
        if t.category != "building":
            p.text(x + 4, y + 29, t.category, size=8, fill=MUTED)
            p.text(x + 4, y + 43, f"cost {t.cost}", size=8, fill=INK)
        else:  # a building by its name, which its code only hints at
            for i, line in enumerate(wrap(t.name, 9)[:2]):
                p.text(x + 4, y + 28 + i * 9, line, size=7.5, fill=INK, bold=True)
            p.text(x + 4, y + 48, f"cost {t.cost}", size=8, fill=INK)
        if gauge:
            p.text(x + 4, y + h - 6, gauge[0], size=9, fill=gauge[1], bold=True)
        cargo_icon(p, x + w - 15, y + h - 15, t.cargo, 11)
    else:
        label = _kind_label(cid)
        p.text(x + 4, y + 28, label, size=8 if len(label) < 14 else 7, fill=INK, bold=True)
        p.text(x + 4, y + 39, _short_benefit(cid), size=7.5, fill=MUTED)
        slots = max(t.spaces, len(loads))
        for i in range(slots):
            sx, sy = x + 5 + i * 20, y + 46
            load = loads[i] if i < len(loads) else None
            if t.holds == "passenger" or (load and load.kind == "passenger"):
                p.circle(sx + 8, sy + 8, 8, fill="#ffffff", stroke="#b3aa98", width=1)
                if load:
                    passenger(p, sx + 8, sy + 8, load.dest, 6.5)
            else:
                p.rect(sx, sy, 16, 16, fill="#ffffff", stroke="#b3aa98", width=1, radius=2)
                if load:
                    cargo_icon(p, sx + 1.5, sy + 1.5, load.kind, 13, face_down=load.face_down)
                elif t.holds:
                    cargo_icon(p, sx + 5, sy + 5, t.holds, 6)
        if gauge:
            p.text(x + 4, y + h - 7, gauge[0], size=10, fill=gauge[1], bold=True)
        if in_train:
            p.text(x + w - 4, y + h - 7, f"cost {t.cost}", size=8.5, fill=MUTED, anchor="end")
        else:
            p.text(x + w - 18, y + h - 7, f"cost {t.cost}", size=8.5, fill=MUTED, anchor="end")
            cargo_icon(p, x + w - 16, y + h - 17, t.cargo, 12)
    if target:
        p.hotspot(x, y, w, h, target)


# --- the island --------------------------------------------------------------------------------

def _holder(state: State, name: str) -> int | None:
    return next((i for i, pl in enumerate(state.players, 1) if any(h.island == name for h in pl.islands)),
                None)


def island_card(p: Painter, x: float, y: float, w: float, h: float, name: str, *,
                secondaries_only: bool = False) -> None:
    """An island card face: colour band with its name, the primary contract (cargo and VP) and
    each secondary's extra cargo and "+N"."""
    isl = ISLANDS[name]
    fill = colour(isl.colour)
    p.rect(x, y, w, h, fill="#fffdf7", stroke="#8a8170", radius=5)
    p.rect(x, y, w, 18, fill=fill, stroke="#8a8170", width=0.8, radius=5)
    p.rect(x + 0.5, y + 10, w - 1, 8, fill=fill)
    p.text(x + w / 2, y + 13, name, size=10 if w > 100 else 8, fill="#ffffff" if _on_dark(fill) else INK,
           anchor="middle", bold=True)
    wide = w > 100
    row = y + 24
    icon = 10
    if not secondaries_only:
        p.text(x + 5, row + 9, "primary", size=8, fill=MUTED)
        _cargo_row(p, x + 42, row, isl.primary.cargo, icon)
        p.text(x + w - 5, row + 9, f"{isl.primary.vp}{VP}", size=11, anchor="end", bold=True)
        row += 19
        p.line(x + 4, row - 4, x + w - 4, row - 4, stroke="#e0d9c8")
        p.text(x + 5, row + 7, "then one secondary:", size=7, fill=FAINT)
        row += 10
    for n, s in enumerate(isl.secondaries, 1):
        if wide:
            p.text(x + 5, row + 9, f"{n}.", size=8, fill=MUTED)
            _cargo_row(p, x + 18, row, s.cargo, icon)
            p.text(x + w - 5, row + 9, f"+{s.vp}{VP}", size=10, anchor="end", bold=True, fill="#7a5a00")
            row += 17
        else:
            p.text(x + 5, row + 9, f"then {n}", size=7, fill=MUTED)
            p.text(x + w - 4, row + 9, f"+{s.vp}{VP}", size=10, anchor="end", bold=True, fill="#7a5a00")
            _cargo_row(p, x + 5, row + 13, s.cargo, icon)
            row += 27


def _reward_lines(reward: data.Reward) -> list[str]:
    out = [plural(reward.cards, "card")] if reward.cards else []
    out += [f"{reward.vp}{VP}"] if reward.vp else []
    out += [f"+{reward.bonus}"] if reward.bonus else []
    return out


def _islands(state: State, p: Painter, w: int) -> None:
    from sandbox.isle_of_trains.state import laid_out

    names = {*laid_out(state.config), *state.islands}
    table = [i for i in data.all_islands() if i.name in names]
    span = len(table) * COL_W + (len(table) - 1) * COL_GAP
    x0 = (w - span) // 2
    tickets = {t.destination: t for t in state.tickets}
    for k, isl in enumerate(table):
        x = x0 + k * (COL_W + COL_GAP)
        code = CODE[isl.name]
        if isl.name in state.islands:
            island_card(p, x, ISLAND_Y, COL_W, ISLAND_H, isl.name)
        else:
            p.rect(x, ISLAND_Y, COL_W, ISLAND_H, fill="#e9e3d3", stroke="#c4bba6", radius=5)
            p.text(x + COL_W / 2, ISLAND_Y + 40, isl.name, size=10, fill=FAINT, anchor="middle", bold=True)
            who = _holder(state, isl.name)
            taken = f"island card taken by P{who}" if who else "island card taken"
            p.text(x + COL_W / 2, ISLAND_Y + 58, taken, size=9,
                   fill=PLAYER_COLOURS[who - 1] if who else FAINT, anchor="middle")
        bottom = ISLAND_Y + ISLAND_H
        ticket = tickets.get(code)
        if isl.destination and ticket is not None:
            y = DEST_Y
            fill = colour(isl.colour)
            p.rect(x, y, COL_W, 76, fill="#ffffff", stroke="#8a8170", radius=5)
            p.circle(x + 12, y + 11, 6, fill=fill, stroke="#333333")
            p.text(x + 22, y + 15, f"{code} {isl.name}", size=9, fill=INK, bold=True)
            tile = TILES.get(ticket.tile)
            sw = (COL_W - 10) / 3
            for i in range(3):
                sx, sy = x + 5 + i * sw, y + 21
                p.rect(sx + 1, sy, sw - 2, 50, fill="#f6f1e4", stroke="#c4bba6", radius=3)
                lines = _reward_lines(tile.rewards[i]) if tile else ["?"]
                for j, line in enumerate(lines):
                    p.text(sx + sw / 2, sy + 12 + j * 10, line, size=8.5, fill=INK, anchor="middle")
                if i < len(ticket.filled):
                    passenger(p, sx + sw / 2, sy + 38, ticket.filled[i], 7)
                else:
                    p.circle(sx + sw / 2, sy + 38, 7, fill="#ffffff", stroke="#c4bba6")
            bottom = y + 76
        elif not isl.destination:
            p.text(x + COL_W / 2, DEST_Y + 16, "no destination tile", size=8, fill=FAINT, anchor="middle")
            p.text(x + COL_W / 2, DEST_Y + 28, "(contracts only)", size=8, fill=FAINT, anchor="middle")
        p.hotspot(x, ISLAND_Y, COL_W, bottom - ISLAND_Y, f"destination:{code}")


# --- the band: progress, display, piles, legend ---------------------------------------------

def _loco(p: Painter, x: float, y: float, fill: str, s: float = 1) -> None:
    """A small locomotive, its left wheel at (x, y)."""
    p.rect(x - 2 * s, y - 12 * s, 18 * s, 9 * s, fill=fill, radius=1.5)
    p.rect(x + 8 * s, y - 18 * s, 8 * s, 7 * s, fill=fill, radius=1)
    p.rect(x, y - 17 * s, 3 * s, 5 * s, fill=fill)
    p.circle(x + 2 * s, y - 2 * s, 2.5 * s, fill="#333333")
    p.circle(x + 12 * s, y - 2 * s, 2.5 * s, fill="#333333")


def wrap(text: str, width: int) -> list[str]:
    """Words in lines of at most `width` characters."""
    return textwrap.wrap(text, width) or [""]


def _solo_panel(state: State, p: Painter) -> None:
    """Solo, in place of the progress track: the deck (the clock), then the Challenge's rating
    bands or the chapter's objective and how far it has come [solo.end] [solo.rating] [scenario.win]."""
    y = BAND_Y
    config = state.config
    chapter = solo.scenario(config)
    head = "Challenge" if chapter is None else f"Chapter {chapter.chapter}: {chapter.title}"
    p.text(M, y + 10, head, size=11 if len(head) <= 30 else 9.5, bold=True)
    left = state.deck_size
    p.text(M, y + 28, f"Day {max(state.turn, 1)} · {plural(left, 'card')} left in the deck", size=12,
           bold=True, fill="#c0392b" if left <= 6 else INK)
    goal = solo.goal(state)
    if chapter is None:
        points = goal.done
        for i, (least, name) in enumerate(reversed(solo.RATINGS)):
            bx = M + i * 46
            here = solo.rating(points) == name
            p.rect(bx, y + 36, 43, 30, fill="#fbe3d6" if here else "#ffffff",
                   stroke="#c0392b" if here else "#b3aa98", width=2 if here else 1, radius=3)
            p.text(bx + 21.5, y + 48, f"{least}+", size=9, anchor="middle", bold=here)
            short = name if " " not in name else name.split()[0] + " C."
            p.text(bx + 21.5, y + 60, short, size=7, anchor="middle", fill=INK if here else MUTED)
        lines = wrap(goal.text, 44)
        top = y + 80
    else:
        lines = wrap(chapter.objective, 44)[:2] + wrap("Now: " + goal.text, 44)[:4]
        top = y + 44
    for i, line in enumerate(lines):
        p.text(M, top + i * 11, line, size=8.5, fill=INK if line.startswith("Now") or i >= 2 else MUTED)


def _band(state: State, p: Painter, w: int) -> None:
    if state.solo:
        _solo_panel(state, p)
    else:
        _progress_track(state, p)
    _piles(state, p, w)


def _progress_track(state: State, p: Painter) -> None:
    y = BAND_Y
    end = state.end_space
    length = data.progress_length()
    p.text(M, y + 10, "Progress track", size=11, bold=True)
    p.text(M, y + 24, f"the game ends at {end} ({plural(state.config.players, 'player')})", size=8.5,
           fill=MUTED)
    for s in range(length + 1):
        sx = M + s * 31
        is_end = s == end
        beyond = s > end  # not used with this many players
        p.rect(sx, y + 32, 27, 30, fill="#fbe3d6" if is_end else "#ebe6da" if beyond else "#ffffff",
               stroke="#c0392b" if is_end else "#d8d0bc" if beyond else "#b3aa98",
               width=2 if is_end else 1, radius=3)
        p.text(sx + 13.5, y + 58, str(s), size=9, fill="#c0392b" if is_end else FAINT if beyond else MUTED,
               anchor="middle", bold=is_end)
        if s == min(state.progress, length):
            _loco(p, sx + 6, y + 48, "#1d1d1d", 0.85)
    p.text(M + end * 31 + 13.5, y + 76, "▲ end", size=9, fill="#c0392b", anchor="middle", bold=True)
    holder = next((i for i, pl in enumerate(state.players, 1) if pl.progress_train), None)
    if holder:
        p.text(M, y + 92, f"progress train taken by P{holder} (1{VP})", size=9,
               fill=PLAYER_COLOURS[holder - 1], bold=True)
    else:
        p.text(M, y + 92, f"at {state.progress}: +1 per island card taken", size=8.5, fill=MUTED)
        p.text(M, y + 103, "and per ticket tile filled", size=8.5, fill=MUTED)


def _piles(state: State, p: Painter, w: int) -> None:
    """The display, the deck (solo: a card returned on top named), the discard pile (its top
    card, which solo may be returned), the bag, and the legend."""
    y = BAND_Y
    x = 252
    p.text(x, y + 10, "Display", size=11, bold=True)
    for i, cid in enumerate(state.display):
        cx = x + i * STEP
        if cid:
            card(p, cx, y + 16, cid)
        else:
            p.rect(cx, y + 16, CARD_W, CARD_H, fill="#ece6d6", stroke="#c4bba6", radius=4)
            p.text(cx + CARD_W / 2, y + 16 + CARD_H / 2 + 3, "empty", size=9, fill=FAINT, anchor="middle")
        p.hotspot(cx, y + 16, CARD_W, CARD_H, f"display:{i + 1}")
    # piles
    x += 3 * STEP + 12
    p.text(x, y + 10, "Deck", size=11, bold=True)
    if state.returned:  # solo: a returned card lies face down on top, known [solo.return]
        card_back(p, x, y + 16, CARD_W, CARD_H)
        p.text(x + CARD_W / 2, y + 40, f"top: {state.returned[-1]}", size=10, fill="#ffe680",
               anchor="middle", bold=True)
    elif state.deck:
        card_back(p, x, y + 16, CARD_W, CARD_H)
    else:
        p.rect(x, y + 16, CARD_W, CARD_H, stroke="#c4bba6", radius=4)
    p.rect(x + CARD_W / 2 - 16, y + 16 + CARD_H - 26, 32, 18, fill="#ffffff", stroke="#8a8170", radius=3)
    p.text(x + CARD_W / 2, y + 16 + CARD_H - 12, str(state.deck_size), size=12, anchor="middle", bold=True)
    p.hotspot(x, y + 16, CARD_W, CARD_H, "deck")
    x += STEP
    p.text(x, y + 10, f"Discard {len(state.discard)}", size=11, bold=True)
    if state.discard:
        card(p, x, y + 16, state.discard[-1], target="discard" if state.solo else None)
    else:
        p.rect(x, y + 16, CARD_W, CARD_H, stroke="#c4bba6", radius=4)
        p.text(x + CARD_W / 2, y + 16 + CARD_H / 2 + 3, "empty", size=9, fill=FAINT, anchor="middle")
    x += STEP + 8
    p.text(x, y + 10, "Bag", size=11, bold=True)
    p.polygon([(x + 10, y + 30), (x + 52, y + 30), (x + 62, y + 100), (x, y + 100)], fill="#c9a878",
              stroke="#7a5a30", width=1.5)
    p.rect(x + 14, y + 24, 34, 8, fill="#a5844f", stroke="#7a5a30", radius=2)
    p.text(x + 31, y + 72, str(len(state.bag)), size=16, anchor="middle", bold=True)
    p.text(x + 31, y + 86, "passengers", size=7.5, fill=INK, anchor="middle")
    p.hotspot(x, y + 16, 64, CARD_H, "passenger")
    # legend
    lx = max(x + 78, w - M - 270)
    p.rect(lx, y, w - M - lx, CARD_H + 54, fill="#fbf8ef", stroke="#d8d0bc", radius=5)
    p.text(lx + 8, y + 14, "Cargo", size=9, bold=True)
    for i, (kind, label) in enumerate((("coal", "coal"), ("oil", "oil"), ("box", "box"),
                                       ("any", "any type"))):
        cargo_icon(p, lx + 8, y + 20 + i * 15, kind, 12)
        p.text(lx + 25, y + 30 + i * 15, label, size=9, fill=INK)
    cargo_icon(p, lx + 8, y + 20 + 4 * 15, "box", 12, face_down=True)
    p.text(lx + 25, y + 30 + 4 * 15, "face-down card", size=9, fill=INK)
    px = lx + 112
    p.text(px, y + 14, "Passengers to", size=9, bold=True)
    for i, d in enumerate(data.destinations()):
        code = CODE[d.name]
        passenger(p, px + 6, y + 23 + i * 13, code, 5.5)
        p.text(px + 16, y + 27 + i * 13, f"{code} {d.name}", size=8.5, fill=INK)
    ky = y + 108
    p.line(lx + 8, ky - 11, w - M - 8, ky - 11, stroke="#e0d9c8")
    for i, line in enumerate((f"Cards: {VP} VP · W weight · C capacity",
                              "corner cube: the cargo the card is when loaded",
                              "small print: what a player loading it gains",
                              "−1 discard · +L load · +B build · +D deliver · +A action")):
        p.text(lx + 8, ky + 2 + i * 11, line, size=8, fill=INK if i < 3 else MUTED)


# --- the players -----------------------------------------------------------------------------

def weight(train: tuple[Car, ...]) -> int:
    return sum(CARDS[c.card].weight for c in train)


def capacity(train: tuple[Car, ...]) -> int:
    return sum(CARDS[c.card].capacity for c in train)


def _deciding(state: State) -> int | None:
    """The player whose clicks mean something now: the decider, or the current player while
    chance decides."""
    who = state.decider()
    if who is None or not 1 <= who <= len(state.players):
        return None if state.over else state.current
    return who


def _chip(p: Painter, x: float, y: float, text: str, fill: str, *, size: float = 9) -> float:
    """A rounded label; returns the x after it."""
    w = 8 + len(text) * size * 0.58
    p.rect(x, y - size - 2, w, size + 6, fill=fill, stroke="#8a8170", width=0.6, radius=3)
    p.text(x + 4, y + 1, text, size=size, fill="#ffffff" if _on_dark(fill) else INK)
    return x + w + 5


def _player(state: State, p: Painter, player: int, y: float, w: int, viewer: int | None) -> None:
    pl: Player = state.player(player)
    pc = PLAYER_COLOURS[player - 1]
    deciding = _deciding(state)
    active = not state.over and state.current == player
    p.rect(M, y, w - 2 * M, ROW_H, fill="#ffffff" if active else "#fbf9f3", stroke=pc,
           width=3 if active else 1.2, radius=6)
    # the line of what the player owns
    ly = y + 17
    p.rect(M + 8, ly - 11, 24, 15, fill=pc, radius=3)
    p.text(M + 20, ly, f"P{player}", size=10, fill="#ffffff", anchor="middle", bold=True)
    x = M + 38.0
    if active:
        p.text(x, ly, "to play", size=10, fill=pc, bold=True)
        x += 46
    p.text(x, ly, f"{pl.tokens}{VP} token{'s' * (pl.tokens != 1)}", size=11, bold=True)
    x += 82
    wt, cap = weight(pl.train), capacity(pl.train)
    p.text(x, ly, f"W {wt} / C {cap}", size=11, bold=True, fill="#c0392b" if wt > cap else INK)
    x += 78
    if pl.progress_train:
        _loco(p, x + 2, ly + 2, pc, 0.8)
        p.text(x + 20, ly, f"progress train 1{VP}", size=9, fill=pc, bold=True)
        x += 118
    for b in pl.buildings:
        x = _chip(p, x, ly, f"{CARDS[b].name}: {ABILITY.get(b, '')}", "#f3e2b0")
    done = [h for h in pl.islands if h.side is not None]
    beside = pl.island_beside_engine
    contracts = len(pl.islands) + len(done)
    if contracts:
        p.text(x, ly, f"contracts done {contracts}" + (":" if done else ""), size=9, fill=MUTED)
        x += 102
    for h in done:
        isl = ISLANDS[h.island]
        assert h.side is not None
        x = _chip(p, x, ly, f"{CODE[h.island]} {isl.secondaries[h.side].total_vp}{VP}", colour(isl.colour))
    if pl.delivered:
        p.text(x, ly, "delivered", size=9, fill=MUTED)
        x += 46
        for code in pl.delivered:
            passenger(p, x + 4, ly - 3, code, 4.5)
            x += 11
    # the island card beside the engine
    iy = y + 30
    ix = M + 8
    if beside is not None:
        island_card(p, ix, iy, CARD_W, CARD_H, beside.island, secondaries_only=True)
        p.text(ix + CARD_W / 2, iy + CARD_H - 4, f"primary {ISLANDS[beside.island].primary.vp}{VP} done",
               size=7, fill=MUTED, anchor="middle")
    else:
        p.rect(ix, iy, CARD_W, CARD_H, fill="#f4f0e6", stroke="#d8d0bc", radius=5)
        p.text(ix + CARD_W / 2, iy + 42, "no island", size=8, fill=FAINT, anchor="middle")
        p.text(ix + CARD_W / 2, iy + 54, "beside engine", size=8, fill=FAINT, anchor="middle")
    # the train: engine first
    p.line(TRAIN_X - 6, iy + CARD_H + 5, _train_right(len(pl.train)) - 4, iy + CARD_H + 5,
           stroke="#6b5b45", width=2)
    for pos, car in enumerate(pl.train, 1):
        cx = TRAIN_X + (pos - 1) * STEP
        card(p, cx, iy, car.card, car.loads, target=f"car:P{player}.{pos}", in_train=True)
        if pos > 1:
            p.line(cx - STEP + CARD_W, iy + CARD_H - 10, cx, iy + CARD_H - 10, stroke="#6b5b45", width=3)
    ex = TRAIN_X + len(pl.train) * STEP
    if player == deciding:
        p.rect(ex, iy, END_W - 4, CARD_H, fill="#f4f0e6", stroke="#c4bba6", radius=4)
        p.text(ex + (END_W - 4) / 2, iy + CARD_H / 2 + 5, "+", size=16, fill=FAINT, anchor="middle",
               bold=True)
        p.hotspot(ex, iy, END_W - 4, CARD_H, "train-end")
    # the hand and the supply, on the right
    hx = w - M - 8 - HAND_ROOM
    hidden = not state.sees(viewer, player)
    clickable = player == (viewer if viewer is not None else deciding)
    p.text(hx, iy + 8, f"hand {len(pl.hand)}", size=9, fill=MUTED, bold=True)
    n = len(pl.hand)
    step = HAND_STEP if n <= 5 else (HAND_ROOM - HAND_W) / (n - 1)
    for k, cid in enumerate(pl.hand):
        shown = "??" if hidden else cid
        card(p, hx + k * step, iy + 12, shown, small=True,
             target=f"card:{cid}" if clickable and not hidden and cid in CARDS else None)
    sy = iy + 12 + HAND_H + 14
    p.text(hx, sy + 4, "supply", size=9, fill=MUTED, bold=True)
    if not pl.supply:
        p.text(hx + 44, sy + 4, "no passengers", size=9, fill=FAINT)
    for k, code in enumerate(pl.supply):
        cx = hx + 50 + k * 17
        passenger(p, cx, sy, code, 7)
        if player == (viewer if viewer is not None else deciding):
            p.hotspot(cx - 8, sy - 8, 16, 16, f"passenger:{code}")


# --- the whole table -------------------------------------------------------------------------

def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    p.text(M, 24, state.title, size=18, bold=True)
    p.text(w - M, 22, state.config.describe(), size=11, fill=MUTED, anchor="end")
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    turn = "setup" if state.turn == 0 else f"Turn {state.turn}"
    p.text(M, 46, f"{turn} · {state.pending.prompt} · {seen}", size=12, fill="#333333")
    _islands(state, p, w)
    _band(state, p, w)
    for player in range(1, len(state.players) + 1):
        _player(state, p, player, PLAYERS_Y + (player - 1) * (ROW_H + ROW_GAP), w, viewer)


def svg(state: State, viewer: int | None = None) -> str:
    """The table as SVG text (what `_repr_svg_` and the regression outputs use)."""
    from sandbox.core.paint import SvgPainter

    w, h = size(state)
    p = SvgPainter(w, h)
    draw(state, p, viewer)
    return p.svg()
