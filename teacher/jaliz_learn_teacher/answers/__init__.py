"""The reference answers of the graded exercises: what the learner's methods must return.

Only the grader's process and the learner's own ``check()`` import these modules (each exercise module imports
its answers inside the functions that compare, never at import). A learner's notebook graded in its sandbox
cannot read this folder in any confining isolation mode (:data:`jaliz_learn.grading.isolation.GRADER_ONLY`):
its Landlock rules leave it out and its jail covers it, so a hand-in that returns these answers fails.
"""
