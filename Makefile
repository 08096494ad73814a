# kprof - `make run` reports on this machine; `make test` runs every test (installing what it
# needs from Debian first). See README.md.
SHELL := /bin/bash
PY := $(shell tools/find-python)
SHARED ?= $(abspath ../shared)
export KPROF_SHARED := $(SHARED)
BUILD := build
WARN := -Wall -Wextra -Wpedantic -Werror
CFLAGS_TEST := -std=c99 -O1 -g $(WARN) -I. -Itests
# Debian packages the build and the tests need; mk/*.mk add theirs.
DEPS := python3-jinja2 python3-yaml clang clang-format make gcc g++
# Test steps, each a target test-<step>; mk/*.mk add theirs. Order is the run order.
TEST_STEPS :=

.PHONY: all gen check-gen deps test test-all run clean need-python
all: $(BUILD)/kprof

# The foundation's steps run first, then each area's in name order.
include mk/core.mk $(filter-out mk/core.mk,$(sort $(wildcard mk/*.mk)))

need-python:
	@test -n "$(PY)" || { echo "no python3 with jinja2 and yaml: run 'make deps' (installs python3-jinja2 python3-yaml)"; exit 1; }

# Regenerate kprof.h (and docs/) from spec/ and gen/. A bad spec leaves them untouched.
gen: need-python
	$(PY) gen/kprofgen.py

# Fail when the committed kprof.h or docs differ from a fresh generation.
check-gen: need-python
	$(PY) gen/kprofgen.py --check

deps:
	@tools/install-deps.sh $(sort $(DEPS))

test: deps
	@$(MAKE) --no-print-directory test-all

test-all:
	@python3 tests/harness.py $(TEST_STEPS)

run: $(BUILD)/kprof
	$(BUILD)/kprof info

clean:
	rm -rf $(BUILD)

# Every tests/test_*.c is a C test program linked against nothing but libc (and
# LDLIBS_<name> where a mk file sets one).
$(BUILD)/tests/%: tests/%.c kprof.h tests/kprof_test.h tests/own_cpuid.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_TEST) $(CFLAGS_$*) $< -o $@ $(LDLIBS_$*)
