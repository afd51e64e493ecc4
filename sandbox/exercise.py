"""Rule exercises drawn from real positions of seeded bot games, each answered by the engine.

>>> import sandbox
>>> quiz = sandbox.exercises("everyone_on_board", kind="legal", count=3, seed=1)
>>> len(quiz), quiz[0].check(quiz[0].answer)
(3, True)

Three kinds of question, all worked out by the game's own rules, never written by hand:

- `legal`: "which of these moves is legal?": one legal action of the deciding seat and three it
  may not take (refused now by the engine, or legal a little earlier in the same game), each
  refused one explained with the rules it breaks;
- `score`: "how many points does P2 have now?": answered with the breakdown, part by part;
- `next`: "what happens when this card is drawn?": a chance decision with one outcome supposed,
  answered with the events the engine gives for it; the other choices are what other outcomes
  there, or the same outcome elsewhere in the game, would give.

Every question is asked of one seat and built from what that seat may know (its view), so a
question never shows a card that seat cannot see; `Exercise.svg()` draws the table from that seat.
The same game, kind, count and seed give the same exercises, so a teacher can hand a set out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from sandbox.core.errors import Violation
from sandbox.core.pending import CHANCE
from sandbox.core.registry import get_game
from sandbox.core.start import new_game

KINDS = ("legal", "score", "next")
"""The kinds of exercise; `kind="mixed"` takes them in turn."""

_MAX_DECISIONS = 600
"""Bot decisions played per source game at most: enough positions, and quick."""


@dataclass(frozen=True)
class Exercise:
    """One question about one position, with the engine's answer and why.

    `choices` is None where the answer is a number (`score`). `position` is the save text of
    the game up to the position asked about (`open()` plays it again), `ply` where that is, and
    `seat` the player the question is asked of: what a quiz may show is that seat's view."""

    game: str
    kind: str
    question: str
    choices: tuple[str, ...] | None
    answer: str
    explanation: str
    position: str
    ply: int
    seat: int

    def check(self, answer: Any) -> bool:
        """Whether `answer` is right: a choice's text or its number (1-based), or for a number
        question the number (an int or its text). Anything else is simply wrong."""
        if self.choices is None:
            return _number(answer) == int(self.answer)
        if isinstance(answer, bool):
            return False
        if isinstance(answer, int):
            return 1 <= answer <= len(self.choices) and self.choices[answer - 1] == self.answer
        if not isinstance(answer, str):
            return False
        text = " ".join(answer.split())
        if text.isdigit():
            return self.check(int(text))
        return text.casefold() == " ".join(self.answer.split()).casefold()

    def open(self) -> Any:
        """The game at the position asked about, as a `Match` (loaded from `position`)."""
        from sandbox.core.start import load

        return load(self.position)

    def svg(self) -> str:
        """The table as the questioned seat sees it."""
        return str(self.open().state.svg(self.seat))


def _number(answer: Any) -> int | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    if isinstance(answer, str):
        text = answer.strip()
        if text.lstrip("+-").isdigit():
            return int(text)
    return None


def exercises(game: str, kind: str = "mixed", count: int = 5, seed: int = 0,
              players: int | None = None) -> tuple[Exercise, ...]:
    """`count` exercises of `kind` ("legal", "score", "next" or "mixed") for `game`, from
    positions of games the package's bots play from `seed`: the same arguments, the same set."""
    info = get_game(game)
    if kind != "mixed" and kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(repr(k) for k in (*KINDS, 'mixed'))}, "
                         f"not {kind!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count is a whole number of at least 1, not {count!r}")
    config = info.configure(players)
    players = config.players
    kinds = [KINDS[i % len(KINDS)] if kind == "mixed" else kind for i in range(count)]
    wanted = {k: kinds.count(k) for k in KINDS}
    made: dict[str, list[Exercise]] = {k: [] for k in KINDS}
    rng = random.Random(f"exercises/{game}/{kind}/{count}/{seed}/{players}")
    for _ in range(8):  # more source games while a kind lacks positions
        if all(len(made[k]) >= wanted[k] for k in KINDS):
            break
        match = _play(game, players, rng)
        for k in KINDS:
            used = {e.ply for e in made[k]}
            for exercise in _BUILDERS[k](match, rng):
                if len(made[k]) >= wanted[k]:
                    break
                if exercise.ply not in used:
                    made[k].append(exercise)
                    used.add(exercise.ply)
    short = [k for k in KINDS if len(made[k]) < wanted[k]]
    if short:
        raise ValueError(f"{info.title} gave too few positions for {short[0]!r} exercises "
                         f"({len(made[short[0]])} of {wanted[short[0]]})")
    taken = {k: iter(made[k]) for k in KINDS}
    return tuple(next(taken[k]) for k in kinds)


def _play(game: str, players: int, rng: random.Random) -> Any:
    """A seeded game between the package's bots: a greedy bot in the first seat, the others
    random (quick, and their games reach varied positions)."""
    from sandbox.bots import GreedyBot, RandomBot

    seed = rng.randrange(1 << 30)
    match = new_game(game, players=players, seed=seed)
    bots: dict[int, Any] = {p: RandomBot(seed=seed + p) for p in range(1, players + 1)}
    bots[1] = GreedyBot(max_rollout=4, seed=seed)
    match.run(bots, max_steps=_MAX_DECISIONS)
    return match


def _save(match: Any, ply: int) -> str:
    """The save text of `match` up to `ply` (the position itself, not what followed)."""
    at = match.ply
    match.goto(ply)
    text = match.branch().to_json(indent=None)
    match.goto(at)
    return str(text)


def _decisions(match: Any, rng: random.Random) -> list[Any]:
    """The line's positions where one player decides, in a seeded order."""
    nodes = [n for n in match.line() if n.waits not in (None, CHANCE)]
    rng.shuffle(nodes)
    return nodes


def _rule(match: Any, violation: Violation) -> str:
    """A refusal with the rule it breaks named by id and rulebook section."""
    rule = match.game.rules.get(violation.rule)
    where = f"{violation.rule}, {rule.section}" if rule is not None else violation.rule
    return f"{violation.message} [{where}]"


# --- legal: which of these may the seat do? ----------------------------------------------
def _legal(match: Any, rng: random.Random) -> Iterator[Exercise]:
    line = match.line()
    for node in _decisions(match, rng):
        state = node.state
        if state.simultaneous:
            continue
        seat = state.to_move
        view = state.view(seat)
        legal = [a for a in state.legal_actions() if view.is_legal(a)]
        refused = _refused(state, view, line, node.ply, seat)
        if not legal or len(refused) < 3:
            continue
        right = rng.choice(legal)
        wrong = _varied(refused, 3, rng)
        texts = [view.describe(right, seat)] + [view.describe(a, seat) for a, _ in wrong]
        if len(set(texts)) < 4:
            continue
        reasons = [f"{text!r} is not allowed: " + "; ".join(_rule(match, v) for v in why)
                   for text, (_, why) in zip(texts[1:], wrong)]
        choices = texts[:]
        rng.shuffle(choices)
        name = state.seat_name(seat)
        yield Exercise(
            match.game.id, "legal",
            f"You are {name}. {_sentence(state.pending.prompt.removeprefix(f'{name}: '))} "
            f"Which of these may {name} do now?",
            tuple(choices), texts[0],
            " ".join([f"{texts[0]!r} is allowed [{state.pending.rule}]."] + reasons),
            _save(match, node.ply), node.ply, seat)


def _refused(state: Any, view: Any, line: list[Any], ply: int, seat: int
             ) -> list[tuple[Any, tuple[Violation, ...]]]:
    """Actions `seat` may not take now, each with every rule it breaks as the seat may read
    it: the engine's own candidates it refuses, and actions the seat could take a little
    earlier in this game (a card since played, a space since taken)."""
    found: dict[Any, tuple[Violation, ...]] = {}

    def consider(action: Any) -> None:
        if action in found or state.is_legal(action):
            return
        verdict = view.explain(action)
        if verdict.violations:  # a refusal the seat can see the reason for
            found[action] = verdict.violations

    for action in view.candidate_actions():
        consider(action)
    if len(found) < 3:  # too few refusals to ask about: add what the seat could do before
        for earlier in reversed(line[max(0, ply - 40):ply]):
            if earlier.waits == seat and len(found) < 12:
                for action in earlier.state.legal_actions_for(seat)[:30]:
                    consider(action)
    return sorted(found.items(), key=lambda item: str(getattr(item[0], "notation", item[0])))


def _varied(refused: list[Any], count: int, rng: random.Random) -> list[Any]:
    """`count` refusals in a seeded choice, breaking as many different rules as there are."""
    pool = refused[:]
    rng.shuffle(pool)
    picked: list[Any] = []
    rules: set[str] = set()
    for item in pool:
        if item[1][0].rule not in rules:
            picked.append(item)
            rules.add(item[1][0].rule)
    picked += [item for item in pool if item not in picked]
    return picked[:count]


def _sentence(prompt: str) -> str:
    prompt = prompt.strip()
    return prompt[:1].upper() + prompt[1:] + ("" if prompt.endswith((".", "?", "!")) else ".")


# --- score: how many points does a player have? ------------------------------------------------
def _score(match: Any, rng: random.Random) -> Iterator[Exercise]:
    for node in _decisions(match, rng):
        state = node.state
        seat = node.waits
        view = state.view(seat)
        scores = view.scores(seat)
        if not scores:
            continue
        players = [p for p in sorted(scores) if scores[p] > 0] or sorted(scores)
        player = rng.choice(players)
        parts = view.breakdown(player)
        total = scores[player]
        if total == 0 or sum(points for _, points in parts) != total:  # nothing, or hidden
            continue
        shown = [f"{label} {points}" for label, points in parts if points]
        who = state.seat_name(player)
        name = state.seat_name(seat)
        whose = "you" if player == seat else who
        sums = " + ".join(shown)
        yield Exercise(
            match.game.id, "score",
            f"You are {name}. How many points {'do' if player == seat else 'does'} {whose} "
            "have now, counted as if the game were scored as it stands?",
            None, str(total), f"{who} has {total}: {sums}.",
            _save(match, node.ply), node.ply, seat)


# --- next: what happens when this outcome comes up? --------------------------------------------
def _next(match: Any, rng: random.Random) -> Iterator[Exercise]:
    chances = [n for n in match.line() if n.waits == CHANCE]
    rng.shuffle(chances)
    by_kind: dict[str, list[Any]] = {}
    for node in chances:
        by_kind.setdefault(node.state.pending.kind, []).append(node)
    for node in sorted(chances, key=lambda n: -_richness(n)):
        state = node.state
        seat = _reader(node)
        world = _world(state, seat, rng)  # what the seat knows, the rest dealt again
        outcomes = _outcomes(world, rng)
        picked = max(outcomes, key=lambda o: (len(world.apply(o)[1]), -outcomes.index(o)))
        events = world.apply(picked)[1]
        answer = _told(events, seat)
        others = _alternatives(world, picked, outcomes, by_kind[state.pending.kind], seat, rng)
        others = [t for t in dict.fromkeys(others) if t != answer][:3]
        if len(others) < 2:
            continue
        choices = [answer, *others]
        rng.shuffle(choices)
        said = _sentence(state.view(seat).describe(picked, seat))
        yield Exercise(
            match.game.id, "next",
            f"You are {state.seat_name(seat)}. Chance decides now: "
            f"{_sentence(state.pending.prompt)} Suppose: {said} What happens?",
            tuple(choices), answer,
            f"{said[:-1]} [{state.pending.rule}]: " + " ".join(
                _sentence(e.text_for(seat)) + (f" [{e.rule}]" if e.rule else "") for e in events),
            _save(match, node.ply), node.ply, seat)


def _world(state: Any, seat: int, rng: random.Random) -> Any:
    """A full table consistent with what `seat` sees here, everything hidden from it dealt again:
    a question asked of the seat supposes only what it could, and tells nothing of the real
    hands or piles (not even which cards are still to be drawn)."""
    return state.view(seat).determinize(random.Random(rng.randrange(1 << 30)))


def _richness(node: Any) -> int:
    """How much a chance node's recorded outcome set off: decisions that do more first."""
    return len(node.next.events) if node.next is not None else 0


def _outcomes(state: Any, rng: random.Random) -> list[Any]:
    """A few outcomes chance could give here, in a seeded order (dice are sampled)."""
    seen: dict[Any, None] = {}
    for _ in range(24):
        seen.setdefault(state.sample_chance(rng), None)
    return list(seen)


def _reader(node: Any) -> int:
    """The seat the question is asked of: the one the recorded outcome told a secret, or the
    next player."""
    recorded = node.next.events if node.next is not None else ()
    secret = next((e.secret_for for e in recorded if e.secret_for), None)
    if secret:
        return int(secret)
    after = node.next
    while after is not None and after.waits in (None, CHANCE):
        after = after.next
    return after.waits if after is not None else 1


def _told(events: tuple[Any, ...], seat: int) -> str:
    return " ".join(_sentence(e.text_for(seat)) for e in events)


def _alternatives(state: Any, picked: Any, outcomes: list[Any], same_kind: list[Any], seat: int,
                  rng: random.Random) -> list[str]:
    """Wrong answers the engine gives too: the same outcome elsewhere in this game (the table
    decides what it does), then other outcomes here."""
    texts = []
    prompt = state.pending.prompt
    for other in [n for n in same_kind if n.state.pending.prompt == prompt][:8]:
        elsewhere = _world(other.state, seat, rng)
        if elsewhere.is_legal(picked):
            texts.append(_told(elsewhere.apply(picked)[1], seat))
    rest = [o for o in outcomes if o != picked]
    rng.shuffle(rest)
    texts += [_told(state.apply(o)[1], seat) for o in rest]
    return texts


_BUILDERS: dict[str, Callable[[Any, random.Random], Iterator[Exercise]]] = {
    "legal": _legal, "score": _score, "next": _next}
