/* config.h: a Kconfig configuration read from .config, auto.conf or autoconf.h. */
#ifndef LSMGEN_CONFIG_H
#define LSMGEN_CONFIG_H

#include <stdbool.h>

#include "buf.h"

/* The value of a symbol as Kconfig wrote it; UNSET also covers "=n" and "is not set". */
enum cfg_kind {
	CFG_UNSET,
	CFG_Y,
	CFG_M,
	CFG_STRING,
	CFG_NUMBER,
};

/* The file formats lsmgen recognises, by their content. */
enum cfg_format {
	CFG_DOT_CONFIG,
	CFG_AUTO_CONF,
	CFG_AUTOCONF_H,
};

struct config;

/* Read a configuration file; on failure report errors and return NULL. */
struct config *config_read(const char *path);
/* Parse configuration text named path in messages; on failure report and return NULL. */
struct config *config_parse(const char *path, const char *text, size_t len);
/* A configuration that sets nothing (for --all-configs, which reads none). */
struct config *config_none(void);
/* Free a configuration. */
void config_free(struct config *cfg);
/* IS_ENABLED(sym): true for y and m. */
bool config_is_enabled(const struct config *cfg, const char *sym);
/* #ifdef sym: true for y, strings and numbers, never for m. */
bool config_is_defined(const struct config *cfg, const char *sym);
/* How sym reads in a .config: "y", "m", a number, a quoted string, or "is not set". */
char *config_describe(const struct config *cfg, const char *sym);
/* Append the #defines the kernel's autoconf.h would hold for this configuration. */
void config_defines(const struct config *cfg, struct buf *out);

#endif
