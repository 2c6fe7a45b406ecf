/* Two hooks, enough to show 32 slots each. */
LSM_HOOK(int, -EOPNOTSUPP, inode_getsecurity, struct inode *inode, const char *name,
	 void **buffer, bool alloc)
LSM_HOOK(void, LSM_RET_VOID, sb_free_security, struct super_block *sb)
