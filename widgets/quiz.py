"""`Quiz`: rule exercises one at a time, with the table, the answer's check and a final score.

The questions and their answers are `sandbox.exercises`' (the engine's); this widget only shows
them, takes an answer and asks the exercise whether it is right. The table is drawn from the
seat the question is asked of, so it shows nothing that seat cannot see.

>>> import sandbox
>>> from widgets.quiz import Quiz
>>> quiz = Quiz(sandbox.exercises("everyone_on_board", kind="score", count=2, seed=1))
>>> quiz.answer(quiz.current.answer)
True
>>> quiz.score
1
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W

from sandbox.core.picture import svg_img

_CSS = """<style>
.ts-quiz .widget-radio-box label { white-space: normal; height: auto; line-height: 1.35;
  margin-bottom: 6px; }
.ts-quiz .widget-radio-box { width: auto; max-width: 760px; }
.ts-quiz-table img { max-width: 100%; height: auto; }
</style>"""
"""Choices are sentences: they wrap instead of running off the page."""


class Quiz(W.VBox):
    """The exercises in order: the table, the question, the choices (or a number box),
    "Check", the explanation, "Next", and after the last one the score."""

    def __init__(self, exercises: Sequence[Any]) -> None:
        super().__init__()
        if not exercises:
            raise ValueError("a quiz needs at least one exercise")
        self.exercises = tuple(exercises)
        self.index = 0
        self.score = 0
        self.answered = False
        self.progress = W.HTML()
        self.table = W.HTML()
        self.question = W.HTML()
        self.choices = W.RadioButtons(options=[], value=None, layout=W.Layout(width="auto"))
        self.number = W.IntText(description="Points", layout=W.Layout(width="180px"))
        self.check_button = W.Button(description="Check", button_style="primary")
        self.next_button = W.Button(description="Next")
        self.feedback = W.HTML()
        self.check_button.on_click(lambda _b: self.answer(self._given()))
        self.next_button.on_click(lambda _b: self.next())
        self.add_class("ts-quiz")
        self.table.add_class("ts-quiz-table")
        self.children = [W.HTML(_CSS), self.progress, self.table, self.question, self.choices, self.number,
                         W.HBox([self.check_button, self.next_button]), self.feedback]
        self._show()

    @property
    def current(self) -> Any:
        """The exercise on screen (the last one once the quiz is over)."""
        return self.exercises[min(self.index, len(self.exercises) - 1)]

    @property
    def over(self) -> bool:
        return self.index >= len(self.exercises)

    def answer(self, given: Any) -> bool:
        """Answer the exercise on screen (a choice's text or number, or a number): the
        explanation shows, the score counts a right first answer. Returns whether it is right."""
        if self.over:
            raise ValueError("the quiz is over: no question is waiting for an answer")
        exercise = self.current
        right = bool(exercise.check(given))
        if not self.answered:
            self.score += right
            self.answered = True
        verdict = "Right." if right else f"Not quite: the answer is <b>{escape(exercise.answer)}</b>."
        self.feedback.value = f"<p>{verdict}</p><p>{escape(exercise.explanation)}</p>"
        self.check_button.disabled = True
        self.next_button.disabled = False
        return right

    def next(self) -> None:
        """The next exercise, or the final score after the last."""
        self.index += 1
        self.answered = False
        self._show()

    def _given(self) -> Any:
        if self.current.choices is None:
            return self.number.value
        return self.choices.value if self.choices.value is not None else ""

    def _show(self) -> None:
        total = len(self.exercises)
        self.feedback.value = ""
        if self.over:
            self.progress.value = f"<h3>Score: {self.score} of {total}</h3>"
            self.table.value = self.question.value = ""
            self.choices.layout.display = self.number.layout.display = "none"
            self.check_button.disabled = self.next_button.disabled = True
            return
        exercise = self.current
        self.progress.value = f"<b>Question {self.index + 1} of {total}</b> · score {self.score}"
        self.table.value = svg_img(exercise.svg(), f"the table as P{exercise.seat} sees it")
        self.question.value = f"<p>{escape(exercise.question)}</p>"
        has_choices = exercise.choices is not None
        self.choices.options = list(exercise.choices or ())
        self.choices.value = None
        self.number.value = 0
        self.choices.layout.display = "" if has_choices else "none"
        self.number.layout.display = "none" if has_choices else ""
        self.check_button.disabled = False
        self.next_button.disabled = True

    def __repr__(self) -> str:
        return f"Quiz({len(self.exercises)} exercises, question {self.index + 1}, score {self.score})"


class QuizApp(W.VBox):
    """A quiz page for a classroom: pick a game, a kind of question and a seed, then answer.
    The same seed gives everyone the same questions (the teacher reads it out)."""

    def __init__(self, game_id: str = "everyone_on_board", kind: str = "mixed", seed: int = 1,
                 count: int = 5) -> None:
        super().__init__()
        import sandbox
        from sandbox.exercise import KINDS

        self.count = count
        playable = [g for g in sandbox.games() if sandbox.get_game(g).playable]
        self.game_control = W.Dropdown(options=[(sandbox.get_game(g).title, g) for g in playable],
                                       value=game_id, description="Game")
        self.kind_control = W.Dropdown(options=[("a mix", "mixed"), *((k, k) for k in KINDS)],
                                       value=kind, description="Questions")
        self.seed_control = W.IntText(value=seed, description="Seed", layout=W.Layout(width="160px"))
        self.new_button = W.Button(description="New quiz", button_style="primary")
        self.new_button.on_click(lambda _b: self.new_quiz())
        self.bar = W.HBox([self.game_control, self.kind_control, self.seed_control, self.new_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.quiz: Quiz
        self.new_quiz()

    def new_quiz(self) -> Quiz:
        """A new quiz from the bar's game, kind and seed."""
        import sandbox

        self.quiz = Quiz(sandbox.exercises(self.game_control.value, kind=self.kind_control.value,
                                           count=self.count, seed=self.seed_control.value))
        self.children = [self.bar, self.quiz]
        return self.quiz

    def __repr__(self) -> str:
        return (f"QuizApp({self.game_control.value}, {self.kind_control.value}, "
                f"seed {self.seed_control.value}: {self.quiz!r})")


__all__ = ["Quiz", "QuizApp"]
