@OUT@/lsm_count.h: \
 @SOURCE@/hookdefs/example/lsm_hook_defs.h \
 a\:b\#c$$d.config \
 tmpl/lsm_count.h.tmpl \
 tmpl/lsm_static_calls.c.tmpl \
 tmpl/lsm_static_calls.h.tmpl
