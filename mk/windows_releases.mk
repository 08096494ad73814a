# The HAL by Windows release and listing-check (issue 20): through the real build/kprof.
TEST_STEPS += windows-releases

test-windows-releases: $(BUILD)/kprof
	python3 tests/test_windows_releases.py
