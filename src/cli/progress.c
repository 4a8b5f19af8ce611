/* SPDX-License-Identifier: MIT */
/* progress.c — the progress line on stderr for long runs:
 * "paperconv: 120000 records, 512.0 MB, 85.3 MB/s, 12%, 0:52 left".
 *
 * On a terminal it is one line redrawn in place at most 4 times a second,
 * shown once the input is over 50 MB (unless the output goes to the same
 * screen), and ended by the last state; with
 * --progress and stderr not a terminal (a log file) it is a plain line at
 * most once a second.  Never shown in pipes or logs unless asked. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PC_PROGRESS_MIN_BYTES (50ULL * 1000 * 1000)

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "records, MB, MB/s[, percent, time left]" into buf. */
static void describe(char *buf, size_t size, const pc_progress *p, double secs)
{
    double mb = (double)p->bytes / 1e6;
    int k = snprintf(buf, size, "%lu record%s, %.1f MB", p->records, p->records == 1 ? "" : "s", mb);
    if (k > 0 && (size_t)k < size && secs >= 0.01)
        k += snprintf(buf + k, size - (size_t)k, ", %.1f MB/s", mb / secs);
    if (k > 0 && (size_t)k < size && p->total && p->bytes <= p->total) {
        k += snprintf(buf + k, size - (size_t)k, ", %d%%", (int)(100.0 * (double)p->bytes / (double)p->total));
        if (!p->done && p->bytes && secs >= 0.01 && (size_t)k < size) {
            unsigned long left = (unsigned long)(secs * (double)(p->total - p->bytes) / (double)p->bytes);
            if (left >= 3600)
                snprintf(buf + k, size - (size_t)k, ", %lu:%02lu:%02lu left", left / 3600,
                         left / 60 % 60, left % 60);
            else
                snprintf(buf + k, size - (size_t)k, ", %lu:%02lu left", left / 60, left % 60);
        }
    }
}

/* The hook pc_convert calls (user = the meter). */
static void on_progress(void *user, const pc_progress *p)
{
    pc_cli_meter *m = user;
    double t = now_seconds();
    bool big = p->bytes >= PC_PROGRESS_MIN_BYTES || p->total >= PC_PROGRESS_MIN_BYTES;
    bool drawn_before = m->last > 0;
    if (!m->forced && !big && !drawn_before)
        return;
    if (p->done ? !(drawn_before || m->forced) : t - m->last < (m->tty ? 0.25 : 1.0))
        return;
    m->last = t;
    char line[160];
    describe(line, sizeof line, p, t - m->start);
    if (m->tty) {
        fprintf(stderr, "\r%s: %s\033[K%s", m->prog, line, p->done ? "\n" : "");
        m->open = !p->done;
    } else {
        fprintf(stderr, "%s: %s\n", m->prog, line);
    }
    fflush(stderr);
}

void pc_cli_progress_pause(pc_cli_meter *m)
{
    if (m->open) {
        fputs("\r\033[K", stderr);
        m->open = false;
    }
}

void pc_cli_progress_start(pc_cli *c)
{
    pc_cli_meter *m = &c->meter;
    const char *term = getenv("TERM");
    m->prog = c->prog;
    m->tty = isatty(STDERR_FILENO) && !(term && strcmp(term, "dumb") == 0);
    m->forced = c->progress == PC_PROGRESS_ON;
    /* by default, not when the records themselves scroll by on the terminal */
    bool to_screen = (!c->out_path || strcmp(c->out_path, "-") == 0) && isatty(STDOUT_FILENO);
    if (c->progress == PC_PROGRESS_OFF || (!m->forced && (!m->tty || to_screen)))
        return;
    m->start = now_seconds();
    m->last = 0;
    pc_converter_set_progress(c->conv, on_progress, m);
}
