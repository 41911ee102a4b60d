"""The reference answers of the graded exercises: what the learner's methods must return.

Only the teacher's side imports them: each exercise's grader (through
:func:`jaliz_learn.exercises.practice.teacher_answers`) and the generator of the learner package's practice answers
(:mod:`jaliz_learn_teacher.practice`). They are never in a learner's install, and a notebook graded in its sandbox
cannot read this package in any confining isolation mode (:data:`jaliz_learn.grading.isolation.GRADER_ONLY`).
"""
