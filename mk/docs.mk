# The documentation is executable (tests/doc_blocks.py, convention in docs/testing.md): every
# C block of README.md and docs/*.md is compiled by gcc and clang with -Wall -Wextra -Werror
# (C++ too where marked), and run when it has a main().
TEST_STEPS += doc-blocks

test-doc-blocks:
	python3 tests/doc_blocks.py $(BUILD)/doc-blocks

# docs/testing.md's table of steps is the list make test runs (tests/test_docs_steps.py).
TEST_STEPS += docs-steps
test-docs-steps:
	STEPS="$(TEST_STEPS)" python3 tests/test_docs_steps.py
