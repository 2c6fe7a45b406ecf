@OUT@/lsm_count.h: \
 ../../../hookdefs/example/lsm_hook_defs.h \
 has\ space.config
