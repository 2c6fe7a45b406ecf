/*
 * A layout randstruct may choose: the table's members in another order than the hook
 * table's, and (SHUFFLE_FIELDS) the fields of each entry and of each hook list
 * reordered (its cflags: for the slot loop too). capget is one short; the hooks beside
 * it have spare slots.
 */
#include "shapes.h"

SLOT(inode_free_security, 0) SLOT(inode_free_security, 1) SLOT(inode_free_security, 2)
SLOT(capget, 0) SLOT(bprm_check, 0) SLOT(bprm_check, 1) SLOT(bprm_check, 2)

struct lsm_static_calls_table {
	struct lsm_static_call inode_free_security[3];
	struct lsm_static_call capget[1];
	struct lsm_static_call bprm_check[3];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(bprm_check, 2), ENTRY(capget, 0), ENTRY(inode_free_security, 1),
	ENTRY(bprm_check, 0), ENTRY(inode_free_security, 0), ENTRY(bprm_check, 1),
	ENTRY(inode_free_security, 2),
};

LSM_LIST(capability, __ro_after_init, LSM_HOOK_INIT(capget, lsm_callback));
LSM_LIST(selinux, __ro_after_init, LSM_HOOK_INIT(capget, lsm_callback),
	 LSM_HOOK_INIT(bprm_check, lsm_callback));
