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
from sandbox.isle_of_trains.model import Load, Player, capacity, weight

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.isle_of_trains.state import State

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
TILES = {t.id: t for t in data.ticket_tiles()}

W = 1000
M = 8  # outer margin
TEXT = 14  # the size of every word a player reads: 11 px or more on a 1400 x 900 window
CARD_W, CARD_H, STEP = 96, 116, 100  # train, display and discard cards
HAND_W, HAND_H = 96, 116  # hand cards: no spaces to load, the words take their room
COL_W, COL_GAP = 158, 8  # island columns
ISLAND_Y, ISLAND_H = 52, 100
DEST_Y, DEST_H = ISLAND_Y + ISLAND_H + 4, 78
BAND_Y = DEST_Y + DEST_H + 6  # progress track, display, piles, legend
BAND_H = CARD_H + 22
PLAYERS_Y = BAND_Y + BAND_H + 6
FOCUS_H = 30 + CARD_H + 6 + HAND_H + 8  # the player in focus: their train, then their hand
ROW_H, ROW_GAP = 40, 4  # the others: one line of facts and their train as chips
CHIP_H = 32
TRAIN_X = M + 8 + CARD_W + 8  # the engine's left edge (the island beside it comes first)
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
FONT_W = 0.56  # a character's mean width, in font sizes
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
    """A landscape table (as a window is), as wide whatever the trains: the player in focus
    large (train and hand), the others compact below; solo, the objective's panel is taller."""
    others = len(state.players) - 1
    return W, PLAYERS_Y + FOCUS_H + others * (ROW_H + ROW_GAP) + 4 + _solo_extra(state)


def _solo_extra(state: State) -> int:
    """Solo: how much taller the band is, so the objective's lines all fit beside the display."""
    if not state.solo:
        return 0
    top, lines = _solo_lines(state)
    return max(0, top + 18 * len(lines) - BAND_H)


def fit(text: str, width: float, size: float = TEXT, bold: bool = False) -> str:
    """`text` cut to what `width` holds at font `size`."""
    from sandbox.core.paint import cut

    return cut(text, max(3, int(width / (FONT_W * size * (1.1 if bold else 1)))))


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
    p.text(x + w / 2, y + h / 2 + 5, "IoT", size=TEXT, fill=BACK_LINE, anchor="middle", bold=True)


def card(p: Painter, x: float, y: float, cid: str, loads: tuple[Load, ...] = (), *,
         target: str | None = None, small: bool = False, highlight: bool = False,
         in_train: bool = False, w: float | None = None) -> None:
    """A train card's face: a band in its category's colour with its id and VP, its kind, what a
    loader gains (or the caboose's ability, the building's scoring), its spaces with their
    loads (not in a hand: `small`), weight (red) or capacity (green), cost, and in a corner the
    cargo it counts as when loaded (left out in a train, where it would read as the car's
    contents). Every word at TEXT."""
    w = w or (HAND_W if small else CARD_W)
    h = HAND_H if small else CARD_H
    if cid not in CARDS:  # a hidden card ("??")
        card_back(p, x, y, w, h)
        if target:
            p.hotspot(x, y, w, h, target)
        return
    t = CARDS[cid]
    band = CATEGORY[t.category]
    p.rect(x, y, w, h, fill="#fffdf7", stroke="#e67e22" if highlight else "#8a8170",
           width=3 if highlight else 1, radius=4)
    p.rect(x, y, w, 20, fill=band, radius=4)
    p.rect(x, y + 10, w, 10, fill=band)
    p.text(x + 4, y + 15, cid, size=TEXT, fill="#ffffff", bold=True)
    if t.vp:
        p.text(x + w - 3, y + 15, f"{t.vp}{VP}", size=TEXT, fill="#ffe680", anchor="end", bold=True)
    spaces = not small and max(t.spaces, len(loads)) > 0
    room = 2 if spaces else 4  # text lines above the spaces / the gauge
    chars = int((w - 6) / (FONT_W * TEXT))
    kind = wrap(_kind_label(cid), chars)
    lines = [(line, True) for line in kind[:room - 1]]
    lines += [(line, False) for line in wrap(_short_benefit(cid), chars)]
    for i, (line, strong) in enumerate(lines[:room]):
        p.text(x + 4, y + 35 + 16 * i, fit(line, w - 6, bold=strong) if strong else line, size=TEXT,
               fill=INK if strong else MUTED, bold=strong and len(line) * FONT_W * 1.1 * TEXT <= w - 6)
    row = y + 56
    if spaces:
        slots = max(t.spaces, len(loads))
        step = min(22.0, (w - 8) / max(1, slots))
        for i in range(slots):
            sx, sy = x + 4 + i * step, row
            load = loads[i] if i < len(loads) else None
            if t.holds == "passenger" or (load and load.kind == "passenger"):
                p.circle(sx + 9, sy + 9, 9, fill="#ffffff", stroke="#b3aa98", width=1)
                if load:
                    passenger(p, sx + 9, sy + 9, load.dest, 7.5)
            else:
                p.rect(sx, sy, 18, 18, fill="#ffffff", stroke="#b3aa98", width=1, radius=2)
                if load:
                    cargo_icon(p, sx + 1.5, sy + 1.5, load.kind, 15, face_down=load.face_down)
                elif t.holds:
                    cargo_icon(p, sx + 5, sy + 5, t.holds, 8)
        row += 22
    row = y + h - 38
    if t.weight:
        p.text(x + 4, row + 16, f"weight {t.weight}", size=TEXT, fill="#c0392b", bold=True)
    elif t.capacity:
        p.text(x + 4, row + 16, f"capacity {t.capacity}", size=TEXT, fill="#1e8449", bold=True)
    p.text(x + 4, y + h - 6, f"cost {t.cost}", size=TEXT, fill=MUTED)
    if not in_train:
        cargo_icon(p, x + w - 19, y + h - 20, t.cargo, 15)
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
    p.rect(x, y, w, 20, fill=fill, stroke="#8a8170", width=0.8, radius=5)
    p.rect(x + 0.5, y + 10, w - 1, 10, fill=fill)
    strong = len(name) * FONT_W * 1.1 * TEXT <= w - 6
    p.text(x + w / 2, y + 15, fit(name, w - 6, bold=strong), size=TEXT,
           fill="#ffffff" if _on_dark(fill) else INK, anchor="middle", bold=strong)
    row = y + 24
    icon = 12
    if not secondaries_only:
        p.text(x + 5, row + 12, "primary", size=TEXT, fill=MUTED)
        _cargo_row(p, x + 62, row + 1, isl.primary.cargo, icon)
        p.text(x + w - 5, row + 12, f"{isl.primary.vp}{VP}", size=TEXT, anchor="end", bold=True)
        row += 19
        p.text(x + 5, row + 12, "then one of:", size=TEXT, fill=MUTED)
        row += 19
    for n, sec in enumerate(isl.secondaries, 1):
        if secondaries_only:  # beside the engine: the card is narrow
            p.text(x + 4, row + 12, f"{n}.", size=TEXT, fill=MUTED)
            p.text(x + w - 4, row + 12, f"+{sec.vp}{VP}", size=TEXT, anchor="end", bold=True, fill="#7a5a00")
            _cargo_row(p, x + 4, row + 16, sec.cargo, 10)
            row += 30
        else:
            p.text(x + 5, row + 12, f"{n}.", size=TEXT, fill=MUTED)
            _cargo_row(p, x + 20, row + 1, sec.cargo, icon)
            p.text(x + w - 5, row + 12, f"+{sec.vp}{VP}", size=TEXT, anchor="end", bold=True, fill="#7a5a00")
            row += 18


def _reward_lines(reward: data.Reward) -> list[str]:
    out = [plural(reward.cards, "card")] if reward.cards else []
    out += [f"{reward.vp}{VP}"] if reward.vp else []
    out += [f"+{reward.bonus}"] if reward.bonus else []
    return out


def _islands(state: State, p: Painter, w: int) -> None:
    names = {*solo.laid_out(state.config), *state.islands}
    table = [i for i in data.all_islands() if i.name in names]
    col = min(COL_W, (w - 2 * M - (len(table) - 1) * COL_GAP) / max(1, len(table)))
    span = len(table) * col + (len(table) - 1) * COL_GAP
    x0 = (w - span) / 2
    tickets = {t.destination: t for t in state.tickets}
    for k, isl in enumerate(table):
        x = x0 + k * (col + COL_GAP)
        code = CODE[isl.name]
        if isl.name in state.islands:
            island_card(p, x, ISLAND_Y, col, ISLAND_H, isl.name)
        else:
            p.rect(x, ISLAND_Y, col, ISLAND_H, fill="#e9e3d3", stroke="#c4bba6", radius=5)
            p.text(x + col / 2, ISLAND_Y + 40, fit(isl.name, col - 8, bold=True), size=TEXT, fill=MUTED,
                   anchor="middle", bold=True)
            who = _holder(state, isl.name)
            p.text(x + col / 2, ISLAND_Y + 62, "island card taken", size=TEXT, fill=MUTED, anchor="middle")
            if who:
                p.text(x + col / 2, ISLAND_Y + 82, f"by P{who}", size=TEXT, fill=PLAYER_COLOURS[who - 1],
                       anchor="middle", bold=True)
        bottom = ISLAND_Y + ISLAND_H
        ticket = tickets.get(code)
        if isl.destination and ticket is not None:
            y = DEST_Y
            fill = colour(isl.colour)
            p.rect(x, y, col, DEST_H, fill="#ffffff", stroke="#8a8170", radius=5)
            p.circle(x + 12, y + 11, 7, fill=fill, stroke="#333333")
            strong = len(isl.name) * FONT_W * 1.1 * TEXT <= col - 26
            p.text(x + 23, y + 16, fit(isl.name, col - 26, bold=strong), size=TEXT, fill=INK, bold=strong)
            tile = TILES.get(ticket.tile)
            for i in range(3):  # the three rewards, a passenger space each
                ry = y + 21 + i * 19
                p.rect(x + 4, ry, col - 8, 17, fill="#f6f1e4", radius=3)
                lines = _reward_lines(tile.rewards[i]) if tile else ["?"]
                p.text(x + 8, ry + 13, fit(" ".join(lines), col - 34), size=TEXT, fill=INK)
                if i < len(ticket.filled):
                    passenger(p, x + col - 14, ry + 8.5, ticket.filled[i], 7.5)
                else:
                    p.circle(x + col - 14, ry + 8.5, 7.5, fill="#ffffff", stroke="#b3aa98")
            bottom = y + DEST_H
        elif not isl.destination:
            p.text(x + col / 2, DEST_Y + 22, "no destination", size=TEXT, fill=MUTED, anchor="middle")
            p.text(x + col / 2, DEST_Y + 42, "(contracts only)", size=TEXT, fill=MUTED, anchor="middle")
        p.hotspot(x, ISLAND_Y, col, bottom - ISLAND_Y, f"destination:{code}")


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
    y, width = BAND_Y, PILES_X - M - 8
    config = state.config
    chapter = solo.scenario(config)
    head = "Challenge" if chapter is None else f"Chapter {chapter.chapter}: {chapter.title}"
    strong = len(head) * FONT_W * 1.1 * TEXT <= width
    p.text(M, y + 14, fit(head, width, bold=strong), size=TEXT, bold=strong)
    left = state.deck_size
    p.text(M, y + 32, fit(f"Day {max(state.turn, 1)}: {plural(left, 'card')} left in the deck", width),
           size=TEXT, fill="#c0392b" if left <= 6 else INK)
    points = solo.goal(state).done
    if chapter is None:  # the rating bands, two columns, the one reached so far outlined
        for i, (least, name) in enumerate(reversed(solo.RATINGS)):
            bx, by = M + (i % 2) * (width / 2), y + 38 + (i // 2) * 19
            here = solo.rating(points) == name
            short = name if " " not in name else name.split()[0] + " C."
            if here:
                p.rect(bx - 2, by + 1, width / 2 - 4, 18, fill="#fbe3d6", stroke="#c0392b", radius=3)
            p.text(bx + 2, by + 15, f"{least}+ {short}", size=TEXT, bold=here, fill=INK if here else MUTED)
    top, lines = _solo_lines(state)
    for i, line in enumerate(lines):
        p.text(M, y + top + i * 18, line, size=TEXT, fill=INK if line.startswith("Now") or i >= 3 else MUTED)


def _solo_lines(state: State) -> tuple[int, list[str]]:
    """The solo panel's text: where it starts below the band's top, and its lines."""
    chars = int((PILES_X - M - 8) / (FONT_W * TEXT))
    chapter = solo.scenario(state.config)
    goal = solo.goal(state)
    if chapter is None:
        return 110, wrap(goal.text, chars)
    return 52, wrap(chapter.objective, chars)[:3] + wrap("Now: " + goal.text, chars)[:5]


def _band(state: State, p: Painter, w: int) -> None:
    if state.solo:
        _solo_panel(state, p)
    else:
        _progress_track(state, p)
    _piles(state, p, w)


PILES_X = 270  # the display, the piles and the legend, right of the progress track


def _progress_track(state: State, p: Painter) -> None:
    y = BAND_Y
    end = state.end_space
    length = data.progress_length()
    p.text(M, y + 14, "Progress track", size=TEXT, bold=True)
    step = min(34.0, (PILES_X - M - 12) / (length + 1))
    for sp in range(length + 1):
        sx = M + sp * step
        is_end = sp == end
        beyond = sp > end  # not used with this many players
        p.rect(sx, y + 22, step - 4, 30, fill="#fbe3d6" if is_end else "#ebe6da" if beyond else "#ffffff",
               stroke="#c0392b" if is_end else "#d8d0bc" if beyond else "#b3aa98",
               width=2 if is_end else 1, radius=3)
        p.text(sx + (step - 4) / 2, y + 48, str(sp), size=TEXT, fill="#c0392b" if is_end else FAINT if beyond
               else MUTED, anchor="middle", bold=is_end)
        if sp == min(state.progress, length):
            _loco(p, sx + 6, y + 38, "#1d1d1d", 0.85)
    p.text(M, y + 72, fit(f"the game ends at {end} ({plural(state.config.players, 'player')})",
                          PILES_X - M - 8), size=TEXT, fill="#c0392b")
    holder = next((i for i, pl in enumerate(state.players, 1) if pl.progress_train), None)
    if holder:
        p.text(M, y + 94, f"progress train: P{holder} (1{VP})", size=TEXT, fill=PLAYER_COLOURS[holder - 1],
               bold=True)
    else:
        p.text(M, y + 94, f"at {state.progress}: +1 per island card", size=TEXT, fill=MUTED)
        p.text(M, y + 112, "taken and per ticket", size=TEXT, fill=MUTED)
        p.text(M, y + 130, "tile filled", size=TEXT, fill=MUTED)


def _piles(state: State, p: Painter, w: int) -> None:
    """The display, the deck (solo: a card returned on top named), the discard pile (its top
    card, which solo may be returned), the bag, and the legend."""
    y = BAND_Y
    x: float = PILES_X
    top = y + 20
    p.text(x, y + 14, "Display", size=TEXT, bold=True)
    for i, cid in enumerate(state.display):
        cx = x + i * STEP
        if cid:
            card(p, cx, top, cid)
        else:
            p.rect(cx, top, CARD_W, CARD_H, fill="#ece6d6", stroke="#c4bba6", radius=4)
            p.text(cx + CARD_W / 2, top + CARD_H / 2 + 5, "empty", size=TEXT, fill=MUTED, anchor="middle")
        p.hotspot(cx, top, CARD_W, CARD_H, f"display:{i + 1}")
    x += 3 * STEP + 4
    p.text(x, y + 14, "Deck", size=TEXT, bold=True)
    if state.returned:  # solo: a returned card lies face down on top, known [solo.return]
        card_back(p, x, top, CARD_W, CARD_H)
        p.text(x + CARD_W / 2, top + 26, f"top: {state.returned[-1]}", size=TEXT, fill="#ffe680",
               anchor="middle", bold=True)
    elif state.deck:
        card_back(p, x, top, CARD_W, CARD_H)
    else:
        p.rect(x, top, CARD_W, CARD_H, stroke="#c4bba6", radius=4)
    p.rect(x + CARD_W / 2 - 18, top + CARD_H - 28, 36, 20, fill="#ffffff", stroke="#8a8170", radius=3)
    p.text(x + CARD_W / 2, top + CARD_H - 13, str(state.deck_size), size=TEXT, anchor="middle", bold=True)
    p.hotspot(x, top, CARD_W, CARD_H, "deck")
    x += STEP
    p.text(x, y + 14, f"Discard {len(state.discard)}", size=TEXT, bold=True)
    if state.discard:
        card(p, x, top, state.discard[-1], target="discard" if state.solo else None)
    else:
        p.rect(x, top, CARD_W, CARD_H, stroke="#c4bba6", radius=4)
        p.text(x + CARD_W / 2, top + CARD_H / 2 + 5, "empty", size=TEXT, fill=MUTED, anchor="middle")
    x += STEP
    p.text(x, y + 14, "Bag", size=TEXT, bold=True)
    p.polygon([(x + 12, top + 14), (x + 68, top + 14), (x + 80, top + 96), (x, top + 96)], fill="#c9a878",
              stroke="#7a5a30", width=1.5)
    p.rect(x + 18, top + 6, 44, 10, fill="#a5844f", stroke="#7a5a30", radius=2)
    p.text(x + 40, top + 62, str(len(state.bag)), size=20, anchor="middle", bold=True)
    p.text(x + 40, top + 114, "passengers", size=TEXT, fill=INK, anchor="middle")
    p.hotspot(x, top, 80, CARD_H, "passenger")
    # the legend: the cargo cubes
    lx = x + 96
    p.rect(lx, y, w - M - lx, BAND_H - 4, fill="#fbf8ef", stroke="#d8d0bc", radius=5)
    p.text(lx + 8, y + 16, "Cargo", size=TEXT, bold=True)
    rows = (("coal", "coal", False), ("oil", "oil", False), ("box", "box", False), ("any", "any type", False),
            ("box", "face down", True))
    for i, (kind, label, down) in enumerate(rows):
        cargo_icon(p, lx + 8, y + 24 + i * 21, kind, 15, face_down=down)
        p.text(lx + 30, y + 37 + i * 21, label, size=TEXT, fill=INK)


# --- the players -----------------------------------------------------------------------------

def _deciding(state: State) -> int | None:
    """The player whose clicks mean something now: the decider, or the current player while
    chance decides."""
    who = state.decider()
    if who is None or not 1 <= who <= len(state.players):
        return None if state.over else state.current
    return who


def _chip(p: Painter, x: float, y: float, text: str, fill: str, *, size: float = TEXT) -> float:
    """A rounded label; returns the x after it."""
    w = 8 + len(text) * size * FONT_W
    p.rect(x, y - size - 2, w, size + 7, fill=fill, stroke="#8a8170", width=0.6, radius=3)
    p.text(x + 4, y + 1, text, size=size, fill="#ffffff" if _on_dark(fill) else INK)
    return x + w + 5


def focus(state: State, viewer: int | None) -> int:
    """The player drawn large (train and hand): the one whose clicks count, when the table is
    seen by them or by all; else the viewer (their own seat); at the end, the most tokens, from
    every seat."""
    if state.over:
        return max(range(1, len(state.players) + 1), key=lambda pl: (state.player(pl).tokens, -pl))
    deciding = _deciding(state)
    if deciding is not None and viewer in (None, deciding):
        return deciding
    return viewer if viewer is not None else deciding or 1


def _owned(state: State, p: Painter, player: int, x: float, y: float, right: float) -> float:
    """The line of what a player owns: tokens, weight and capacity, the progress train,
    buildings, contracts done and passengers delivered; returns the x after it."""
    pl: Player = state.player(player)
    pc = PLAYER_COLOURS[player - 1]
    p.rect(x, y - 14, 30, 19, fill=pc, radius=3)
    p.text(x + 15, y, f"P{player}", size=TEXT, fill="#ffffff", anchor="middle", bold=True)
    x += 36
    if not state.over and state.current == player:
        p.text(x, y, "to play", size=TEXT, fill=pc, bold=True)
        x += 58
    p.text(x, y, f"{pl.tokens}{VP} token{'s' * (pl.tokens != 1)}", size=TEXT, bold=True)
    x += 90
    wt, cap = weight(pl.train), capacity(pl.train)
    gauge = f"weight {wt} / capacity {cap}"
    p.text(x, y, gauge, size=TEXT, bold=True, fill="#c0392b" if wt > cap else INK)
    x += len(gauge) * TEXT * FONT_W * 1.1 + 10
    if pl.progress_train:
        _loco(p, x + 2, y + 2, pc, 0.8)
        p.text(x + 20, y, f"progress train 1{VP}", size=TEXT, fill=pc, bold=True)
        x += 160
    for b in pl.buildings:
        if x < right - 80:
            x = _chip(p, x, y, fit(f"{CARDS[b].name}: {ABILITY.get(b, '')}", right - x - 20), "#f3e2b0")
    done = [h for h in pl.islands if h.side is not None]
    contracts = len(pl.islands) + len(done)
    if contracts and x < right - 120:
        p.text(x, y, f"contracts {contracts}" + (":" if done else ""), size=TEXT, fill=MUTED)
        x += 96
    for h in done:
        isl = ISLANDS[h.island]
        assert h.side is not None
        if x < right - 60:
            x = _chip(p, x, y, f"{CODE[h.island]} {isl.secondaries[h.side].total_vp}{VP}", colour(isl.colour))
    if pl.delivered and x < right - 90:
        p.text(x, y, "delivered", size=TEXT, fill=MUTED)
        x += 72
        for code in pl.delivered:
            if x < right - 8:
                passenger(p, x + 6, y - 5, code, 6)
                x += 15
    return x


def _supply(state: State, p: Painter, player: int, x: float, y: float, clickable: bool) -> None:
    """The passengers in a player's supply, each a target of its own when they may load it."""
    pl = state.player(player)
    p.text(x, y + 5, "supply", size=TEXT, fill=MUTED, bold=True)
    if not pl.supply:
        p.text(x + 58, y + 5, "none", size=TEXT, fill=MUTED)
    for k, code in enumerate(pl.supply):
        cx = x + 70 + k * 26
        passenger(p, cx, y, code, 9)
        if clickable:
            p.hotspot(cx - 12, y - 12, 24, 24, f"passenger:{code}")


def _panel(state: State, p: Painter, player: int, y: float, w: int, h: float) -> str:
    """A player's panel, outlined in their colour (thick while it is their turn); the colour."""
    pc = PLAYER_COLOURS[player - 1]
    active = not state.over and state.current == player
    p.rect(M, y, w - 2 * M, h, fill="#ffffff" if active else "#fbf9f3", stroke=pc,
           width=3 if active else 1.2, radius=6)
    return pc


def _big(state: State, p: Painter, player: int, y: float, w: int, viewer: int | None) -> None:
    """The player in focus: what they own, the island card beside the engine, the train, the
    hand (never overlapping: cards narrow, then wrap... up to what the row holds) and supply."""
    pl: Player = state.player(player)
    deciding = _deciding(state)
    _panel(state, p, player, y, w, FOCUS_H)
    clickable = player == (viewer if viewer is not None else deciding)
    _owned(state, p, player, M + 8, y + 21, w - M - 250)
    _supply(state, p, player, w - M - 240, y + 16, clickable)
    iy = y + 30
    ix = M + 8
    beside = pl.island_beside_engine
    if beside is not None:
        island_card(p, ix, iy, CARD_W, CARD_H, beside.island, secondaries_only=True)
    else:
        p.rect(ix, iy, CARD_W, CARD_H, fill="#f4f0e6", stroke="#d8d0bc", radius=5)
        for k, line in enumerate(("no island", "card beside", "the engine")):
            p.text(ix + CARD_W / 2, iy + 42 + k * 18, line, size=TEXT, fill=MUTED, anchor="middle")
    n = len(pl.train)
    room = w - M - 8 - TRAIN_X - END_W
    step = min(float(STEP), (room - CARD_W) / max(1, n - 1)) if n > 1 else STEP
    p.line(TRAIN_X - 6, iy + CARD_H + 3, TRAIN_X + (n - 1) * step + CARD_W + 4, iy + CARD_H + 3,
           stroke="#6b5b45", width=2)
    for pos, car in enumerate(pl.train, 1):
        cx = TRAIN_X + (pos - 1) * step
        card(p, cx, iy, car.card, car.loads, target=f"car:P{player}.{pos}", in_train=True)
    ex = TRAIN_X + (n - 1) * step + CARD_W + 4 if n else TRAIN_X
    if player == deciding:
        p.rect(ex, iy, END_W - 4, CARD_H, fill="#f4f0e6", stroke="#c4bba6", radius=4)
        p.text(ex + (END_W - 4) / 2, iy + CARD_H / 2 + 5, "+", size=18, fill=FAINT, anchor="middle",
               bold=True)
        p.hotspot(ex, iy, END_W - 4, CARD_H, "train-end")
    hy = iy + CARD_H + 8
    hidden = not state.sees(viewer, player)
    p.text(M + 8, hy + 18, f"hand {len(pl.hand)}", size=TEXT, fill=MUTED, bold=True)
    hx = M + 8 + 70
    hroom = w - M - 8 - hx
    k = len(pl.hand)
    hw = max(86.0, min(float(HAND_W), hroom / max(1, k) - 4))  # narrower cards before any overlap
    hstep = min(hw + 4, (hroom - hw) / max(1, k - 1)) if k > 1 else hw + 4
    for i, cid in enumerate(pl.hand):
        shown = "??" if hidden else cid
        card(p, hx + i * hstep, hy, shown, small=True, w=hw,
             target=f"card:{cid}" if clickable and not hidden and cid in CARDS else None)


def _compact(state: State, p: Painter, player: int, y: float, w: int, viewer: int | None) -> None:
    """Another player: a line of what they own, then their train as chips (each car clickable,
    its loads as small cubes and passengers), their hand and supply counted."""
    pl: Player = state.player(player)
    deciding = _deciding(state)
    pc = _panel(state, p, player, y, w, ROW_H)
    p.rect(M + 8, y + 11, 30, 19, fill=pc, radius=3)
    p.text(M + 23, y + 25, f"P{player}", size=TEXT, fill="#ffffff", anchor="middle", bold=True)
    wt, cap = weight(pl.train), capacity(pl.train)
    facts = f"{pl.tokens}{VP} · W {wt}/C {cap} · hand {len(pl.hand)} · supply {len(pl.supply)}"
    p.text(M + 44, y + 25, facts, size=TEXT, fill="#c0392b" if wt > cap else INK)
    x = M + 44 + len(facts) * TEXT * FONT_W + 12
    for pos, car in enumerate(pl.train, 1):
        label = car.card
        cw = max(40.0, len(label) * TEXT * FONT_W * 1.1 + 10) + 13 * len(car.loads)
        if x + cw > w - M - 6:
            p.text(w - M - 8, y + 25, f"+{len(pl.train) - pos + 1}", size=TEXT, anchor="end", fill=MUTED)
            break
        band = CATEGORY[CARDS[label].category] if label in CARDS else BACK
        p.rect(x, y + 4, cw, CHIP_H, fill=band, stroke="#333333", width=0.8, radius=4)
        p.text(x + 5, y + 25, label, size=TEXT, fill="#ffffff", bold=True)
        lx = x + cw - 13 * len(car.loads) - 3
        for k, load in enumerate(car.loads):
            if load.kind == "passenger":
                passenger(p, lx + k * 13 + 6, y + 20, load.dest, 5.5)
            else:
                cargo_icon(p, lx + k * 13, y + 14, load.kind, 11, face_down=load.face_down)
        p.hotspot(x, y + 4, cw, CHIP_H, f"car:P{player}.{pos}")
        x += cw + 4
    if player == deciding:  # never: the player deciding is in focus, or the viewer is
        p.hotspot(x, y + 4, END_W, CHIP_H, "train-end")
    if player == (viewer if viewer is not None else deciding):
        for k, code in enumerate(pl.supply):
            p.hotspot(w - M - 30 - k * 26, y + 8, 24, 24, f"passenger:{code}")


# --- the whole table -------------------------------------------------------------------------

def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    p.text(M, 24, state.title, size=20, bold=True)
    p.text(w - M, 22, fit(state.config.describe(), 360), size=TEXT, fill=MUTED, anchor="end")
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    turn = "setup" if state.turn == 0 else f"Turn {state.turn}"
    p.text(M, 44, fit(f"{turn} · {state.pending.prompt} · {seen}", w - 2 * M), size=TEXT, fill="#333333")
    _islands(state, p, w)
    _band(state, p, w)
    y = PLAYERS_Y + _solo_extra(state)
    big = focus(state, viewer)
    _big(state, p, big, y, w, viewer)
    y += FOCUS_H + ROW_GAP
    for player in range(1, len(state.players) + 1):
        if player != big:
            _compact(state, p, player, y, w, viewer)
            y += ROW_H + ROW_GAP


def svg(state: State, viewer: int | None = None) -> str:
    """The table as SVG text (what `_repr_svg_` and the regression outputs use)."""
    from sandbox.core.paint import SvgPainter

    w, h = size(state)
    p = SvgPainter(w, h)
    draw(state, p, viewer)
    return p.svg()
