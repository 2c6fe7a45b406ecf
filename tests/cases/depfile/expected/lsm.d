@OUT@/lsm_count.h: \
 ../../../hookdefs/example/lsm_hook_defs.h \
 ../ifdef-module/input.config
