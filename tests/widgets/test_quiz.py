"""The quiz widget: one exercise at a time, its table from the asked seat, the answer checked
by the exercise, the explanation, and the score at the end."""

from __future__ import annotations

import base64

import pytest

import sandbox
from widgets.quiz import Quiz, QuizApp

QUIZ = sandbox.exercises("everyone_on_board", kind="mixed", count=3, seed=2)


def test_right_and_wrong_answers_count_and_the_score_ends_the_quiz():
    quiz = Quiz(QUIZ)
    legal, score, nxt = QUIZ
    assert quiz.current is legal and "Question 1 of 3" in quiz.progress.value
    wrong = next(c for c in legal.choices if c != legal.answer)
    quiz.choices.value = wrong
    quiz.check_button.click()
    assert quiz.score == 0 and "Not quite" in quiz.feedback.value
    assert quiz.check_button.disabled and not quiz.next_button.disabled
    assert quiz.answer(legal.answer)  # right after a wrong answer: shown, not counted
    assert quiz.score == 0
    quiz.next_button.click()

    assert quiz.current is score and quiz.number.layout.display != "none"
    assert quiz.choices.layout.display == "none"
    quiz.number.value = int(score.answer)
    quiz.check_button.click()
    assert quiz.score == 1 and "Right." in quiz.feedback.value
    assert score.explanation.split(":")[0] in quiz.feedback.value
    quiz.next()

    assert quiz.answer(nxt.choices.index(nxt.answer) + 1)  # a choice's number works too
    quiz.next()
    assert quiz.over and "Score: 2 of 3" in quiz.progress.value
    assert quiz.check_button.disabled and quiz.next_button.disabled
    with pytest.raises(ValueError, match="quiz is over"):
        quiz.answer("1")


def test_the_table_is_the_asked_seats_view():
    quiz = Quiz(QUIZ)
    src = quiz.table.value.split("base64,", 1)[1].split('"', 1)[0]
    assert base64.b64decode(src).decode() == QUIZ[0].svg()
    assert QUIZ[0].svg() == QUIZ[0].open().state.svg(QUIZ[0].seat)


def test_an_empty_quiz_is_refused():
    with pytest.raises(ValueError, match="at least one exercise"):
        Quiz(())


def test_the_app_deals_the_quiz_its_bar_asks_for():
    app = QuizApp("traintopia", kind="score", seed=4, count=2)
    assert app.quiz.exercises == sandbox.exercises("traintopia", kind="score", count=2, seed=4)
    app.game_control.value = "isle_of_trains"
    app.kind_control.value = "legal"
    app.seed_control.value = 9
    app.new_button.click()
    assert app.quiz.exercises == sandbox.exercises("isle_of_trains", kind="legal", count=2, seed=9)
    assert app.children[1] is app.quiz and app.quiz.score == 0
