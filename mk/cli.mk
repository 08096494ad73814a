# The kprof command: built from kprof.h and libc alone, every cli/*.c into one program.
CLI_SRCS := $(sort $(wildcard cli/*.c))
CLI_HDRS := $(wildcard cli/*.h)
CFLAGS_CLI := -std=c99 -O2 $(WARN) -I. -Icli

$(BUILD)/kprof: $(CLI_SRCS) $(CLI_HDRS) kprof.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_CLI) $(CLI_SRCS) -o $@
