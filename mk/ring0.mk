# Ring 0 means ring 0 (tests/ring0.py): every public function of kprof.h, each in a thin caller
# generated from the header, compiled with mk/freestanding.flags by gcc and clang at -O0..-O3
# and -Os for -m64 and -m32. The LWP software model (a user-mode producer) is its own object.
TEST_STEPS += freestanding-symbols stack-frames

# `nm -u` lists nothing: no libc, libgcc (__udivdi3), memcpy/memset or libatomic call.
test-freestanding-symbols: need-python
	python3 tests/ring0.py symbols $(BUILD)/ring0

# No frame over 512 bytes (-fstack-usage, gcc and clang), walkers inlined into their caller.
test-stack-frames: need-python
	python3 tests/ring0.py stack $(BUILD)/ring0
