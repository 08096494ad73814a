/* kprof ds-decode and kprof sources-decode: decode a BTS/PEBS buffer or a PROFILE_SOURCE_INFO
 * chain from a file. Exit status 0 ok, 2 bad usage or bad input (message on stderr). */
#ifndef KPROF_CMD_DS_H
#define KPROF_CMD_DS_H
int kprof_cmd_ds_decode(int argc, char **argv);
int kprof_cmd_sources_decode(int argc, char **argv);
#endif
