# Foundation: generator, tables, lookups, select codec (issue 2).
# gcc-12-multilib/g++-12-multilib (not gcc-multilib, which conflicts with the cross gccs): -m32 builds; mingw-w64: ddk/wdm.h and windows.h; libwine-dev: Wine's
# winternl.h (include/wine/wine/windows).
DEPS += libpfm4-dev gcc-12-multilib g++-12-multilib mingw-w64 libwine-dev
TEST_STEPS += gen-check sections gen sources seeds listings libpfm4 matrix

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

$(BUILD)/tests/libpfm4_pmus.tsv: spec/sources.yaml tests/spec_rows.py | need-python
	@mkdir -p $(@D)
	$(PY) tests/spec_rows.py --libpfm4-pmus $< > $@.tmp && mv $@.tmp $@

test-libpfm4: $(BUILD)/tests/test_libpfm4 $(BUILD)/tests/spec_rows.tsv $(BUILD)/tests/libpfm4_pmus.tsv
	$< $(BUILD)/tests/spec_rows.tsv $(BUILD)/tests/libpfm4_pmus.tsv

# Each kind of bad spec gives its own file:line:entry error and leaves kprof.h untouched.
test-gen: need-python
	$(PY) tests/test_gen.py

# gcc/clang x C99..C2x/C++11..C++20 x x86-64/i386, KPROF_NO_NAMES, coexistence with the
# platform headers that define KPROFILE_SOURCE.
test-matrix:
	tests/compile_matrix.sh $(BUILD)

test-sections:
	tests/sections.sh $(BUILD)/sections
