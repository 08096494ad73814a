# The kprof command: built from kprof.h alone.
$(BUILD)/kprof: cli/kprof.c kprof.h
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 $(WARN) -I. $< -o $@
