LSM_HOOK(int, 0, capset, struct cred *new, const struct cred *old)
#ifdef CONFIG_AUDIT
LSM_HOOK(int, 0, audit_rule_init, u32 field, u32 op, char *rulestr, void **lsmrule, gfp_t gfp)
#elif defined(CONFIG_SECURITY_NETWORK) || defined(CONFIG_SECURITY_PATH)
LSM_HOOK(void, LSM_RET_VOID, secmark_refcount_inc, void)
#else
LSM_HOOK(void, LSM_RET_VOID, audit_disabled, void)
#endif
