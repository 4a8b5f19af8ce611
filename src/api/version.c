/* SPDX-License-Identifier: MIT */
/* version.c — the library's version at run time (pc_version), so a program
 * can tell which libpaperconv.so it was loaded with. */
#include "paperconv.h"

const char *pc_version(void) { return PC_VERSION; }
