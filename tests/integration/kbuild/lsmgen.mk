# lsmgen.mk: generate security/lsm/ from include/linux/lsm_hook_defs.h and .config, the
# Kbuild way: rerun when the command line changes (if_changed) or when any file lsmgen
# read changes (its depfile), and let dependents rebuild only when an output's content
# changed (lsmgen leaves unchanged files untouched; the stamp records the run).
#
# Use from a Makefile with: LSMGEN, srctree and objtree set; then include this file and
# make security.o depend on $(lsm-out)/lsm_static_calls.c and the two headers.

lsm-out := $(objtree)/security/lsm
lsm-stamp := $(lsm-out)/.lsmgen.stamp
lsm-depfile := $(lsm-out)/.lsmgen.d
lsm-cmdfile := $(lsm-out)/.lsmgen.cmd

quiet_cmd_lsmgen = LSMGEN  $(lsm-out)
      cmd_lsmgen = $(LSMGEN) generate --kernel $(srctree) -O $(objtree) -o $(lsm-out) \
		   --depfile $(lsm-depfile) --depfile-target $(lsm-stamp)

# if_changed, in small: the stamp is out of date when the saved command differs.
-include $(lsm-cmdfile)
lsm-cmd-changed = $(if $(subst x$(savedcmd_lsmgen),,x$(cmd_lsmgen))$(subst x$(cmd_lsmgen),,x$(savedcmd_lsmgen)),FORCE)

-include $(lsm-depfile)

$(lsm-stamp): $(LSMGEN) $(lsm-cmd-changed)
	@echo '  $(quiet_cmd_lsmgen)'
	@$(cmd_lsmgen)
	@echo 'savedcmd_lsmgen := $(cmd_lsmgen)' > $(lsm-cmdfile)
	@touch $@

# The outputs change only when their content does; make re-reads their mtimes after
# this empty recipe, so dependents of an unchanged output are not rebuilt.
$(lsm-out)/lsm_count.h $(lsm-out)/lsm_static_calls.h $(lsm-out)/lsm_static_calls.c: $(lsm-stamp) ;

FORCE:
.PHONY: FORCE
