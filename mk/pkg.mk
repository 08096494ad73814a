# Where kprof's users live (issue 18): a Windows driver that loads, Debian packages, Meson.
DEPS += gcc-mingw-w64-x86-64 clang wine wine64 binutils-mingw-w64-x86-64 linux-headers-amd64 \
	debhelper dpkg-dev fakeroot lintian man-db pkg-config cmake meson ninja-build \
	cpuid python3-yaml
TEST_STEPS += pkg-windows-driver pkg-deb pkg-meson

.PHONY: test-pkg-windows-driver test-pkg-deb test-pkg-meson

# examples/windows-driver built into kprofdrv.sys (mingw-w64 gcc + clang in MSVC mode for the
# __try hook), its PE headers, imports and unwind info read back, then loaded under Wine as a
# kernel service and its DbgPrint output checked (the MSR write faults into the hook) against
# this host's facts (tests/hostfacts.py: Debian cpuid) and `kprof info --json`.
test-pkg-windows-driver: $(BUILD)/kprof
	python3 tests/pkg/windows_driver.py $(BUILD)/pkg/windows-driver

# dpkg-buildpackage on a copy of the tree, lintian, the .debs unpacked with dpkg -x and used
# by pkg-config and CMake consumers.
test-pkg-deb:
	python3 tests/pkg/deb.py $(BUILD)/pkg/deb

# meson.build: dependency('kprof') from an installed prefix (pkg-config) and as a subproject.
test-pkg-meson:
	python3 tests/pkg/meson.py $(BUILD)/pkg/meson
