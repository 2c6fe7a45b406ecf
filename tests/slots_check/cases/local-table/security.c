/*
 * The table and its registrations in one file, the table static: the compiler may
 * relocate against the section's symbol plus an offset rather than the table's name.
 */
#define TABLE_STATIC
#include "shapes.h"

SLOT(file_open, 0) SLOT(task_free, 0) SLOT(task_free, 1)

static struct lsm_static_calls_table {
	struct lsm_static_call file_open[1];
	struct lsm_static_call task_free[2];
} __packed static_calls_table __ro_after_init = {
	ENTRY(file_open, 0), ENTRY(task_free, 0), ENTRY(task_free, 1),
};

LSM_LIST(selinux, __ro_after_init, LSM_HOOK_INIT(task_free, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback), LSM_HOOK_INIT(task_free, lsm_callback));
