/* embedded.h: data files built into lsmgen (templates, default LSM list) by gen/embed.c. */
#ifndef LSMGEN_EMBEDDED_H
#define LSMGEN_EMBEDDED_H

#include <stddef.h>

struct embedded_file {
	const char *name;	/* "lsm_count.h" for templates/lsm_count.h.tmpl, "lsms.json" */
	const char *data;
	size_t len;
};

/* The built-in file of that name, or NULL. */
const struct embedded_file *embedded_find(const char *name);

#endif
