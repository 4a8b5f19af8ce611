/* SPDX-License-Identifier: MIT */
/* version.c — the library's version at run time (pc_version,
 * pc_version_number), so a program can tell which libpaperconv.so it was
 * loaded with, and the names of the statuses. */
#include "paperconv.h"

const char *pc_version(void) { return PC_VERSION; }

int pc_version_number(void) { return PC_VERSION_NUMBER; }

static const char *const status_names[] = {
    [PC_OK] = "ok",
    [PC_END] = "end",
    [PC_SKIPPED] = "skipped",
    [PC_ERR_INPUT] = "bad input",
    [PC_ERR_USAGE] = "bad usage",
    [PC_ERR_IO] = "input/output error",
    [PC_ERR_NOMEM] = "out of memory",
};

const char *pc_status_string(pc_status st)
{
    if ((unsigned)st < sizeof status_names / sizeof *status_names && status_names[st])
        return status_names[st];
    return "unknown status";
}
