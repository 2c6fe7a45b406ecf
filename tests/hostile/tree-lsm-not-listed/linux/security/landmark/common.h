/* The LSM's name comes from a macro, as Landlock's does (LANDLOCK_NAME in common.h). */
#define LANDMARK_NAME "landmark"
