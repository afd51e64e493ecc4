"""The rules of Traintopia (2-4 players) as an immutable state machine.

A game is setup, then one round per round card, then the End Game Bonus card. Every decision is
a `Frame` on a stack: chance reveals a tile, a round card, a commuter or an objective; a player
takes a face-up tile (setup) or drafts a tile or element, lays a tile, puts an element on a
track, pays a money token, keeps one of two objectives, takes an End Game Bonus element. The
money actions (buy a bonus tile, draw an objective) are offered beside the draft at any time
during one's turn [money.actions].

Tile geometry lives in `geometry.py`, scoring of a network in `model.py`, the final scoring in
`scoring.py`. Legal actions come straight from the position (`generate_legal`); `_violations`
says why any other action is refused, with its numbers, and a property test keeps the two in
agreement.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from sandbox.core.chance import Pile
from sandbox.core.errors import Violation, quote, shown
from sandbox.core.events import NO_DATA, Event
from sandbox.core.outcome import Outcome
from sandbox.core.pending import CHANCE, LazyPending, Pending
from sandbox.core.state import GameState, by_fields, dealt, evolve, fields_of, native_fields
from sandbox.core.words import plural
from sandbox.traintopia import scoring
from sandbox.traintopia.actions import (
    BONUSES,
    COLOURS,
    PIECES,
    Buy,
    Choose,
    Discard,
    Done,
    DrawObjective,
    Keep,
    Pay,
    Put,
    Reveal,
    Take,
    buy,
    parse,
    piece_name,
    put,
    reveal,
    take,
)
from sandbox.traintopia.components import (
    BONUS_TILES,
    MAP_TILES,
    OBJECTIVES,
    RAILHEAD,
    ROUND_CARDS,
    START_TILES,
    SUPPLY,
    TILES,
)
from sandbox.traintopia.config import Config
from sandbox.traintopia.geometry import Network, Placed, RailId, Track, placed_at, rail_name, shape, turns
from sandbox.traintopia.model import HIDDEN, LIMITED, Later, along, landmarks
from sandbox.traintopia.model import event as _e
from sandbox.traintopia.words import (
    item_words,
    objective_words,
    round_card_words,
    tile_words,
    tiles_words,
    track_words,
)

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

if cython.compiled:  # the native classes, their fields read and written in C by the rules typed with them
    from cython.cimports.sandbox.core.decision import Frame
    from cython.cimports.sandbox.core.events import later
    from cython.cimports.sandbox.traintopia.actions import Lay
    from cython.cimports.sandbox.traintopia.model import Seat, evolved_seat
    from cython.cimports.sandbox.traintopia.table import Table, copied, written
else:
    from sandbox.core.decision import Frame
    from sandbox.core.events import later
    from sandbox.traintopia.actions import Lay
    from sandbox.traintopia.model import Seat, evolved_seat
    from sandbox.traintopia.table import Table, copied, written


def _track_among(track: Track, network: Network) -> str:
    """`track_words` among the network's tracks, read when an event's text is: a put needs no
    other track worked out until someone reads the log."""
    return track_words(track, network.tracks)


_OFFERED = frozenset({"commuter", "reveal-tile", "setup-tile"})
"""Chance steps that put what they draw in the middle of the table (a commuter from the bag, a
map tile revealed); the others deal to a player or prepare a round."""
_PROMPTS = {
    "deal-start": ("deal P{p} a starting tile", "setup.starting-tile"),
    "deal-objective": ("deal P{p} an objective card, face down", "setup.objective"),
    "box": ("put one round card back in the box, unseen", "setup.round-deck"),
    "reveal-tile": ("reveal a map tile in the middle of the table", "round.preparation"),
    "setup-tile": ("reveal a map tile for the setup draft", "setup.pick"),
    "round-card": ("draw the next round card", "round.preparation"),
    "commuter": ("draw a random Commuter from the bag for the round card", "round.commuter"),
    "pick": ("P{p}: take one of the face-up map tiles", "setup.pick"),
    "lay": ("P{p}: add {tile} to your network", "tiles.placing"),
    "turn": ("P{p}: draft a tile or an element", "draft.turn"),
    "put": ("P{p}: put the {piece} on one of your tracks (or discard it for 1 VP)", "elements.place"),
    "after": ("P{p}: spend money tokens, or end your turn", "money.actions"),
    "pay": ("P{p}: choose the money token to spend", "money.tokens"),
    "draw-objective": ("P{p} draws an objective card", "money.objective"),
    "keep": ("P{p}: keep one of your two objective cards", "money.objective"),
    "choose-bonus": ("P{p}: take an element from the End Game Bonus card", "end.bonus-card"),
}

SPENDS_A_TURN = 3  # "you may spend up to 3 Money Tokens" [money.actions]
SPECIAL = {"bonus": "bought a bonus tile", "colour": "changed a commuter's colour",
           "objective": "drawn an objective"}  # the money actions, and what taking one has done
DONE, DISCARD, DRAW = Done(), Discard(), DrawObjective()
_new = object.__new__


_TILE_WORDS = {t: tile_words(t) for t in TILES}
_ITEM_WORDS = {i: item_words(i) for i in (*TILES, *PIECES)}
_PIECE_NAMES = {p: piece_name(p) for p in (*PIECES, *BONUSES)}
"""Words of every tile and wooden element, worked out once: the commonest events name them."""


@cython.cfunc
def _told(kind: str, template: str, rule: str, actor: int | None, args: tuple[Any, ...],
          data: Mapping[str, Any]) -> Event:
    """An event whose text is `template` filled from `args` when it is read (`Later` among them
    works its words out then): a bot's thousands of games format no sentence nobody reads. Its
    data given as a dict, and `events.later` called in C (`events.pxd`): nearly every step makes
    one, and keywords packed into a dict and a call through Python cost more than the event."""
    return later(kind, template, args, rule, actor, data)


@cython.cfunc
@cython.inline
@cython.locals(table=Table)
def _top(table: Table) -> Frame | None:
    """The decision on top of the stack (None: the game is over): `State.top` without the
    property's lookup, for the rules that read it at every step."""
    frames = table.frames
    return frames[-1] if frames else None


@cython.cfunc
@cython.inline
@cython.locals(table=Table)
def _seat(table: Table, p: int) -> Seat:
    """`State.seat` for the rules: player `p`'s seat, read in C."""
    return table.seats[p - 1]


@cython.cfunc
@cython.locals(state=Table, changes=dict)
def _set(state: Table, changes: dict[str, Any]) -> State:
    """Change `state` in place and return it. Only ever called on the private copy `_transition`
    makes before it hands it out (speed inside, immutability outside): one copy a transition,
    not one per step of it. A module function given a dict, not a method given keywords: no
    method looked up and no keywords packed at each of the several steps of a transition."""
    if cython.compiled:  # the fields are native (`table.py`), written in C
        return written(state, changes)
    state.__dict__.update(changes)
    return state


@cython.cfunc
@cython.locals(state=Table, seats=list)
def _seats_with(state: Table, p: int, changes: dict[str, Any]) -> tuple[Seat, ...]:
    """The seats with `p`'s changed: a new Seat (`Seat.evolved`)."""
    seats = list(state.seats)
    seats[p - 1] = evolved_seat(seats[p - 1], changes) if cython.compiled else seats[p - 1].evolved(changes)
    return tuple(seats)


@cython.cfunc
@cython.locals(state=Table)
def _push(state: Table, frames: tuple[Frame, ...]) -> State:
    """`frames` to decide next, the first given on top."""
    return _set(state, {"frames": (*state.frames, *reversed(frames))})


@cython.cfunc
@cython.locals(top=Frame, table=Table)
def _pile_of(table: Table, kind: str) -> tuple[Pile[str], str]:
    """The pile a chance decision of `kind` (the pending one's if "") draws from, and its field."""
    if not kind:
        top = _top(table)
        assert top is not None
        kind = top.kind
    if kind == "deal-start":
        return table.starts, "starts"
    if kind in ("deal-objective", "draw-objective"):
        return table.objectives, "objectives"
    if kind in ("box", "round-card"):
        return table.rounds, "rounds"
    if kind == "commuter":
        return table.bag, "bag"
    return table.tiles, "tiles"


@cython.cfunc
@cython.locals(table=Table)
def _can_draw(table: Table) -> bool:
    """Whether the pending chance decision has anything left to draw."""
    return bool(_pile_of(table, "")[0])


@cython.cfunc
@cython.locals(table=Table)
def _spent(table: Table, special: str) -> str:
    """Why the money action `special` is closed for the rest of the turn ("" while it is open):
    3 tokens a turn at most [money.actions]; each action once, or any action again under
    special_actions="repeat" [ruling.special-actions]."""
    if special in table.used and table.config.rulings.special_actions == "once-each":
        return f"each money action once a turn: you have already {SPECIAL[special]} this turn"
    if len(table.used) >= SPENDS_A_TURN:
        return f"at most {SPENDS_A_TURN} money tokens a turn: you have spent {len(table.used)} this turn"
    return ""


@cython.cfunc
@cython.locals(table=Table)
def _money_options(table: Table, p: int) -> tuple[Any, ...]:
    """Money actions still open this turn, one token each [money.actions]."""
    if table.phase != "round" or not _seat(table, p).money:
        return ()
    out: list[Any] = []
    if not _spent(table, "bonus"):
        out += map(buy, table.bonus_tiles)
    if not _spent(table, "objective") and table.objectives:
        out.append(DRAW)
    return tuple(out)


_TAKES = {i: take(i) for i in (*TILES, *PIECES)}
"""The Take of every item a round offers, read by item (a turn lists one for each)."""


@cython.cfunc
@cython.locals(offer=tuple, seen=set, out=list, takes=dict)
def _takes(offer: tuple[str, ...]) -> list[Any]:
    """A Take of each different item offered, in the offer's order [draft.turn]."""
    seen, out, takes = set(), [], _TAKES
    for item in offer:
        if item not in seen:
            seen.add(item)
            found = takes.get(item)
            out.append(take(item) if found is None else found)
    return out


@cache
def _frame(kind: str, player: int, **data: Any) -> Frame:
    """The one `Frame.make(kind, player, **data)` the engine uses: frames are immutable, and a
    game pushes the same few hundred (a turn, a tile to lay, a reveal) thousands of times."""
    return Frame.make(kind, player, **data)


class State(Table, GameState):
    game_id = "traintopia"
    chance_actions = (Reveal,)
    title = "Traintopia"
    click_hint = ("click a tile or element in the middle to draft it; to lay a tile point at a cell for "
                  "its top-left quarter (R or a turn preview turns it), click to place it and click again "
                  "to lay it; click a track to put an element on it")


    # --- setup ---------------------------------------------------------------------------
    @classmethod
    def start(cls, config: Config) -> State:
        """The table before the deal [setup.map-tiles] [setup.bonus-tiles] [setup.round-deck]
        [setup.end-bonus] [setup.objective] [setup.starting-player] [setup.supply]; then
        chance deals the starting tiles and objectives, boxes a round card (2 and 4 players),
        reveals 2 × players map tiles; players take them in the snake order and lay them after
        both picks, P1 first [ruling.setup-order]. P1 holds the Conductor aid [ruling.conductor]."""
        n = config.players
        supply = (("mailbag", SUPPLY["mailbag"] - 1), ("tourist", SUPPLY["tourist"]),
                  ("train", SUPPLY["train"] - 1))  # one Train and one Mailbag on the bonus card
        bag = [c for c in COLOURS for _ in range(SUPPLY[f"commuter.{c}"])]
        frames: list[Frame] = []
        frames += [_frame("deal-start", CHANCE, p=p) for p in range(1, n + 1)]
        frames += [_frame("deal-objective", CHANCE, p=p) for p in range(1, n + 1)]
        if n != 3:
            frames.append(_frame("box", CHANCE))
        frames += [_frame("setup-tile", CHANCE)] * (2 * n)
        order = [*range(n, 0, -1), *range(1, n + 1)]  # counter-clockwise from the last, then clockwise
        frames += [_frame("pick", p) for p in order]
        frames += [_frame("lay", p) for p in range(1, n + 1) for _ in range(2)]
        return cls(config=config, seats=(Seat(),) * n, frames=tuple(reversed(frames)),
                   rounds=Pile.of(ROUND_CARDS), tiles=Pile.of(MAP_TILES), starts=Pile.of(START_TILES),
                   objectives=Pile.of(OBJECTIVES), bag=Pile.of(bag), supply=supply,
                   bonus_tiles=tuple(BONUS_TILES))

    # --- who decides --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.config.players

    @cython.locals(self=Table)
    def seat(self, p: int) -> Seat:
        return _seat(self, p)

    @property
    @cython.locals(self=Table)
    def top(self) -> Frame | None:
        return _top(self)

    @property
    @cython.locals(top=Frame, self=Table)
    def to_move(self) -> int | None:
        top = _top(self)
        return None if top is None else top.player

    def turn_marker(self) -> tuple[int, int | None]:
        return self.round, self.current or self.to_move

    @cython.locals(self=Table)
    def next_seat(self, p: int) -> int:
        """The player on `p`'s left (clockwise) [draft.order]."""
        return p % self.players + 1

    def distance(self, p: int) -> int:
        """How far `p` sits clockwise from this round's Starting Player (0: the Starting Player)."""
        return (p - self.starter) % self.players

    @property
    @cython.locals(top=Frame, self=Table)
    def pending(self) -> Pending:
        """Who decides and the kind of decision at once; the prompt, rule and options when first
        read (a loop asking who decides at every step formats nothing)."""
        top = _top(self)
        if top is None:
            return self._whole()
        return LazyPending(top.player, top.kind, self._whole)

    @cython.locals(top=Frame)
    def _whole(self) -> Pending:
        """The whole pending decision (made anew when asked: kept on the state, it would hold
        the state in a cycle through its options)."""
        top = _top(self)
        if top is None:
            return Pending(None, "over", "the game is over", "end.scoring")
        text, rule = _PROMPTS[top.kind]
        p = top.get("p", top.player)
        words = {"p": p, "tile": tiles_words(top.get("tiles", ())) or "the tile",
                 "piece": piece_name(top.get("piece", ""))}
        prompt = text.format(**words)
        if top.kind == "lay" and top.get("railhead"):
            rule = "bonus.railhead"
        if top.kind == "put" and self.phase == "bonus":
            prompt = f"P{p}: add the {words['piece']} to one of your tracks"
            rule = "bonus.inspector" if top.get("piece") == "inspector" else "end.bonus-card"
        if top.player == CHANCE:
            outcomes = self._chances()
            return Pending(CHANCE, top.kind, prompt, rule, tuple(o for o, _ in outcomes),
                           tuple(w for _, w in outcomes))
        anytime = _money_options(self, top.player) if top.kind in ("turn", "after") else ()
        return Pending(top.player, top.kind, prompt, rule, lambda: self.legal_actions(), anytime=anytime)

    @cython.locals(top=Frame, self=Table)
    def _chances(self) -> tuple[tuple[Reveal, float], ...]:
        top = _top(self)
        assert top is not None
        pile, _ = _pile_of(self, "")
        prefix = "commuter." if top.kind == "commuter" else ""
        return tuple((reveal(prefix + item), w) for item, w in pile.outcomes())

    @cython.locals(top=Frame, self=Table)
    def sample_chance(self, rng: Any) -> Any:
        top = _top(self)
        assert top is not None
        pile, _ = _pile_of(self, "")
        item = pile.sample(rng)
        return dealt(self, reveal(("commuter." if top.kind == "commuter" else "") + item))

    # --- legal actions: the fast path ------------------------------------------------------
    @cython.locals(top=Frame, self=Table)
    def generate_legal(self) -> Iterable[Any]:
        top = _top(self)
        if top is None:
            return ()
        if top.player == CHANCE:
            return tuple(o for o, _ in self._chances())
        p, kind = top.player, top.kind
        if kind == "pick":
            return tuple(map(take, self.offer))
        if kind == "turn":
            takes = _takes(self.offer)
            money = _money_options(self, p)
            return tuple(takes + list(money) if money else takes)
        if kind == "after":
            return (DONE, *_money_options(self, p))
        if kind == "lay":
            return self._lay_options(p, top)
        if kind == "put":
            return self._put_options(p, top.get("piece"))
        if kind == "pay":
            return tuple(Pay(x, y) for x, y in _seat(self, p).money)
        if kind == "keep":
            return tuple(Keep(c) for c in sorted({_seat(self, p).objective, top.get("drawn")}))
        if kind == "choose-bonus":
            return tuple(Choose(b) for b in self.bonuses)
        raise AssertionError(f"no options for {kind}")

    @cython.locals(top=Frame, self=Table)
    def is_legal(self, action: Any) -> bool:
        """A chance outcome is legal when the pile can give it (no list of every card built)."""
        top = _top(self)
        if top is not None and top.player == CHANCE and type(action) is Reveal:
            pile, _ = _pile_of(self, top.kind)
            item = action.item
            if not isinstance(item, str):  # a hand-built Reveal(True): no card of any pile
                return False
            if top.kind == "commuter":
                if not item.startswith("commuter."):
                    return False
                item = item[len("commuter."):]
            return isinstance(item, str) and pile.can_draw(item)
        return super().is_legal(action)

    @cython.locals(top=Frame, self=Table)
    def _lay_options(self, p: int, top: Frame) -> tuple[Any, ...]:
        network = _seat(self, p).network
        out: list[Any] = []
        for tile in top.get("tiles", ()):
            if top.get("railhead"):
                out += [Lay(tile, s.x, s.y, s.turn) for s in network.railhead_placements(tile)]
            else:
                out += network.lay_options(tile)
        always = self.config.rulings.discard_tiles == "always" and self.phase == "round"
        if not out or always:  # [ruling.discard-tiles]
            out.append(DISCARD)
        return tuple(out)

    @cython.locals(seat=Seat, self=Table)
    def _put_options(self, p: int, piece: str) -> tuple[Any, ...]:
        seat = _seat(self, p)
        out: list[Any] = []
        recolour = self.phase == "round" and not _spent(self, "colour") and bool(seat.money)
        group = seat.network.index.group  # rail -> its track's first rail
        taken = {group[(t, r)] for q, t, r in seat.pieces if q == piece} if piece in LIMITED else ()
        for name, head in seat.network.track_names():  # names only: no track worked out to list
            if piece == "inspector":
                out += [put(piece, name, c) for c in COLOURS]
                continue
            if taken and head in taken:  # one of each a track [elements.commuter-limit]
                continue
            out.append(put(piece, name))
            if recolour and piece.startswith("commuter."):
                out += [put(piece, name, c) for c in COLOURS if c != piece.split(".")[1]]
        # a drafted element may always go for 1 VP [elements.discard]; an End Game Bonus element
        # only when no track can take it [ruling.bonus-discard]
        if not out or self.phase == "round":
            out.append(DISCARD)
        return tuple(out)

    # --- why not: the explaining path -------------------------------------------------------
    def candidate_actions(self) -> Iterable[Any]:
        top = _top(self)
        if top is None or top.player == CHANCE:
            return self.legal_actions()
        p = top.player
        out: list[Any] = list(self.legal_actions())
        out += [Take(i) for i in self.offer if Take(i) not in out]
        out += [Buy(t) for t in self.bonus_tiles if Buy(t) not in out]
        if DRAW not in out:
            out.append(DRAW)
        if top.kind == "put":
            out += [Put(top.get("piece"), t.name) for t in _seat(self, p).network.tracks
                    if Put(top.get("piece"), t.name) not in out]
        if DISCARD not in out and top.kind in ("lay", "put"):
            out.append(DISCARD)
        return out

    @cython.locals(top=Frame)
    def _violations(self, action: Any) -> list[Violation]:
        top = _top(self)
        if top is None:
            return [Violation("end.scoring", "the game is over")]
        kind, p = top.kind, top.player
        if top.player == CHANCE:
            if isinstance(action, Reveal) and action in self._legal_set:
                return []
            return [Violation(_PROMPTS[kind][1], f"{self._shown(action)} is not a possible outcome of: "
                                                 f"{self.pending.prompt}")]
        if isinstance(action, (Buy, DrawObjective)):
            return self._money_violations(p, action)
        if isinstance(action, Take):
            if kind not in ("pick", "turn"):
                return [self._not_now(action)]
            if action.item not in self.offer:
                there = ", ".join(map(item_words, dict.fromkeys(self.offer))) or "nothing"
                return [Violation("draft.turn", f"{quote(action.item)} is not in the middle of the table "
                                                f"(there: {there})")]
            return []
        if isinstance(action, Lay):
            return self._lay_violations(p, top, action)
        if isinstance(action, Put):
            return self._put_violations(p, top, action)
        if isinstance(action, Discard):
            if kind == "lay":
                if DISCARD in self._legal_set:
                    return []
                if top.get("railhead"):
                    return [Violation("ruling.bonus-discard", "the Railhead must be added to your network "
                                                              "while an unfinished track has an open end")]
                return [Violation("ruling.discard-tiles", "a tile that can be laid must be laid: only a "
                                                          "tile with no legal place may be discarded")]
            if kind == "put":
                if DISCARD in self._legal_set:
                    return []
                return [Violation("ruling.bonus-discard", "an End Game Bonus element must be added to "
                                                          "your network while a track can take it")]
            return [self._not_now(action)]
        if isinstance(action, Pay):
            if kind != "pay":
                return [self._not_now(action)]
            if (action.x, action.y) not in _seat(self, p).money:
                return [Violation("money.tokens", f"there is no money token of yours at "
                                                  f"{action.x},{action.y}")]
            return []
        if isinstance(action, Keep):
            if kind != "keep":
                return [self._not_now(action)]
            if Keep(action.card) not in self._legal_set:
                return [Violation("money.objective", f"{quote(action.card)} is not one of your two "
                                                     "objective cards")]
            return []
        if isinstance(action, Done):
            return [] if kind == "after" else [self._not_now(action)]
        if isinstance(action, Choose):
            if kind != "choose-bonus":
                return [self._not_now(action)]
            if action.bonus not in self.bonuses:
                left = ", ".join(self.bonuses)
                return [Violation("end.bonus-card", f"{quote(action.bonus)} is not on the End Game Bonus "
                                                    f"card (left: {left})")]
            return []
        return [Violation("notation", f"{shown(action)} is not an action of {self.title}")]

    def _not_now(self, action: Any) -> Violation:
        pending = self.pending
        return Violation(pending.rule, f"{self._shown(action)} does not answer the decision now: "
                                       f"{pending.prompt}")

    def _shown(self, action: Any) -> str:
        """An action quoted in a refusal: in words when it is well formed (`shown` otherwise)."""
        try:
            return self._words(action)
        except Exception:  # a malformed action object: quoted as it prints
            return shown(action)

    def _money_violations(self, p: int, action: Any) -> list[Violation]:
        top = _top(self)
        assert top is not None
        out = []
        if top.kind not in ("turn", "after") or self.phase != "round":
            return [Violation("money.actions", "money tokens are spent during your turn, before or after "
                                               "drafting, not in the middle of another step")]
        if not _seat(self, p).money:
            out.append(Violation("money.tokens", "you have no money token in your network"))
        if spent := _spent(self, "bonus" if isinstance(action, Buy) else "objective"):
            out.append(Violation("money.actions", spent))
        if isinstance(action, Buy) and action.tile not in self.bonus_tiles:
            left = tiles_words(self.bonus_tiles, ", ") or "none"
            out.append(Violation("money.bonus-tile", f"{quote(action.tile)} is not a face-up bonus tile "
                                                     f"(left: {left})"))
        if isinstance(action, DrawObjective) and not self.objectives:
            out.append(Violation("money.objective", "the objective deck is empty"))
        return out

    @cython.locals(top=Frame)
    def _lay_violations(self, p: int, top: Frame, lay: Lay) -> list[Violation]:
        if top.kind != "lay":
            return [self._not_now(lay)]
        tiles = top.get("tiles", ())
        if lay.tile not in tiles:
            return [Violation("tiles.placing", f"the tile to lay now is {tiles_words(tiles)}, "
                                               f"not {quote(lay.tile)}")]
        if not isinstance(lay.turn, int) or not 0 <= lay.turn <= 3:
            return [Violation("tiles.placing", f"a tile turns 0-3 quarter turns, not {quote(lay.turn)}")]
        network = _seat(self, p).network
        placed = Placed(lay.tile, lay.x, lay.y, lay.turn)
        if top.get("railhead"):
            if placed in network.railhead_placements(lay.tile):
                return []
            return [Violation("bonus.railhead", "the Railhead goes against an open end of an "
                                                "unfinished track without overlapping a tile")]
        return [Violation(rule, f"the {tile_words(lay.tile)} cannot go at {lay.x},{lay.y} turned "
                                f"{lay.turn * 90}°: {why}")
                for rule, why in network.faults(placed)]

    @cython.locals(seat=Seat, top=Frame)
    def _put_violations(self, p: int, top: Frame, put: Put) -> list[Violation]:
        if top.kind != "put":
            return [self._not_now(put)]
        piece = top.get("piece")
        if put.piece != piece:
            return [Violation("elements.place", f"the element to place now is the {piece_name(piece)}, "
                                                f"not {quote(put.piece)}")]
        seat = _seat(self, p)
        track = seat.network.track(put.track)
        if track is None:
            count = plural(len(seat.network.tracks), "track")
            return [Violation("tracks.track", f"you have no track {quote(put.track)} (you have {count})")]
        out = []
        if piece in LIMITED and piece in seat.on(track):  # by printed colour [ruling.colour-limit]
            rule = ("elements.commuter-limit" if piece.startswith("commuter.") else
                    "elements.tourist-limit" if piece == "tourist" else "elements.mail-train-limit")
            on = self._track_words(track.name, p)
            out.append(Violation(rule, f"{on} already has a {piece_name(piece)}: one of each per track"))
        if put.colour and put.colour not in COLOURS:
            out.append(Violation("money.colour", f"{quote(put.colour)} is not a district colour "
                                                 f"({', '.join(COLOURS)})"))
        if piece == "inspector" and not put.colour:
            out.append(Violation("bonus.inspector", "the Railway Inspector scores one district colour: "
                                                    "put inspector <track> as grey|yellow|green"))
        if put.colour and piece.startswith("commuter.") and put.colour != piece.split(".")[1]:
            if self.phase != "round":
                out.append(Violation("money.colour", "a commuter's colour is changed during your turn"))
            elif spent := _spent(self, "colour"):
                out.append(Violation("money.actions", spent))
            elif not seat.money:
                out.append(Violation("money.tokens", "changing a commuter's colour costs a money token, "
                                                     "and you have none in your network"))
        elif put.colour and piece not in ("inspector",) and not piece.startswith("commuter."):
            out.append(Violation("money.colour", "only a Commuter changes colour, not the "
                                                 f"{piece_name(piece)}"))
        return out

    # --- applying ----------------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse(text)

    @cython.locals(top=Frame, self=Table)
    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        top = _top(self)
        assert top is not None
        events: list[Event] = []
        if cython.compiled:  # the private copy the steps change (`_set`), its slots copied in C
            state = _set(copied(self), {"frames": self.frames[:-1]})
        else:
            state = evolve(self, frames=self.frames[:-1])
        if top.player == CHANCE:
            state = _reveal(state, top, action.item, events)
        elif isinstance(action, Take):
            state = _take(state, top, action.item, events)
        elif isinstance(action, Lay):
            state = _lay(state, top.player, action, top, events)
        elif isinstance(action, Put):
            state = _put(state, top.player, action, events)
        elif isinstance(action, Discard):
            state = _discard(state, top, events)
        elif isinstance(action, Buy):
            bought = _frame("lay", top.player, tiles=(action.tile,), bought=True)
            state = _set(state, {"frames": (*self.frames, bought),
                                 "bonus_tiles": tuple(t for t in self.bonus_tiles if t != action.tile)})
            events.append(_told("buy", "P{} buys the bonus {}", "money.bonus-tile", top.player,
                                (top.player, _TILE_WORDS[action.tile]), {"tile": action.tile}))
            state = _spend(state, top.player, "bonus", events)
        elif isinstance(action, DrawObjective):
            state = _set(state, {"frames": (*self.frames, _frame("draw-objective", CHANCE, p=top.player))})
            events.append(_told("objective", "P{} spends a money token to draw an objective card",
                                "money.objective", top.player, (top.player,), NO_DATA))
            state = _spend(state, top.player, "objective", events)
        elif isinstance(action, Pay):
            state = _pay(state, top.player, (action.x, action.y), events)
        elif isinstance(action, Keep):
            state = _keep(state, top, action.card, events)
        elif isinstance(action, Done):
            events.append(_told("done", "P{} ends the turn", "draft.turn", top.player, (top.player,),
                                NO_DATA))
        elif isinstance(action, Choose):
            state = _choose(state, top.player, action.bonus, events)
        else:  # pragma: no cover - apply() lets only legal actions through
            raise AssertionError(action)
        state = _settle(state, events)
        return state, tuple(events)

    # --- reading the end ---------------------------------------------------------------------
    @cached_property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return scoring.outcome(self)

    def scores(self, viewer: int | None = None) -> dict[int, int]:
        """VP tokens are public: any player must tell their total when asked [scoring.tokens]."""
        if self.phase == "over":
            outcome = self.outcome
            assert outcome is not None
            return dict(outcome.scores)
        return {p: s.vp for p, s in enumerate(self.seats, 1)}

    def breakdown(self, player: int) -> tuple[tuple[str, int], ...]:
        return scoring.breakdown(self, player)

    def describe(self, action: Any, viewer: int | None = None) -> str:
        """Objective cards are named to their holder only; a boxed round card to nobody."""
        top = _top(self)
        if isinstance(action, Reveal) and top is not None and viewer is not None:
            if top.kind == "box":
                return "A round card goes back to the box unseen"
            if top.kind in ("deal-objective", "draw-objective") and viewer != top.get("p"):
                return f"P{top.get('p')} gets an objective card, face down"
        if isinstance(action, Keep) and viewer is not None and top is not None and viewer != top.player:
            return f"P{top.player} keeps one of two objective cards"
        return self._words(action)

    def _words(self, action: Any) -> str:
        """An action in words, naming tiles, cards and tracks by what the table shows."""
        if isinstance(action, Reveal):
            return self._reveal_words(action.item)
        if isinstance(action, Take) and action.item in TILES:
            return f"Take {item_words(action.item)}"
        if isinstance(action, Lay) and action.tile in TILES:
            turned = f", turned {action.turn * 90}°" if action.turn else ""
            return f"Lay the {tile_words(action.tile)} at {action.x},{action.y}{turned}"
        if isinstance(action, Put):
            return str(action).replace(f"track {action.track}", self._track_words(action.track))
        if isinstance(action, Buy) and action.tile in TILES:
            return f"Spend 1 Money: buy the bonus {tile_words(action.tile)}"
        if isinstance(action, Keep):
            return f"Keep objective {objective_words(action.card)}"
        return str(action)

    def _reveal_words(self, item: str) -> str:
        if item in TILES:
            return f"Reveal the {tile_words(item)}"
        if item in OBJECTIVES:
            return f"Reveal objective {objective_words(item)}"
        if item in ROUND_CARDS:
            return f"Reveal the round card: {round_card_words(item, self.players)}"
        return str(Reveal(item))

    def _track_words(self, name: str, p: int = 0) -> str:
        """A track of `p`'s network (the deciding player's by default) in words."""
        top = _top(self)
        p = p or (top.player if top is not None and top.player != CHANCE else self.current)
        if not 1 <= p <= self.players:
            return "a track"
        network = _seat(self, p).network
        track = network.track(name)
        return "a track that is not in your network" if track is None else track_words(track, network.tracks)

    # --- views ----------------------------------------------------------------------------------
    def view(self, player: int | None) -> State:
        """Other players' objective cards and the objective deck are hidden, and so is the round
        deck (at 2 and 4 players one card is boxed unseen) [setup.objective] [ruling.hidden].
        Networks, elements, money and VP are public [scoring.tokens]; the map tile stack is
        face down, but which tiles are in it is public knowledge (every other tile is in sight),
        so it is kept, unordered, as it is. Once the game is over, every objective has been
        scored openly and is shown (`sees`); the decks stay face down."""
        if not self.wants_view(player, self.players):
            return self
        seats = tuple(s if self.sees(player, i) or not s.objective else evolve(s, objective=HIDDEN)
                      for i, s in enumerate(self.seats, 1))
        frames = tuple(f.with_(drawn=HIDDEN) if f.kind == "keep" and not self.sees(player, f.player) else f
                       for f in self.frames)
        return evolve(self, seats=seats, frames=frames, objectives=self.objectives.hidden(HIDDEN),
                      rounds=self.rounds.hidden(HIDDEN), seen_by=player)

    def determinize(self, rng: Any) -> State:
        """A full table consistent with this view: the objective cards the viewer has not seen dealt
        again at random (others' cards, the deck, the cards under it), and the round cards not
        played split at random between the deck and the box."""
        if self.seen_by is None:
            return self
        viewer = self.seen_by
        known = {s.objective for s in self.seats}  # the viewer's, and everyone's once it is over
        known |= {f.get("drawn") for f in self.frames if f.kind == "keep" and f.player == viewer}
        unknown = sorted(set(OBJECTIVES) - known)
        rng.shuffle(unknown)
        deal = iter(unknown)
        seats = tuple(evolve(s, objective=next(deal)) if s.objective == HIDDEN else s for s in self.seats)
        frames = tuple(f.with_(drawn=next(deal)) if f.kind == "keep" and f.get("drawn") == HIDDEN else f
                       for f in self.frames)
        under = tuple(next(deal) for _ in self.objectives.under)
        objectives = Pile(tuple(sorted(next(deal) for _ in self.objectives.rest)), (), under)
        cards = sorted(set(ROUND_CARDS) - set(self.played))
        rng.shuffle(cards)
        rounds = Pile.of(cards[:len(self.rounds)])
        return evolve(self, seats=seats, frames=frames, objectives=objectives, rounds=rounds,
                      seen_by=None)

    def __getstate__(self) -> dict[str, Any]:
        return fields_of(self)

    __reduce__ = by_fields

    # --- pictures and bots (the picture, the ghost and `assess`: hooks `__init__.py` registers) --
    def placement(self, action: Any) -> tuple[str, str, int] | None:
        """A tile lay as the table previews it before it is played (a ghost under the pointer):
        the hand target of the tile, the spot of its top-left quarter, and its turn. None for
        every other action."""
        if not isinstance(action, Lay):
            return None
        return f"hand:{action.tile}", f"spot:{action.x},{action.y}", action.turn

    def why_not(self, target: str) -> str:
        """Why a clicked spot takes no tile (each distinct turn of the tile to lay there, and why
        not), or a clicked track not the element to put."""
        top = _top(self)
        if top is None or top.player == CHANCE:
            return ""
        network = _seat(self, top.player).network
        if top.kind == "put" and target.startswith("track:"):
            found = self._put_violations(top.player, top, Put(top.get("piece"), target[6:]))
            return "; ".join(str(v) for v in found)
        if top.kind != "lay" or not target.startswith("spot:"):
            return ""
        try:
            x, y = (int(v) for v in target[5:].split(","))
        except ValueError:
            return ""
        lines = []
        for tile in top.get("tiles", ()):
            for turn in turns(tile):
                faults = network.faults(Placed(tile, x, y, turn))
                if faults:
                    lines.append(f"the {tile_words(tile)} turned {turn * 90}°: " + ", ".join(f"{why} [{rule}]"
                                                                           for rule, why in faults))
        return "; ".join(lines)

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.config.describe()})",
                 f"Round {self.round}: {self.pending.prompt}" if self.phase != "over" else "Game over",
                 f"Offer: {' '.join(self.offer) or '-'}; bonus tiles {' '.join(self.bonus_tiles) or '-'}; "
                 f"End Game Bonus card {' '.join(self.bonuses) or '-'}"]
        for p, s in enumerate(self.seats, 1):
            tracks = ", ".join(f"{t.name} ({t.tiles} tiles{', finished' if t.finished else ''}"
                               f"{': ' + ' '.join(s.on(t)) if s.on(t) else ''})" for t in s.network.tracks)
            lines.append(f"  P{p}: {s.vp} VP, {len(s.network.tiles)} tiles, money {len(s.money)}, "
                         f"objective {s.objective or '-'}; tracks {tracks or '-'}")
        return "\n".join(lines)


# --- the steps of a transition ------------------------------------------------------------
# Module C functions given the table, not methods of `State`: `_transition` and the steps call
# them in C, with no method looked up on the state and no arguments parsed again.
@cython.cfunc
@cython.locals(top=Frame, table=Table)
def _reveal(table, top: Frame, item: str, events: list[Event]) -> State:
    kind = top.kind
    if kind in _OFFERED:
        return _to_offer(table, top, item, events)
    pile, name = _pile_of(table, kind)
    state = _set(table, {name: pile.without(item)})
    if kind == "deal-start":
        p = top.get("p")
        network = Network().with_tile(placed_at(item, 0, 0, 0))
        state = _set(state, {"seats": _seats_with(state, p, {"network": network})})
        events.append(_told("start", "P{} gets the starting {}", "setup.starting-tile", p,
                            (p, _TILE_WORDS[item]), {"tile": item}))
        state = _cover(state, p, network.tiles[0], events)  # [ruling.starting-money]
    elif kind == "deal-objective":
        p = top.get("p")
        state = _set(state, {"seats": _seats_with(state, p, {"objective": item})})
        events.append(Event("objective", f"P{p} is dealt objective {objective_words(item)}",
                            "setup.objective", p, {"card": item}, p,
                            f"P{p} is dealt an objective card, face down"))
    elif kind == "draw-objective":
        p = top.get("p")
        state = _push(state, (_frame("keep", p, drawn=item),))
        events.append(Event("objective", f"P{p} draws objective {objective_words(item)}",
                            "money.objective", p, {"card": item}, p, f"P{p} draws an objective card"))
    elif kind == "box":
        card = round_card_words(item, table.players)
        events.append(Event("box", f"The round card ({card}) goes back to the box unseen",
                            "setup.round-deck", None, {"card": item}, 0,
                            "A round card goes back to the box unseen"))
    elif kind == "round-card":
        state = _prepare(state, item, events)
    return state


@cython.cfunc
@cython.locals(top=Frame, table=Table)
def _to_offer(table, top: Frame, item: str, events: list[Event]) -> State:
    """A commuter drawn from the bag or a map tile revealed goes to the middle of the table:
    the most frequent chance step, so the pile and the offer change in one copy."""
    kind = top.kind
    pile, name = _pile_of(table, kind)
    if kind == "commuter":
        drawn = pile.without(item.split(".", 1)[1])
        events.append(_told("commuter", "A {} is drawn from the bag", "round.commuter", None,
                            (_PIECE_NAMES[item],), {"item": item}))
    else:
        drawn = pile.without(item)
        events.append(_told("reveal", "The map tile {} is revealed", _PROMPTS[kind][1], None,
                            (_TILE_WORDS[item],), {"tile": item}))
    return _set(table, {name: drawn, "offer": tuple(sorted((*table.offer, item)))})


@cython.cfunc
@cython.locals(table=Table)
def _prepare(table, card: str, events: list[Event]) -> State:
    """The round card's elements, then its map tiles for this player count [round.preparation]."""
    found = ROUND_CARDS[card]
    offer = list(table.offer)
    supply = dict(table.supply)
    frames: list[Frame] = []
    for element in found.elements:
        if element == "commuter":
            frames.append(_frame("commuter", CHANCE))
        elif supply.get(element, 0) > 0:
            supply[element] -= 1
            offer.append(element)
    frames += [_frame("reveal-tile", CHANCE)] * found.tiles_for(table.players)
    events.append(_told("round", "Round {}: P{} draws the round card ({})", "round.preparation", None,
                        (table.round, table.starter, Later(round_card_words, card, table.players)),
                        {"card": card}))
    state = _set(table, {"card": card, "played": (*table.played, card), "offer": tuple(sorted(offer)),
                         "supply": tuple(sorted(supply.items()))})
    return _push(state, tuple(frames))


@cython.cfunc
@cython.locals(top=Frame, table=Table)
def _take(table, top: Frame, item: str, events: list[Event]) -> State:
    p = top.player
    offer = list(table.offer)
    offer.remove(item)
    if top.kind == "pick":
        events.append(_told("pick", "P{} takes the map tile {}", "setup.pick", p,
                            (p, _TILE_WORDS[item]), {"tile": item}))
        held = (*_seat(table, p).held, item)
        return _set(table, {"offer": tuple(offer), "seats": _seats_with(table, p, {"held": held})})
    events.append(_told("draft", "P{} drafts {}", "draft.turn", p, (p, _ITEM_WORDS[item]),
                        {"item": item}))
    then = _frame("lay", p, tiles=(item,)) if item in TILES else _frame("put", p, piece=item)
    return _set(table, {"offer": tuple(offer), "frames": (*table.frames, _frame("after", p), then)})


@cython.cfunc
@cython.locals(seat=Seat, top=Frame, table=Table, lay=Lay)
def _lay(table, p: int, lay: Lay, top: Frame, events: list[Event]) -> State:
    seat = _seat(table, p)
    placed = placed_at(lay.tile, lay.x, lay.y, lay.turn)
    network = seat.network.with_tile(placed)
    held = list(seat.held)
    if lay.tile in held:
        held.remove(lay.tile)
    state = _set(table, {"seats": _seats_with(table, p, {"network": network, "held": tuple(held)})})
    rule = "bonus.railhead" if top.get("railhead") else "tiles.placing"
    template = "P{} lays the {} at {},{} turned {}°" if lay.turn else "P{} lays the {} at {},{}"
    args = (p, _TILE_WORDS[lay.tile], lay.x, lay.y, lay.turn * 90)
    events.append(_told("lay", template, rule, p, args,
                        {"tile": lay.tile, "x": lay.x, "y": lay.y, "turn": lay.turn}))
    state = _cover(state, p, placed, events)
    return _merge(state, p, events)


@cython.cfunc
@cython.locals(seat=Seat, table=Table)
def _cover(table, p: int, placed: Placed, events: list[Event]) -> State:
    """Each money symbol of a tile laid gets a money token, while tokens last [money.cover]
    [ruling.money-supply]."""
    x, y, features = placed.x, placed.y, shape(placed.tile, placed.turn).features
    symbols = [(x + dx, y + dy) for (dx, dy), f in features if f == "money"]
    covered = symbols[:table.money_left]
    if not covered:
        return table
    seat = _seat(table, p)
    tokens = "a money token" if len(covered) == 1 else "money tokens"
    events.append(_told("money", "P{} covers {} with {}", "money.cover", p,
                        (p, Later(plural, len(covered), "money symbol"), tokens),
                        {"cells": tuple(covered)}))
    money = tuple(sorted((*seat.money, *covered)))
    return _set(table, {"seats": _seats_with(table, p, {"money": money}),
                        "money_left": table.money_left - len(covered)})


@cython.cfunc
@cython.locals(seat=Seat, table=Table)
def _merge(table, p: int, events: list[Event]) -> State:
    """Tracks joined by a tile keep one of each element; the surplus leaves, and what it
    scored stays scored [tracks.merging] [example.merging]."""
    seat = _seat(table, p)
    index = seat.network.index
    if not index.merged or len(seat.pieces) < 2:  # no two tracks became one: no surplus
        return table
    group = index.group  # rail -> its track's first rail, which names it
    kept: list[tuple[str, int, int]] = []
    seen: set[tuple[str, RailId]] = set()
    for piece, t, r in seat.pieces:
        head = group[(t, r)]
        if piece in LIMITED and (piece, head) in seen:
            name = rail_name(head)
            events.append(_e("merge", f"Tracks merge into {table._track_words(name, p)}: P{p}'s surplus "
                                      f"{piece_name(piece)} "
                                      "is removed", "tracks.merging", p, piece=piece, track=name))
            continue
        seen.add((piece, head))
        kept.append((piece, t, r))
    if len(kept) == len(seat.pieces):
        return table
    return _set(table, {"seats": _seats_with(table, p, {"pieces": tuple(kept)})})


@cython.cfunc
@cython.locals(seat=Seat, table=Table)
def _put(table, p: int, put: Put, events: list[Event]) -> State:
    seat = _seat(table, p)
    track = seat.network.track(put.track)
    assert track is not None
    by_tiles = table.config.rulings.districts == "tiles"
    piece = put.piece
    vp = 0
    if piece.startswith("commuter."):
        colour = put.colour or piece.split(".")[1]
        vp = along(seat.network, track, colour, by_tiles)
        rule = "elements.commuter"
        words = f"scoring {vp} VP for the {colour} and mixed districts along it"
    elif piece == "inspector":
        vp = along(seat.network, track, put.colour, by_tiles)
        rule = "bonus.inspector"
        words = f"scoring {vp} VP for the {put.colour} and mixed districts along it"
    elif piece == "tourist":
        vp = landmarks(seat.network, track)
        rule = "elements.tourist"
        words = f"scoring {vp} VP for the landmarks next to it"
    else:
        rule = "elements.mail-train"
        words = "scoring at the end of the game"
    pieces = (*seat.pieces, (piece, *track.rails[0]))
    state = _set(table, {"seats": _seats_with(table, p, {"pieces": pieces, "vp": seat.vp + vp})})
    on = Later(_track_among, track, seat.network)
    events.append(_told("put", "P{} puts the {} on {}, {}", rule, p,
                        (p, _PIECE_NAMES[piece], on, words),
                        {"piece": piece, "track": track.name, "vp": vp}))
    if put.colour and piece.startswith("commuter.") and put.colour != piece.split(".")[1]:
        state = _spend(state, p, "colour", events)  # [money.colour] [example.colour-change]
    return state


@cython.cfunc
@cython.locals(seat=Seat, top=Frame, table=Table)
def _discard(table, top: Frame, events: list[Event]) -> State:
    p = top.player
    item = top.get("piece") or top.get("tiles", ("",))[0]
    seat = _seat(table, p)
    held = tuple(t for t in seat.held if t != item)
    events.append(_told("discard", "P{} returns {} to the box and scores 1 VP", "elements.discard", p,
                        (p, _ITEM_WORDS[item]), {"item": item}))
    boxed = tuple(sorted((*table.boxed, item))) if item in TILES else table.boxed
    return _set(table, {"seats": _seats_with(table, p, {"vp": seat.vp + 1, "held": held}), "boxed": boxed})


@cython.cfunc
@cython.locals(table=Table)
def _spend(table, p: int, special: str, events: list[Event]) -> State:
    """One money token for a money action: the player picks which (a frame), unless one is left."""
    state = _set(table, {"used": (*table.used, special)})
    money = _seat(table, p).money
    if len(money) == 1:
        return _pay(state, p, money[0], events)
    return _push(state, (_frame("pay", p),))


@cython.cfunc
@cython.locals(table=Table, seat=Seat)
def _pay(table, p: int, cell: tuple[int, int], events: list[Event]) -> State:
    seat = _seat(table, p)
    events.append(_told("pay", "P{} spends the money token at {},{}", "money.tokens", p, (p, *cell),
                        {"cell": cell}))
    money = tuple(c for c in seat.money if c != cell)
    return _set(table, {"seats": _seats_with(table, p, {"money": money}),
                        "money_left": table.money_left + 1})


@cython.cfunc
@cython.locals(table=Table, seat=Seat, top=Frame)
def _keep(table, top: Frame, card: str, events: list[Event]) -> State:
    p = top.player
    seat = _seat(table, p)
    other = top.get("drawn") if card == seat.objective else seat.objective
    events.append(Event("keep", f"P{p} keeps objective {objective_words(card)} and puts "
                        f"{objective_words(other)} under the deck",
                        "money.objective", p, {"card": card}, p,
                        f"P{p} keeps one objective card and puts the other under the deck"))
    return _set(table, {"seats": _seats_with(table, p, {"objective": card}),
                        "objectives": table.objectives.put_under(other)})


@cython.cfunc
@cython.locals(table=Table)
def _choose(table, p: int, bonus: str, events: list[Event]) -> State:
    events.append(_told("bonus", "P{} takes the {} from the End Game Bonus card", "end.bonus-card", p,
                        (p, _PIECE_NAMES[bonus]), {"bonus": bonus}))
    return _set(table, {"seats": _seats_with(table, p, {"bonus": bonus}),
                        "bonuses": tuple(b for b in table.bonuses if b != bonus)})


# --- between decisions ---------------------------------------------------------------------
@cython.cfunc
@cython.locals(top=Frame, table=Table, state=Table)
def _settle(table, events: list[Event]) -> State:
    """Move on until a decision is pending: skip reveals from an empty pile, end a turn with
    no money action left, start the next turn, round or phase."""
    state = table
    while True:
        top = _top(state)
        if top is None:
            if state.phase == "over":
                return state
            state = _next(state, events)
            continue
        if top.kind == "after" and not _money_options(state, top.player):
            state = _set(state, {"frames": state.frames[:-1]})
            continue
        if top.player == CHANCE and not _can_draw(state):
            state = _set(state, {"frames": state.frames[:-1]})  # the pile is empty [ruling.empty-stack]
            continue
        if top.kind == "lay" and not top.get("tiles"):
            held = _seat(state, top.player).held
            state = _set(state, {"frames": (*state.frames[:-1], top.with_(tiles=held))})
            continue
        if top.kind == "add-bonus":
            state = _push(_set(state, {"frames": state.frames[:-1]}), (_bonus_frame(state, top.player),))
            continue
        return state


@cython.cfunc
@cython.locals(table=Table)
def _bonus_frame(table, p: int) -> Frame:
    bonus = _seat(table, p).bonus
    if bonus == "railhead":
        return _frame("lay", p, tiles=(RAILHEAD,), railhead=True)
    return _frame("put", p, piece=bonus)


@cython.cfunc
@cython.locals(table=Table)
def _next(table, events: list[Event]) -> State:
    """After setup, a turn or a round: the next turn (clockwise until one item is left), round
    or phase [draft.turn] [example.draft]."""
    if table.phase == "setup":
        state = _set(table, {"phase": "round", "round": 1})
        return _push(state, (_frame("round-card", CHANCE),))
    if table.phase == "round":
        if table.card and len(table.offer) > 1:
            nxt = table.starter if table.current == 0 else table.next_seat(table.current)
            return _set(table, {"current": nxt, "used": (), "frames": (*table.frames, _frame("turn", nxt))})
        return _clean_up(table, events)
    events.append(_e("end", "Every End Game Bonus is added: final scoring", "end.scoring"))
    return _set(table, {"phase": "over", "current": 0})


@cython.cfunc
@cython.locals(table=Table)
def _clean_up(table, events: list[Event]) -> State:
    """The last element and the round card go back to the box; the bag moves on, or the game
    ends with the End Game Bonus card [round.clean-up] [end.trigger]."""
    left = table.offer
    if left:
        back = ", ".join(map(item_words, left))
        events.append(_e("clean-up", f"Round {table.round} ends: {back} goes back to the box",
                         "round.clean-up", left=left))
    boxed = tuple(sorted((*table.boxed, *(i for i in left if i in TILES))))
    state = _set(table, {"offer": (), "card": "", "current": 0, "used": (), "boxed": boxed})
    if table.rounds:
        nxt = table.next_seat(table.starter)
        events.append(_e("starter", f"P{nxt} takes the Commuter bag and starts round {table.round + 1}",
                         "round.clean-up", nxt))
        state = _set(state, {"starter": nxt, "round": table.round + 1})
        return _push(state, (_frame("round-card", CHANCE),))
    # fewest points first, then the farthest from the starter; a C function closes over no argument
    order = [p for _, p in sorted([((_seat(table, p).vp, -table.distance(p)), p)
                                   for p in range(1, table.players + 1)])]
    events.append(_e("end", "The round deck is empty: the End Game Bonus card, fewest points first: " +
                     ", ".join(f"P{p}" for p in order), "end.bonus-card", order=tuple(order)))
    frames = [*(_frame("choose-bonus", p) for p in order),
              *(_frame("add-bonus", p) for p in order)]
    return _push(_set(state, {"phase": "bonus"}), tuple(frames))


if cython.compiled:
    native_fields(State)
