/* lsm_hook_defs.h: MAX_LSM_COUNT 0 */
