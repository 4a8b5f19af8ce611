/* SPDX-License-Identifier: MIT */
/* messages.c — what paperconv says on stderr: each diagnostic as a GNU-style
 * line ("paperconv: FILE:LINE:COL: error: ..."), the command line's own
 * messages, and the -v summary. */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const severity_names[] = {
    [PC_SEV_NONE] = "",
    [PC_SEV_NOTE] = "note",
    [PC_SEV_WARNING] = "warning",
    [PC_SEV_ERROR] = "error",
};

/* "PROG: [FILE[:LINE[:COL]]: ]SEVERITY: " */
static void prefix(pc_cli *c, const char *file, unsigned long line, unsigned long col,
                   pc_severity sev)
{
    pc_cli_progress_pause(&c->meter);
    fprintf(stderr, "%s: ", c->prog);
    if (file) {
        fputs(file, stderr);
        if (line) {
            fprintf(stderr, ":%lu", line);
            if (col)
                fprintf(stderr, ":%lu", col);
        }
        fputs(": ", stderr);
    }
    fprintf(stderr, "%s: ", severity_names[sev]);
}

/* Says how many errors the cap hid in the current input, if any. */
static void cap_flush(pc_cli *c)
{
    if (!c->cap.hidden)
        return;
    prefix(c, c->cap.file, 0, 0, PC_SEV_NOTE);
    fprintf(stderr, "\u2026 and %lu more error%s like these (-v shows every one)\n", c->cap.hidden,
            c->cap.hidden == 1 ? "" : "s");
    c->cap.hidden = 0;
}

/* True when d is an error the cap hides (it is then counted). */
static bool capped(pc_cli *c, const pc_diag *d)
{
    bool same = c->cap.file && d->file && strcmp(c->cap.file, d->file) == 0;
    if (!same || !d->line)
        cap_flush(c);
    if (c->verbose >= 1 || d->severity != PC_SEV_ERROR || !d->line || !d->file)
        return false;
    if (!same) {
        free(c->cap.file);
        c->cap.file = strdup(d->file); /* out of memory: no cap, every error shown */
        c->cap.shown = 0;
        if (!c->cap.file)
            return false;
    }
    if (c->cap.shown < PC_CLI_ERROR_CAP) {
        c->cap.shown++;
        return false;
    }
    c->cap.hidden++;
    return true;
}

void pc_cli_diag_end(pc_cli *c)
{
    cap_flush(c);
    free(c->cap.file);
    c->cap.file = NULL;
}

void pc_cli_print_diag(void *user, const pc_diag *d)
{
    pc_cli *c = user;
    if (d->severity == PC_SEV_NOTE && c->verbose < 1)
        return;
    if (d->severity == PC_SEV_WARNING && c->quiet)
        return;
    if (capped(c, d))
        return;
    prefix(c, d->file, d->line, d->col, d->severity);
    fprintf(stderr, "%s\n", d->message);
}

void pc_cli_say(pc_cli *c, const char *file, pc_severity sev, const char *fmt, ...)
{
    if (sev == PC_SEV_WARNING && c->quiet)
        return;
    prefix(c, file, 0, 0, sev);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void pc_cli_summary(pc_cli *c)
{
    if (!c->verbose)
        return;
    const pc_converter *v = c->conv;
    pc_cli_progress_pause(&c->meter);
    fprintf(stderr, "%s: %lu record(s) read, %lu written, %lu skipped; %lu warning(s), %lu error(s)\n",
            c->prog, pc_converter_count(v, PC_COUNT_READ), pc_converter_count(v, PC_COUNT_WRITTEN),
            pc_converter_count(v, PC_COUNT_SKIPPED), pc_converter_count(v, PC_COUNT_WARNINGS),
            pc_converter_count(v, PC_COUNT_ERRORS));
    unsigned long failed = pc_converter_count(v, PC_COUNT_INPUTS_FAILED);
    if (failed)
        fprintf(stderr, "%s: %lu input(s) could not be read\n", c->prog, failed);
    const char *fmt, *field;
    unsigned long n;
    for (size_t i = 0; pc_converter_drop(v, i, &fmt, &field, &n) == PC_OK; i++)
        pc_cli_say(c, NULL, PC_SEV_NOTE, "%s has no place for %s: dropped from %lu record(s)", fmt,
                   field, n);
}
