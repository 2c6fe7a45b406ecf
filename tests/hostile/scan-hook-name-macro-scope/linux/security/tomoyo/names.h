/* A header of the mock LSM: a hook name through a macro, defined before the list. */
#ifndef TOMOYO_NAMES_H
#define TOMOYO_NAMES_H
#define OPEN_TWICE file_open
#endif
