/* A registration that points at slot 1 of its hook, not at its array: not understood. */
#include "shapes.h"

SLOT(file_open, 0) SLOT(file_open, 1)

struct lsm_static_calls_table {
	struct lsm_static_call file_open[2];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(file_open, 0), ENTRY(file_open, 1),
};

static struct security_hook_list odd_hooks[] __ro_after_init = {
	{ .scalls = &static_calls_table.file_open[1], .nslots = 2, .hook = lsm_callback },
};
static const struct lsm_list odd_list = { odd_hooks, 1, "odd" };
const struct lsm_list *const odd_entry __section("lsm_lists")
	__attribute__((__used__, __aligned__(sizeof(void *)))) = &odd_list;
