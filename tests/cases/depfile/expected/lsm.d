@OUT@/lsm_count.h: \
 @SOURCE@/hookdefs/example/lsm_hook_defs.h \
 has\ space.config
