"""The chooser: the options of the human deciding, each a button that explains itself, every
one of them reachable (a filter, and pages of SHOWN_OPTIONS when there are many), and the moves
refused with the rules they break."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as W

from widgets.ui import button, rule_words

MANY_OPTIONS = 30
"""From this many options on, the chooser offers a filter (a tile in Traintopia may go to
hundreds of places: clicking the table, or typing part of an option, narrows them)."""
SHOWN_OPTIONS = 40
"""The most option buttons on one page; the pager turns to the others, so none is cut."""


def rule_html(match: Any, rule: str, more: str = "") -> str:
    """The rule id of a decision and its words, for the chooser's title: one line, cut short
    (a long passage would push the options below the window), the whole of it in the tooltip
    and on a click, with `more` (how to click the table) under it."""
    if not rule:
        return ""
    words = escape(rule_words(match.game, rule))
    extra = f"<div class='ts-rule-more'>{escape(more)}</div>" if more else ""
    return (f"<details class='ts-rule' title='{words}'><summary><code>[{escape(rule)}]</code> "
            f"{words}</summary>{extra}</details>")


def count_words(count: int) -> str:
    """How many options there are, said as a person would: "the only allowed option", "one of
    3 allowed options"."""
    if count == 1:
        return "the only allowed option"
    return f"one of {count} allowed options"


def refused_html(match: Any, legal: Sequence[Any], seat: int | None) -> str:
    """The moves the deciding seat might think of, refused, with every rule they break:
    asked on that seat's view, so a refusal never names what the seat cannot see."""
    seen = match.state if seat is None else match.state.view(seat)
    lines = []
    allowed = set(legal)
    for action in seen.candidate_actions():
        if action in allowed:
            continue
        verdict = seen.explain(action)
        if verdict.ok:
            continue
        reasons = "; ".join(
            f"<span title='{escape(rule_words(match.game, v.rule))}'>{escape(v.message)} "
            f"<code>[{escape(v.rule)}]</code></span>" for v in verdict.violations)
        lines.append(f"<li><b>{escape(match.state.describe(action, seat))}</b>: {reasons}</li>")
    return f"<ul class='ts-refused'>{''.join(lines)}</ul>" if lines else ""


class Chooser(W.VBox):
    """The title of the decision, `between` (the advice buttons), the filter, a page of option
    buttons, the pager and the refusals. `show` redraws it; a button calls `on_choose`'s
    function with its action."""

    def __init__(self, between: Sequence[W.Widget] = ()) -> None:
        super().__init__()
        self.title = W.HTML()
        self.options: tuple[Any, ...] = ()  # the options on the page shown
        self.matching: tuple[Any, ...] = ()  # every option that matches the clicks and the filter
        self.option_buttons: tuple[W.Button, ...] = ()
        self.options_box = W.VBox(layout=W.Layout(max_height="300px", overflow="auto"))
        self.show_all_button = button("Show all options", "Forget the clicks on the table", "ts-all")
        self.filter = W.Text(placeholder="type part of an option to narrow the list",
                             layout=W.Layout(width="28em", display="none"))
        self.filter.add_class("ts-filter")
        self.filter_note = W.HTML()
        self.page = 0
        self.prev_button = button("◀ Previous", "The options before these", "ts-prev-options")
        self.next_button = button("Next ▶", "The options after these", "ts-next-options")
        self.page_note = W.HTML()
        self.pager = W.HBox([self.prev_button, self.page_note, self.next_button],
                            layout=W.Layout(display="none", align_items="center"))
        self.refused = W.HTML()
        self.refused_box = W.Accordion(children=[self.refused])
        self.refused_box.selected_index = None
        self.children = [self.title, *between, self.filter, self.filter_note, self.options_box,
                         self.pager, self.refused_box]
        self.add_class("ts-chooser")
        self._choose: Callable[[Any], Any] = lambda _a: None
        self._key: Any = None
        self._args: tuple[Any, ...] = ()
        self._decision: Any = None
        self.filter.observe(lambda _c: self._turn(0), names="value")
        self.prev_button.on_click(lambda _b: self._turn(self.page - 1))
        self.next_button.on_click(lambda _b: self._turn(self.page + 1))

    def on_choose(self, fn: Callable[[Any], Any]) -> None:
        """Call `fn(action)` when an option's button is pressed."""
        self._choose = fn

    def on_show_all(self, fn: Callable[[], Any]) -> None:
        """Call `fn()` when "Show all options" (forget the clicks) is pressed."""
        self.show_all_button.on_click(lambda _b: fn())

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.matching) // SHOWN_OPTIONS))

    def forget(self) -> None:
        """The next `show` redraws even if nothing it reads changed (a new match was loaded)."""
        self._key = None

    def _turn(self, page: int) -> None:
        """Show page `page` (the filter changed: the first page)."""
        self.page = page
        self._key = None
        if self._args:
            self.show(*self._args)

    def show(self, match: Any, human: int | None, seat: int | None, picked: tuple[str, ...] = (),
             title: str = "", goal: str = "") -> None:
        """Show the decision of `human` read from `seat` (options narrowed by the targets
        `picked` on the table); with no human deciding, only `title`. `goal`: a solo objective."""
        key = (id(match), id(match.cursor), human, seat, picked, title, goal, self.filter.value, self.page)
        if key == self._key:
            return
        decision = (id(match), id(match.cursor), human, seat, picked)
        if decision != self._decision:
            self.page = 0  # a new decision (or new clicks) starts on the first page
            self._decision = decision
        self._key = key
        self._args = (match, human, seat, picked, title, goal)
        options: tuple[Any, ...] = ()
        refusals = ""
        if human is not None:
            legal = match.state.legal_actions_for(human)  # in a secret simultaneous choice, only theirs
            options = tuple(a for a in legal if set(picked) <= set(match.state.targets(a)))
            prompt = (match.state if seat is None else match.state.view(seat)).pending.prompt
            narrowed = " (narrowed by your clicks on the table)" if picked else ""
            hint = escape(match.state.click_hint)
            title = (f"<b>{escape(prompt)}</b> — choose {count_words(len(options))}"
                     f"{escape(narrowed)}, or <span class='ts-how' title='{hint}'>click the table</span>."
                     f"{rule_html(match, match.pending.rule, 'On the table: ' + match.state.click_hint)}")
            refusals = refused_html(match, legal, seat)
        if goal:
            title += f"<br><span class='ts-goal'>Goal: {escape(goal)}</span>"
        self.title.value = title
        self._show_options(match, options, seat, picked)
        self.refused.value = refusals
        self.refused_box.set_title(0, f"Not allowed now ({refusals.count('<li')}), and why")
        self.refused_box.layout.display = None if refusals else "none"

    def _show_options(self, match: Any, options: tuple[Any, ...], seat: int | None,
                      picked: tuple[str, ...]) -> None:
        described = [(a, match.state.describe(a, seat)) for a in options]
        many = len(options) >= MANY_OPTIONS
        self.filter.layout.display = None if many else "none"
        text = self.filter.value.strip().lower() if many else ""
        matching = [(a, w) for a, w in described if not text or text in f"{w} ({a.notation})".lower()]
        self.matching = tuple(a for a, _ in matching)
        self.page = min(max(self.page, 0), self.pages - 1)
        first = self.page * SHOWN_OPTIONS
        page = matching[first:first + SHOWN_OPTIONS]
        paged = len(matching) > SHOWN_OPTIONS
        self.pager.layout.display = None if paged else "none"
        self.prev_button.disabled = self.page == 0
        self.next_button.disabled = self.page >= self.pages - 1
        shown = f"{first + 1}-{first + len(page)}" if page else "none"
        self.page_note.value = f"options {shown} of {len(matching)} (page {self.page + 1} of {self.pages})"
        if many:
            click = escape(match.state.click_hint)
            self.filter_note.value = (
                f"<i>{len(matching)} of {len(options)} options match{' the filter' if text else ''}; "
                f"showing {shown}{' (turn the pages below for the others)' if paged else ''}. "
                f"Type part of an option, or {click}.</i>")
        else:
            self.filter_note.value = ""
        anytime = set(match.state.view(seat).pending.anytime if seat is not None
                      else match.state.pending.anytime) if options else set()
        pending = match.pending
        cite = rule_words(match.game, pending.rule) if pending.rule else ""
        for b in self.option_buttons:
            b.close()
        buttons = []
        for action, words in page:
            verdict = match.explain(action, viewer=seat)
            said = "allowed" if verdict.ok else "; ".join(str(v) for v in verdict.violations)
            tip = f"{words}: {said}" + (f" — {cite}" if cite else "") + f" (typed: {action.notation})"
            when = "At any time: " if action in anytime else ""
            b = W.Button(description=f"{when}{words}",  # words: the notation is in the tooltip
                         layout=W.Layout(width="auto", flex="0 0 auto"), tooltip=tip)
            b.add_class("ts-option")
            b.on_click(lambda _b, a=action: self._choose(a))
            buttons.append(b)
        self.options = tuple(a for a, _ in page)
        self.option_buttons = tuple(buttons)
        self.options_box.children = [*buttons, self.show_all_button] if picked else buttons
