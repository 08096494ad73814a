# Drop-in proof: every compiler, standard, target and environment kprof.h is
# included from. Each step builds with the strictest warnings as errors and runs what it built.
#
# Debian's gcc-multilib (-m32) conflicts with every cross gcc (gcc-12-aarch64-linux-gnu,
# gcc-12-s390x-linux-gnu): apt removes one for the other. So the cross targets are built with
# the cross gcc when it happens to be installed and otherwise with clang --target over the
# conflict-free cross libc, libgcc and binutils below.
DEPS += gcc-12-multilib g++-12-multilib tcc \
	libc6-dev-arm64-cross libgcc-12-dev-arm64-cross binutils-aarch64-linux-gnu \
	libc6-dev-s390x-cross libgcc-12-dev-s390x-cross binutils-s390x-linux-gnu qemu-user \
	gcc-mingw-w64-x86-64 gcc-mingw-w64-i686 wine wine64 \
	linux-headers-amd64 linux-image-amd64 sparse busybox-static cpio qemu-system-x86 \
	cmake pkg-config man-db
TEST_STEPS += dropin-matrix dropin-windows dropin-bigendian dropin-kmod dropin-install

DROPIN := $(BUILD)/dropin

.PHONY: test-dropin-matrix test-dropin-windows test-dropin-bigendian test-dropin-kmod test-dropin-install kmod

# gcc and clang as C99..C2x and C++11/17/20, -m32 and -m64, tcc, aarch64 (run under
# qemu-user), two translation units per program, every run's output compared.
test-dropin-matrix:
	python3 tests/dropin/matrix.py $(DROPIN)/matrix

# examples/kmod with kbuild + sparse against Debian's kernel headers, then booted in
# qemu-system-x86_64 (TCG) with an Intel and an AMD CPU model; the console is checked.
test-dropin-kmod:
	python3 tests/kernel/boot.py $(DROPIN)/kernel

# Build the example module for the running kernel (or KDIR=...).
kmod:
	$(MAKE) -C examples/kmod KPROF_DIR=$(CURDIR)

# mingw-w64 x86-64/i686 builds of the tests, the matrix and the command, run under Wine and
# compared with the Linux builds; kprof.h after the DDK and SDK headers; clang in MSVC mode.
# i686 programs run when wine32 is installed (it needs i386 multiarch; see docs/install.md).
test-dropin-windows: $(BUILD)/tests/spec_names.tsv
	python3 tests/dropin/windows.py $(DROPIN)/windows $(BUILD)/tests/spec_names.tsv

# Big-endian host: every C test and the matrix built for s390x and run under qemu-user.
test-dropin-bigendian: $(BUILD)/tests/spec_names.tsv
	python3 tests/dropin/bigendian.py $(DROPIN)/bigendian $(BUILD)/tests/spec_names.tsv
