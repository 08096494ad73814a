# Foundation: generator, tables, lookups, select codec (issue 2).
DEPS += libpfm4-dev
TEST_STEPS += gen-check sources

test-gen-check: need-python
	$(PY) gen/kprofgen.py --check

test-sources: $(BUILD)/tests/test_sources
	$<
