# Foundation: generator, tables, lookups, select codec (issue 2).
DEPS += libpfm4-dev
TEST_STEPS += gen-check gen sources seeds listings libpfm4

test-gen-check: need-python
	$(PY) gen/kprofgen.py --check

test-sources: $(BUILD)/tests/test_sources
	$<

# The spec's rows as tab-separated text, for C tests that check spec/ itself.
$(BUILD)/tests/spec_rows.tsv: spec/sources.yaml tests/spec_rows.py | need-python
	@mkdir -p $(@D)
	$(PY) tests/spec_rows.py $< > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/test_seeds: tests/spec_rows.h

test-seeds: $(BUILD)/tests/test_seeds $(BUILD)/tests/spec_rows.tsv
	$< $(BUILD)/tests/spec_rows.tsv

test-listings: $(BUILD)/tests/test_listings
	$<

LDLIBS_test_libpfm4 := -lpfm
$(BUILD)/tests/test_libpfm4: tests/spec_rows.h

test-libpfm4: $(BUILD)/tests/test_libpfm4 $(BUILD)/tests/spec_rows.tsv
	$< $(BUILD)/tests/spec_rows.tsv

# Each kind of bad spec gives its own file:line:entry error and leaves kprof.h untouched.
test-gen: need-python
	$(PY) tests/test_gen.py
