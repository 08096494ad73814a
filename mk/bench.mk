# Benchmarks against peers and the hardware limit. `make bench` prints a table and
# writes bench/results.json; the test step bench-smoke runs every benchmark at a tiny size and
# checks the results are complete and well formed (never the numbers).
DEPS += libpfm4-dev libck-dev binutils gperf valgrind
TEST_STEPS += bench-smoke

BENCH_CFLAGS := -std=gnu11 -O2 $(WARN) -I. -Ibench -I$(BUILD)/bench
BENCH_PROGS := lookup lwp_drain lwp_concurrent lwp_poll dump_read cpu_groups
BENCH_BINS := $(addprefix $(BUILD)/bench/,$(BENCH_PROGS))
LDLIBS_bench_lookup := -lpfm
LDLIBS_bench_lwp_concurrent := -lck -lpthread
LDLIBS_bench_lwp_poll := -lpthread

.PHONY: bench test-bench-smoke
bench: $(BENCH_BINS) $(BUILD)/kprof
	python3 bench/run.py --bin $(BUILD)/bench --kprof $(BUILD)/kprof --out bench/results.json

test-bench-smoke: $(BENCH_BINS) $(BUILD)/kprof
	python3 bench/run.py --bin $(BUILD)/bench --kprof $(BUILD)/kprof --out $(BUILD)/bench/smoke.json --smoke

# The gperf peer of the name lookup, from the same spec.
$(BUILD)/bench/gperf_names.h: bench/gperf_names.py spec/source.yaml gen/kprofgen.py | need-python
	@mkdir -p $(@D)
	$(PY) bench/gperf_names.py $@
$(BUILD)/bench/lookup: $(BUILD)/bench/gperf_names.h

$(BUILD)/bench/%: bench/%.c bench/bench.h kprof.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $< -o $@ $(LDLIBS_bench_$*)

# After a `make bench` worth publishing: put its table and machine into docs/performance.md.
.PHONY: bench-docs
bench-docs:
	python3 bench/run.py --render bench/results.json --readme docs/performance.md
