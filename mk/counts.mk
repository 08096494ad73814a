# What each profile source's select counts per processor class (spec/counts.yaml): the spec
# against libpfm4's tables (through its API), the command against the spec, every dump, and
# the README's headline numbers. libpfm4-dev: the tables; python3-yaml: the spec;
# python3-jsonschema: the --json outputs against docs/schema.
DEPS += libpfm4-dev python3-yaml python3-jsonschema
TEST_STEPS += counts-api counts

LDLIBS_pfm_list := -lpfm
$(BUILD)/tests/pfm_list: tests/pfm_list.c
	@mkdir -p $(@D)
	$(CC) -std=c99 -O1 $(WARN) $< -o $@ $(LDLIBS_pfm_list)

CFLAGS_test_counts := -fsanitize=address,undefined -fno-sanitize-recover=all
test-counts-api: $(BUILD)/tests/test_counts
	$<

test-counts: $(BUILD)/kprof $(BUILD)/tests/pfm_list | need-python
	$(PY) tests/test_counts.py
