/* The table, shared by the files of this case. */
#include "shapes.h"

struct lsm_static_calls_table {
	struct lsm_static_call sem_associate[2];
	struct lsm_static_call sem_free_security[2];
	struct lsm_static_call task_free[1];
} __packed;
