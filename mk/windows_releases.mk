# The HAL by Windows release and listing-check: through the real build/kprof, and
# the generator's `records` section kind that carries the releases (tests/test_gen_records.py).
TEST_STEPS += windows-releases

test-windows-releases: $(BUILD)/kprof | need-python
	$(PY) tests/test_windows_releases.py
