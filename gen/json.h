/* json.h: every JSON lsmgen reads or writes (json*.c, the only users of jansson). */
#ifndef LSMGEN_JSON_H
#define LSMGEN_JSON_H

#include "diff.h"
#include "model.h"
#include "policy.h"
#include "impls.h"

/* Read an LSM list ({"gate": ..., "lsms": [{"name", "kconfig"}...]}) from text. */
bool json_read_lsm_list(struct lsm_list *list, const char *source, const char *text,
			size_t len);
/* The hooks of m as {"hooks": [...]}, or the whole manifest; newline-terminated. */
char *json_model(const struct model *m, bool manifest);
/* Read a policies file ({"hooks": {NAME: {"policy", "any_if_zero"}}}) into plain rules. */
bool json_read_policies(struct policy_list *out, const char *source, const char *text,
			size_t len);
/*
 * Read an implementer list in the schema of lsm_hook_impls.json: {"<tree>": {"<lsm>":
 * {"kconfig", "files": [{"file", "build_condition"}], "hooks": [{"name", "function",
 * "guard", "file"}], "all_hooks", "extra"}}}; tree picks the top-level key (NULL: the only one).
 */
bool json_read_impls(struct impls *im, const char *source, const char *text, size_t len,
		     const char *tree);
/* An implementer list as JSON in the same schema, under the tree key "scan". */
char *json_impls(const struct impls *im);
/* Read a manifest written by generate --manifest back into a model; report errors. */
bool json_read_manifest(struct model *m, const char *path, const char *text, size_t len);
/* A diff as a JSON object, newline-terminated. */
char *json_diff(const struct model_diff *d, bool equal);
/* Stats as a JSON object, newline-terminated. */
char *json_stats(const struct stats *st);
/* The jansson version lsmgen was built with. */
const char *json_version(void);

#endif
