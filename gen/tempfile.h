/* tempfile.h: temporary files removed by any terminating signal, written whole. */
#ifndef LSMGEN_TEMPFILE_H
#define LSMGEN_TEMPFILE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/* A temporary file (or directory) to remove if a signal ends the run; path stays owned
 * by the caller, who calls tempfile_forget() before freeing it. */
void tempfile_add(char *path);
void tempfile_forget(const char *path);
/* Hold the terminating signals off (hold true, saving the mask in *old), or restore *old. */
void tempfile_hold_signals(bool hold, sigset_t *old);
/* Write all of text to fd, through short writes and EINTR. */
bool tempfile_write_fd(int fd, const char *text, size_t len);
/* True if path is a regular file holding exactly text. */
bool tempfile_same_content(const char *path, const char *text, size_t len);

#endif
