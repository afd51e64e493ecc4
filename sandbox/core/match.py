"""A match: a game's history as a tree of immutable states, with the dice outside the state.

Time travel never copies hand-picked fields: every node stands for the state the rules produced,
so undo is moving a cursor and load is replaying actions. Chance (a draw, a coin) is a decision
of the CHANCE seat; the match resolves it with an RNG seeded from (seed, ply), records the
outcome as an action, and lets a tutorial force the outcome instead.

History stays small and fast however long the game: the current line is a list (so step, back
and goto cost the same at ply 6,000 as at ply 30), and a node keeps its state only every
`SNAPSHOT_EVERY` plies; the others are replayed from the snapshot before them when asked for and
kept in a small cache of recent states. Events are kept for the last `EVENTS_KEPT` plies of the
line (what a log shows); older ones are worked out again, as the states are, when read. The tree
links both ways, so a match that goes unlinks its nodes (when nothing else holds them) rather
than leave them to the cycle collector.

Everything a person reads goes through the seat they read it from: events through
`Event.text_for`, actions through `state.describe`, a bot's reason only to its own seat, and
refusals from the deciding player's view.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator, Mapping
from itertools import repeat
from operator import attrgetter
from sys import getrefcount
from typing import TYPE_CHECKING, Any, NamedTuple

from sandbox.core.dealer import SEED_LIMIT, Dealer, seeded
from sandbox.core.errors import IllegalAction, InvalidNotation, Violation, quote
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE
from sandbox.core.picture import svg_bundle
from sandbox.core.registry import get_game
from sandbox.core.save import dumps

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

if TYPE_CHECKING:
    from sandbox.core.bot import Bot
    from sandbox.core.outcome import Outcome
    from sandbox.core.pending import Pending
    from sandbox.core.registry import GameInfo
    from sandbox.core.state import GameState

SNAPSHOT_EVERY = 64
"""A node keeps its state for good every this many plies; the rest are replayed on demand.
Once a history let its old events go (`EVENTS_KEPT`), its snapshots were most of what the cycle
collector walked: 64 in place of 32 made `match.play` 3-4% faster (Isle of Trains and Trains &
Stations at 4 players, compiled), and going to a ply of a long game cold costs up to 1.2 ms in
plain Python (0.3 ms at 32)."""
RECENT_STATES = 96
"""States kept for nodes between snapshots, most recently used first."""
EVENTS_KEPT = 128
"""A node of the line keeps its events until the line is this many plies past it; then they go,
and reading them works them out again from the state before (the rules are deterministic, so
they come out the same). A long game's history thus holds a few hundred events, not one per
ply: the events were half of what the cycle collector walked in a match (Isle of Trains at 4
players, compiled: 3.6-4.0 µs a ply collecting with every event kept, 1.8-1.9 µs with these)."""


def node_keeps(ply: int) -> bool:
    """Whether the node at `ply` keeps its state for good (a snapshot)."""
    return ply % SNAPSHOT_EVERY == 0


class _States:
    """Gives every node of one history tree its state: a snapshot, a cached one, or replayed."""

    def __init__(self) -> None:
        self.recent: OrderedDict[Node, None] = OrderedDict()

    def of(self, node: Node) -> GameState:
        if node._state is not None:
            if node in self.recent:
                self.recent.move_to_end(node)
            return node._state
        chain = []
        known = node
        while known._state is None:
            chain.append(known)
            assert known.parent is not None, "the root always keeps its state"
            known = known.parent
        state = known._state
        for later in reversed(chain):  # recorded actions were legal: replay without checks
            state, _events = state._transition(later.action)
            self.keep(later, state)
        return state

    def keep(self, node: Node, state: GameState) -> None:
        node._state = state
        if node.parent is None or node.ply % SNAPSHOT_EVERY == 0:
            return  # a snapshot: kept for good
        self.recent[node] = None
        self.recent.move_to_end(node)
        while len(self.recent) > RECENT_STATES:
            old, _ = self.recent.popitem(last=False)
            old._state = None


@cython.dataclasses.dataclass(eq=False, repr=False)
@cython.cclass
class Node:
    """One position in the history tree, and the action and events that led to it.

    A long game keeps thousands of nodes, and every object they hold is one more for Python's
    cycle collector to walk at each collection: so a node keeps a lone event as itself (not in
    a tuple) and a lone child as itself (not in a list); `events` and `children` read them as
    a tuple and a list. Compiled, a native class (its fields in C slots, made by C): a match
    makes one a ply."""

    action: Any
    _events: Event | tuple[Event, ...] | None  # the events that led here (a lone one as itself;
    # None: gone, `EVENTS_KEPT` plies back, and worked out again when read)
    parent: Node | None
    ply: int
    by: str = ""  # "P1", "chance", "forced", a bot's name
    note: str = ""  # why: a bot's one-line reason, readable from its own seat only
    actor: int | None = None  # the seat that decided (CHANCE for chance; None at the root)
    waits: int | None = None  # who decides at this node (its state's pending player)
    _kids: Node | list[Node] | None = None  # the children: none, a lone one, or a list of several
    next: Node | None = None  # the child that redo follows: the one visited last
    _state: GameState | None = None
    _states: _States | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        events = self._events
        if events is None:  # let go (`EVENTS_KEPT`): the same transition from the same state
            assert self.parent is not None, "the root has no events to let go"
            return self.parent.state._transition(self.action)[1]
        return events if type(events) is tuple else (events,)  # type: ignore[return-value]

    @property
    def children(self) -> list[Node]:
        """The nodes played from here, oldest first."""
        kids = self._kids
        if kids is None:
            return []
        return kids if type(kids) is list else [kids]  # type: ignore[list-item]

    def adopt(self, child: Node) -> None:
        """Add `child` to this node's children."""
        kids = self._kids
        if kids is None:
            self._kids = child
        elif type(kids) is list:
            kids.append(child)
        else:
            self._kids = [kids, child]  # type: ignore[list-item]

    @property
    def state(self) -> GameState:
        """The state at this node (replayed from the last snapshot if it is not kept)."""
        assert self._states is not None
        return self._states.of(self)

    def note_for(self, viewer: int | None) -> str:
        """The reason for this node's action as `viewer` may read it: a decision's reasons
        come from what its seat knows, so only that seat (or the whole table) reads them."""
        if viewer is None or viewer == self.actor:
            return self.note
        return ""

    def __repr__(self) -> str:
        what = "start" if self.parent is None else getattr(self.action, "notation", str(self.action))
        return f"<Node ply {self.ply}: {what} by {self.by or '-'}>"

    def path(self) -> list[Node]:
        node: Node | None = self
        out = []
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]


def _unlink(nodes: list[Node]) -> bool:
    """Unlink a history tree that nothing outside it holds, so that its nodes are freed at once.

    Nodes link both ways (a node's `parent`, its parent's `children`), so a dropped tree is a
    cycle only Python's cycle collector frees, and on long games that costs more than the rules
    themselves. Every reference a node has from inside the tree is counted: a node or a list of
    children held anywhere else (a list from `history`, a variable) shows one more, and then the
    tree is left exactly as it is (the collector frees it once it is dropped). Returns whether
    the tree was unlinked. `nodes` holds the root alone (no other variable may hold it)."""
    # Counted in C (`map`) rather than node by node: a long game has thousands of nodes, and
    # the tree's inside links add up: each node but the root is its parent's child (alone or
    # in a list) and its children's `parent` once per child, the root is the match's `root`,
    # and a node that is its parent's `next` has one more. Every node has at least those, so
    # the sums agree only if no node has more (and no list of children is held elsewhere).
    probe = [Node(None, (), None, 0, _kids=[])]  # what the counts read for objects held nowhere else
    alone = sum(map(getrefcount, probe))
    alone_list = sum(map(getrefcount, map(_kids_of, probe)))
    lists = []
    for node in nodes:  # breadth first: the list grows as it is read
        kids = node._kids
        if isinstance(kids, list):
            nodes.extend(kids)
            lists.append(kids)
        elif kids is not None:
            nodes.append(kids)
    del node, kids  # the loop's variables would count as references more
    count = len(nodes)
    followed = count - list(map(_next_of, nodes)).count(None)
    inside = (count - 1) + count + followed
    if sum(map(getrefcount, nodes)) != count * alone + inside or \
            sum(map(getrefcount, lists)) != len(lists) * (alone_list + 1):  # + `lists` itself
        return False
    lists.clear()
    deque(map(setattr, nodes, repeat("_kids"), repeat(None)), maxlen=0)
    deque(map(setattr, nodes, repeat("next"), repeat(None)), maxlen=0)
    return True


_kids_of = attrgetter("_kids")
_next_of = attrgetter("next")
_new_tuple = tuple.__new__
"""Makes a `_Step` as the tuple it is (a NamedTuple's own `__new__` costs as much again)."""
_BY_SEAT: dict[int, str] = {}


def seat_name(player: int | None) -> str:
    """How a seat is written in a log: "P2", "chance" (one string per seat, shared)."""
    if player is None:
        return "nobody"
    if player == CHANCE:
        return "chance"
    name = _BY_SEAT.get(player)
    if name is None:
        name = _BY_SEAT[player] = f"P{player}"
    return name


class _Step(NamedTuple):
    """A transition worked out but not yet recorded (play records all of them, or none)."""

    action: Any
    state: GameState
    events: tuple[Event, ...]
    by: str
    note: str
    actor: int | None


class Match:
    """A game being played: the current state, its history tree, and the seeded dealer."""

    def __init__(self, game: GameInfo, config: Any, seed: int = 0, *, auto_chance: bool = True,
                 force: Iterable[Any] = (), position: dict[str, Any] | None = None) -> None:
        assert game.initial_state is not None, f"{game.title} is not playable yet"
        if position is None:
            start = game.initial_state(config)
        elif game.position is None:
            raise ValueError(f"{game.title} cannot start from a written position")
        else:
            start = game.position(config, position)
        self._begin(game, config, seed, auto_chance, position, start)
        self.force(*force)

    @classmethod
    def from_state(cls, state: GameState, *, seed: int = 0, auto_chance: bool = True,
                   force: Iterable[Any] = (), game: GameInfo | None = None) -> Match:
        """A match that starts from `state` (for tests, what-ifs and search). It plays, undoes
        and branches like any other; to save it, start from a written `position` instead."""
        info = game or get_game(state.game_id)
        match = cls.__new__(cls)
        match._begin(info, state.config, seed, auto_chance, None, state)
        match._from_state = True
        match.force(*force)
        return match

    def _begin(self, game: GameInfo, config: Any, seed: int, auto_chance: bool,
               position: dict[str, Any] | None, start: GameState) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise ValueError(f"a seed is an integer from {-SEED_LIMIT} to {SEED_LIMIT - 1}, "
                             f"not {str(seed)[:30]!r}")
        self.game = game
        self.config = config
        self.seed = seed
        self.auto_chance = auto_chance
        self.position = position
        self._from_state = False
        self._forced: deque[Any] = deque()
        self._states = _States()
        self.root = Node(None, (), None, 0, waits=start.to_move, _state=start,
                         _states=self._states)
        self._line: list[Node] = [self.root]
        self._at = 0
        self._cursor_state = start

    def __del__(self) -> None:
        """Free the history at once when the match goes (see `_unlink`)."""
        if getattr(self, "root", None) is not None:  # a match refused before it began has none
            self._line.clear()  # the match's own references to its nodes
            self._states.recent.clear()
            _unlink([self.root])

    # --- reading ---------------------------------------------------------------------------
    @property
    def cursor(self) -> Node:
        return self._line[self._at]

    @property
    def state(self) -> GameState:
        return self._cursor_state

    @property
    def ply(self) -> int:
        return self._at

    @property
    def last_ply(self) -> int:
        return len(self._line) - 1

    @property
    def pending(self) -> Pending:
        return self.state.pending

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def is_over(self) -> bool:
        return self._cursor_state.is_over

    @property
    def forced(self) -> tuple[Any, ...]:
        """Outcomes queued for the coming chance decisions."""
        return tuple(self._forced)

    def legal_actions(self) -> tuple[Any, ...]:
        return self._cursor_state.legal_actions()

    def explain(self, action: Any, viewer: int | None = None):
        """The verdict on `action` now; with `viewer`, worked out on that seat's view, so its
        reasons never mention what the seat cannot see."""
        state = self.state if viewer is None else self.state.view(viewer)
        return state.explain(action)

    def view(self, player: int | None):
        return self.state.view(player)

    def describe(self, node: Node, viewer: int | None = None) -> str:
        """The action that led to `node`, as `viewer` may read it."""
        assert node.parent is not None, "the start of the game has no action"
        return node.parent.state.describe(node.action, viewer)

    def line(self) -> list[Node]:
        """The current line: root to cursor, then on along the redo path."""
        return list(self._line)

    @property
    def history(self) -> list[Node]:
        """The nodes played to reach the current state (root excluded)."""
        return self._line[1:self._at + 1]

    def recent(self, count: int | None = None) -> Iterator[Node]:
        """The nodes played to reach the current state, newest first (`count` at most)."""
        stop = 0 if count is None else max(0, self._at - count)
        for i in range(self._at, stop, -1):
            yield self._line[i]

    def events(self) -> list[tuple[int, Event]]:
        return [(node.ply, e) for node in self.history for e in node.events]

    def log_entries(self, viewer: int | None = None, last: int | None = None
                    ) -> list[tuple[int, str, str, str]]:
        """(ply, text, rule id, note) per event up to now, oldest first, as `viewer` may read
        them; with `last`, only the newest `last` entries (read from the end: cheap however
        long the game)."""
        out: list[tuple[int, str, str, str]] = []
        for node in self.recent():
            if last is not None and len(out) >= last:
                break
            note = node.note_for(viewer)
            entries = [(node.ply, e.text_for(viewer), e.rule, note if i == 0 else "")
                       for i, e in enumerate(node.events)]
            out.extend(reversed(entries))
        out.reverse()
        return out[-last:] if last is not None and last < len(out) else out

    def log(self, viewer: int | None = None, last: int | None = None) -> str:
        """The explained log as `viewer` may read it: one line per event, with its rule."""
        lines = []
        for ply, text, rule, note in self.log_entries(viewer, last):
            rule_text = f" [{rule}]" if rule else ""
            lines.append(f"{ply:>4} {text}{rule_text}{f'  ({note})' if note else ''}")
        return "\n".join(lines)

    # --- acting ----------------------------------------------------------------------------
    def _read(self, action: Any) -> Any:
        return self.state.read(action)

    def play(self, action: Any, *, by: str = "", note: str = "") -> tuple[Event, ...]:
        """Play an action (object or notation). Raises IllegalAction and changes nothing if the
        action breaks a rule, or if a forced outcome queued for the chance decisions that
        follow cannot happen there. With auto_chance those chance decisions are resolved too.

        An action object the engine handed out (one of the state's legal actions, found by
        identity, as `core/shape.py` trusts them) is played without reading or checking it
        again; anything else is read and checked as `apply` would."""
        if type(by) is not str or type(note) is not str:
            _check_texts(by, note)
        state = self._cursor_state
        if not state.handed_out(action):
            action = state.read(action)
            if not state.is_legal(action):
                raise IllegalAction(action, self._refusal(state, action))
        decider = state.actor(action)
        after, events = state._transition(action)
        by = by or seat_name(decider)
        if not self.auto_chance or after.to_move != CHANCE:
            self._push(action, after, events, by, note, decider)
            return events
        if self._forced:
            queue = deque(self._forced)
            chance = self._chance_steps(after, 1, queue)  # worked out before anything is recorded
            self._push(action, after, events, by, note, decider)
            for step in chance:
                self._push(*step)
                events += step.events
            self._forced = queue
            return events
        # the seeded dealer alone (`_chance_steps` inlined: most plays that meet chance meet it
        # here), every draw worked out before anything is recorded
        seed, ply = self.seed, self._at + 1
        draws = []
        state = after
        while state.to_move == CHANCE:
            outcome = state.sample_chance(Dealer(seed, ply))
            state, more = state._transition(outcome)
            draws.append((outcome, state, more))
            ply += 1
        self._push(action, after, events, by, note, decider)
        push = self._push
        for outcome, state, more in draws:
            push(outcome, state, more, "chance", "", CHANCE)
            events += more
        return events

    def replay(self, action: Any, by: str = "", note: str = "") -> tuple[Event, ...]:
        """Record a legal `action` as the next ply with no chance resolved after it: how a save
        is loaded and a recorded line is rebuilt. IllegalAction if it is not legal here."""
        _check_texts(by, note)
        state = self.state
        action = state.read(action)
        if not state.is_legal(action):
            raise IllegalAction(action, self._refusal(state, action))
        decider = state.actor(action)
        after, events = state._transition(action)
        self._push(action, after, events, by or seat_name(decider), note, decider)
        return events

    def _refusal(self, state: GameState, action: Any) -> tuple[Violation, ...]:
        """Why `action` is refused, as the deciding player may read it."""
        decider = state.pending.player
        if decider not in (None, CHANCE):
            verdict = state.view(decider).explain(action)
            if verdict.violations:
                return verdict.violations
            # the view allows what the table refuses: never show the table's reasons to a player
            return (Violation(state.pending.rule or "notation",
                              f"{action} cannot be played now ({state.pending.prompt})"),)
        return state.explain(action).violations

    def force(self, *outcomes: Any) -> tuple[Event, ...]:
        """Queue outcomes for the next chance decisions ("suppose the next card is the Ace of
        spades"). Each is checked now: text must read as an outcome, and it must be one chance
        could still give (a card still to draw, ...). If chance is pending now, the queue is
        resolved at once. A refused outcome leaves the match and its queue unchanged."""
        state = self.state
        read = []
        for outcome in outcomes:
            outcome = state.read(outcome)
            if problems := state.forcing_violations(outcome):
                raise IllegalAction(outcome, tuple(problems))
            read.append(outcome)
        queue = deque([*self._forced, *read])
        if not self.auto_chance:
            self._forced = queue
            return ()
        steps = self._chance_steps(state, 0, queue)
        self._record(steps)
        self._forced = queue
        return tuple(e for step in steps for e in step.events)

    def unforce(self) -> tuple[Any, ...]:
        """Drop the forced outcomes still queued; returns them."""
        dropped = tuple(self._forced)
        self._forced.clear()
        return dropped

    def deal(self) -> tuple[Event, ...]:
        """Resolve one pending chance decision (a forced outcome if one is queued)."""
        state = self.state
        if state.to_move != CHANCE:
            return ()
        queue = deque(self._forced)
        step = self._chance_step(state, self.ply, queue)
        self._record([step])
        self._forced = queue
        return step.events

    def _chance_steps(self, state: GameState, offset: int, queue: deque[Any]) -> list[_Step]:
        steps: list[_Step] = []
        while state.to_move == CHANCE:
            step = self._chance_step(state, self.ply + offset + len(steps), queue)
            steps.append(step)
            state = step.state
        return steps

    def _chance_step(self, state: GameState, ply: int, queue: deque[Any]) -> _Step:
        """One chance decision at `ply`: the first queued outcome (popped from `queue`), checked,
        or a draw of the seeded dealer."""
        if queue:
            outcome = queue[0]
            if not state.is_legal(outcome):
                reasons = state.explain(outcome).violations
                raise IllegalAction(outcome, (*reasons, Violation(
                    "notation", f"the forced outcome {outcome} cannot happen at ply {ply + 1}; "
                    "match.unforce() drops the queue")))
            queue.popleft()
            after, events = state._transition(outcome)
            return _Step(outcome, after, events, "forced", "", CHANCE)
        outcome = self._sample(state, ply)
        after, events = state._transition(outcome)
        return _new_tuple(_Step, (outcome, after, events, "chance", "", CHANCE))

    def _sample(self, state: GameState, ply: int) -> Any:
        return state.sample_chance(Dealer(self.seed, ply))

    def _record(self, steps: list[_Step]) -> None:
        for step in steps:
            self._push(*step)

    @cython.locals(parent=Node, node=Node, line=list)
    def _push(self, action: Any, state: GameState, events: tuple[Event, ...], by: str, note: str,
              actor: int | None) -> None:
        """Record one transition as the next ply: the child of the cursor that took `action`
        before (the line follows it on), or a new node."""
        line = self._line
        at = self._at + 1
        parent = line[at - 1]
        if parent._kids is None:  # the end of the line (a cursor with no child has nothing after it)
            ply = parent.ply + 1
            node = Node(action, events[0] if len(events) == 1 else events, parent, ply, by, note,
                        actor, state.to_move, None, None,
                        state if ply % SNAPSHOT_EVERY == 0 else None, self._states)  # node_keeps
            parent._kids = parent.next = node
            line.append(node)
            self._at = at
            self._cursor_state = state
            if at > EVENTS_KEPT:
                line[at - EVENTS_KEPT]._events = None
            return
        for child in parent.children:
            if child.action == action:
                child.note = note or child.note
                node = child
                break
        else:
            ply = parent.ply + 1
            node = Node(action, events[0] if len(events) == 1 else events, parent, ply, by, note,
                        actor, state.to_move, None, None,
                        state if ply % SNAPSHOT_EVERY == 0 else None, self._states)  # node_keeps
            parent.adopt(node)
        parent.next = node
        self._at = at
        if at == len(line) or line[at] is not node:  # else on along the line already there
            del line[at:]
            line.append(node)
            follow = node.next
            while follow is not None:
                line.append(follow)
                follow = follow.next
        self._cursor_state = state

    # --- time travel -----------------------------------------------------------------------
    def _move_to(self, index: int) -> None:
        self._at = index
        self._cursor_state = self._line[index].state

    def _decides(self, node: Node) -> bool:
        return not (self.auto_chance and node.waits == CHANCE)

    def undo(self) -> Any:
        """Step back to the previous decision point (chance steps go with the action they
        followed). Returns the action undone, or None at the start."""
        start = self._at
        i = start
        while i > 0:
            i -= 1
            if self._decides(self._line[i]):
                break
        if not self._decides(self._line[i]):  # the root is a deal: the first decision is after it
            i = next((j for j, n in enumerate(self._line) if self._decides(n)), i)
        self._move_to(i)
        if i >= start:
            return None
        return self._line[i + 1].action  # the decision undone, not a draw after it

    def redo(self) -> Any:
        """Replay the next action along the line (and the chance steps after it)."""
        if self._at + 1 >= len(self._line):
            return None
        i = self._at + 1
        action = self._line[i].action
        while not self._decides(self._line[i]) and i + 1 < len(self._line):
            i += 1
        self._move_to(i)
        return action

    def goto(self, ply: int) -> GameState:
        """Move to ply `ply` of the current line (0 is the start)."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise TypeError(f"a ply is a whole number, not {type(ply).__name__}")
        if not 0 <= ply < len(self._line):
            raise IndexError(f"ply {ply} is outside this line (0..{len(self._line) - 1})")
        self._move_to(ply)
        return self.state

    def branch(self) -> Match:
        """A new, independent match that starts from here with the same history: for what-ifs."""
        other = Match.__new__(Match)
        other._begin(self.game, self.config, self.seed, self.auto_chance, self.position,
                     self.root.state)
        other._from_state = self._from_state
        for old in self._line[1:self._at + 1]:
            parent = other.cursor
            node = Node(old.action, old._events, parent, old.ply, old.by, old.note, old.actor,
                        old.waits, _states=other._states)
            if old._state is not None:
                other._states.keep(node, old._state)
            parent.adopt(node)
            parent.next = node
            other._line.append(node)
            other._at += 1
        other._cursor_state = self.state
        other.cursor._state = self.state
        return other

    # --- bots ------------------------------------------------------------------------------
    def step(self, bots: Mapping[int, Bot] | None = None) -> tuple[Event, ...] | None:
        """Advance one decision: chance, or the bot seated for the pending player.
        Returns None when a human must decide or the game is over."""
        _check_bots(bots)
        state = self.state
        player = state.to_move
        if player is None:
            return None
        if player == CHANCE:
            return self.deal()
        if state.simultaneous:  # every decider with a bot, in seat order, commits in turn
            player = next((p for p in state.pending.players if (bots or {}).get(p) is not None), None)
            if player is None:
                return None
        bot = (bots or {}).get(player)
        if bot is None:
            return None
        choice = bot.choose(state.view(player), player)
        return self.play(choice.action, by=bot.name, note=choice.reason)

    def run(self, bots: Mapping[int, Bot], max_steps: int = 100_000) -> Outcome | None:
        """Let bots (and chance) play until the game ends or a seat with no bot must decide."""
        _check_bots(bots)
        if isinstance(max_steps, bool) or not isinstance(max_steps, int):
            raise TypeError(f"max_steps is a whole number, not {type(max_steps).__name__}")
        for _ in range(max_steps):
            if self.step(bots) is None:
                break
        return self.outcome

    # --- saving ----------------------------------------------------------------------------
    def to_json(self, *, indent: int | None = 1) -> str:
        """The match as versioned JSON: setup, seed and every action (so the whole game,
        chance outcomes included, can be read from the file), checked by a digest."""
        if self._from_state:
            raise ValueError("this match starts from a state built in code, which a save file "
                             "cannot hold: start it from a written position to save it")
        return dumps(self, indent=indent)

    def __repr__(self) -> str:
        return (f"<Match {self.game.id} {self.config.describe()} seed={self.seed} "
                f"ply {self.ply}/{self.last_ply}>")

    def _repr_svg_(self) -> str:
        return self.state.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, str]:
        """The table now, as SVG and as an HTML <img> of it (which untrusted notebooks show)."""
        return svg_bundle(self.state.svg(), repr(self))


def _check_texts(by: Any, note: Any) -> None:
    """TypeError unless who played (`by`) and why (`note`) are texts, as a save writes them."""
    for name, value in (("by", by), ("note", note)):
        if not isinstance(value, str):
            raise TypeError(f"{name} is a text, not {quote(value)} ({type(value).__name__})")


def _check_bots(bots: Any) -> None:
    """TypeError unless `bots` seats bots by player number ({1: RandomBot(), 2: ...}) or is None."""
    if bots is not None and not isinstance(bots, Mapping):
        raise TypeError(f"bots is a mapping from seat number to bot, e.g. {{1: RandomBot()}}, "
                        f"not {quote(bots)} ({type(bots).__name__})")
    for seat, bot in (bots or {}).items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"bots are seated by seat number (1, 2, ...), not {quote(seat)}")
        if bot is not None and not callable(getattr(bot, "choose", None)):
            raise TypeError(f"the bot seated at P{seat} is {quote(bot)} ({type(bot).__name__}), not a "
                            "bot: give an object with choose(view, player), e.g. RandomBot()")


__all__ = ["EVENTS_KEPT", "SEED_LIMIT", "SNAPSHOT_EVERY", "Dealer", "InvalidNotation", "Match", "Node",
           "seat_name", "seeded"]
