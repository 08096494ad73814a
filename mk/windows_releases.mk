# The HAL by Windows release and listing-check, through the real build/kprof. (The generator's
# `records` section kind that carries the releases is checked by test-gen.)
TEST_STEPS += windows-releases

test-windows-releases: $(BUILD)/kprof | need-python
	$(PY) tests/test_windows_releases.py
