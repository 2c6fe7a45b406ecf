/* files.h: paths asked about and input files read whole (files.c). */
#ifndef LSMGEN_FILES_H
#define LSMGEN_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* Read a whole regular file; on failure report an error for path and return NULL. */
char *read_file(const char *path, size_t *len);
/* Inputs are kernel sources and configurations: anything bigger is refused. */
#define MAX_INPUT_BYTES (16u << 20)
/* True if path names something (stat succeeds); a directory. */
bool path_exists(const char *path);
bool path_is_directory(const char *path);
/* True if path is a regular file. */
bool path_is_file(const char *path);
/* The last component of a path, without directories. */
const char *path_base(const char *path);

#endif
