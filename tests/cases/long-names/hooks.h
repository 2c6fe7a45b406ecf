/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names as long as the kernel's longest (xfrm_policy_alloc_security) and longer: the
 * dispatcher's parameters cannot align with its parenthesis on the name's line, so the
 * return type goes on a line of its own (checkpatch --strict accepts only that).
 */
LSM_HOOK(int, 0, xfrm_policy_alloc_security, struct xfrm_sec_ctx **ctxp,
	 struct xfrm_user_sec_ctx *sec_ctx, gfp_t gfp)
LSM_HOOK(void, LSM_RET_VOID, inode_post_remove_acl, struct mnt_idmap *idmap,
	 struct dentry *dentry, const char *acl_name)
LSM_HOOK(int, 0, short_name, int a)
