@OUT@/lsm_count.h: \
 build/.config \
 linux/include/linux/lsm_count.h \
 linux/include/linux/lsm_hook_defs.h
