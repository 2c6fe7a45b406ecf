/*
 * A hook with no slot as the last member, registered by hand (LSM_HOOK_INIT would not
 * compile): its registration points at the end of the table, through the table's name.
 * Not a hook's slots: not understood, and the build stops.
 */
#include "shapes.h"

SLOT(file_open, 0)

struct lsm_static_calls_table {
	struct lsm_static_call file_open[1];
	struct lsm_static_call task_free[0];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(file_open, 0),
};

LSM_LIST(yama, __ro_after_init,
	 { .scalls = static_calls_table.task_free, .nslots = 0, .hook = lsm_callback });
