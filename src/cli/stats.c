/* SPDX-License-Identifier: MIT */
/* stats.c — --stats=json[=FILE] and --merge-stats: what a run did, as one
 * JSON object (jansson) on stderr or in FILE, for a cluster run whose
 * chunks each report theirs, and the sum of several such objects.
 *
 *   {"paperconv-stats": 1, "runs": 1,
 *    "records": {"read": N, "written": N, "skipped": N, "merged": N},
 *    "inputs-failed": N, "bytes-in": N, "seconds": S,
 *    "warnings": {"total": N, "by-kind": {"KIND": N, ...}},
 *    "errors": {"total": N, "by-kind": {...}}}
 *
 * A diagnostic's kind is its message with its values as "…" and its
 * numbers as N, up to a place or a detail ("cannot read the date \"…\"",
 * "citation key \"…\" is taken by the record"): the words a message always
 * has, so that kinds add up over chunks.  bytes-in counts the inputs' bytes as read (decompressed).
 * Merging sums every number and every kind (seconds too: the work's time,
 * not the wall clock's).  Keys come out sorted: the same counts, the same
 * bytes. */
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct pc_cli_stats {
    const char *path; /* FILE, or NULL: stderr */
    json_t *kinds[2]; /* warnings, errors: kind -> count */
    double start;
};

/* The counters of "records", each a row. */
static const struct {
    const char *name;
    pc_counter counter; /* PC_COUNT_NONE: none yet, 0 */
} record_rows[] = {
    {"read", PC_COUNT_READ},
    {"written", PC_COUNT_WRITTEN},
    {"skipped", PC_COUNT_SKIPPED},
    {"merged", PC_COUNT_MERGED}, /* records merged into an earlier one (--dedupe) */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int pc_cli_stats_option(pc_cli *c, const char *arg)
{
    if (arg && strcmp(arg, "json") != 0 && strncmp(arg, "json=", 5) != 0)
        return -2;
    if (arg && arg[4] == '=' && !arg[5])
        return -2;
    if (!c->stats && !(c->stats = malloc(sizeof *c->stats))) {
        fprintf(stderr, "%s: out of memory\n", c->prog);
        abort();
    }
    c->stats->path = arg && arg[4] == '=' ? arg + 5 : NULL;
    c->stats->kinds[0] = c->stats->kinds[1] = NULL;
    c->stats->start = now();
    return -1;
}

/* The kind of a message: its words with each quoted value as "…" and
 * each number as N, up to where a place or a detail starts (" at ", ";",
 * " ("): the same for every record, so kinds add up over chunks. */
static void kind_of(const char *msg, char *buf, size_t cap)
{
    size_t n = 0;
    for (const char *p = msg; *p && n + 8 < cap; p++) {
        if (!strncmp(p, " at ", 4) || *p == ';' || !strncmp(p, " (", 2))
            break;
        if (*p == '"' && strchr(p + 1, '"')) {
            p = strchr(p + 1, '"');
            n += (size_t)snprintf(buf + n, cap - n, "\"\xe2\x80\xa6\"");
        } else if (*p >= '0' && *p <= '9') {
            while (p[1] >= '0' && p[1] <= '9')
                p++;
            buf[n++] = 'N';
        } else {
            buf[n++] = *p;
        }
    }
    while (n > 0 && strchr(" ,:.-", buf[n - 1]))
        n--;
    buf[n] = '\0';
    if (!n)
        snprintf(buf, cap, "other");
}

void pc_cli_stats_diag(void *user, const pc_diag *d)
{
    pc_cli *c = user;
    pc_cli_print_diag(user, d);
    if (!c->stats || (d->severity != PC_SEV_WARNING && d->severity != PC_SEV_ERROR))
        return;
    json_t **kinds = &c->stats->kinds[d->severity == PC_SEV_ERROR];
    if (!*kinds)
        *kinds = json_object();
    char kind[128];
    kind_of(d->message, kind, sizeof kind);
    json_t *n = json_object_get(*kinds, kind);
    json_object_set_new(*kinds, kind, json_integer(n ? json_integer_value(n) + 1 : 1));
}

/* {"total": N, "by-kind": kinds} (kinds taken; NULL: none). */
static json_t *by_kind(unsigned long total, json_t *kinds)
{
    return json_pack("{s:I, s:o}", "total", (json_int_t)total, "by-kind", kinds ? kinds : json_object());
}

/* Dumps j (taken) to path, or stderr; false when it cannot be written
 * (said). */
static bool dump(pc_cli *c, json_t *j, const char *path)
{
    FILE *f = path ? fopen(path, "w") : stderr;
    bool ok = f && json_dumpf(j, f, JSON_INDENT(2) | JSON_SORT_KEYS) == 0 && fputc('\n', f) != EOF;
    if (path && f && fclose(f) != 0)
        ok = false;
    json_decref(j);
    if (!ok)
        pc_cli_say(c, path ? path : "<stderr>", PC_SEV_ERROR, "cannot write the stats: %s", strerror(errno));
    return ok;
}

pc_exit pc_cli_stats_write(pc_cli *c, pc_exit rc)
{
    pc_cli_stats *s = c->stats;
    if (!s)
        return rc;
    const pc_converter *v = c->conv;
    json_t *records = json_object();
    for (size_t i = 0; i < sizeof record_rows / sizeof *record_rows; i++)
        json_object_set_new(records, record_rows[i].name,
                            json_integer((json_int_t)pc_converter_count(v, record_rows[i].counter)));
    json_t *j = json_pack("{s:i, s:i, s:o, s:I, s:I, s:f, s:o, s:o}", "paperconv-stats", 1, "runs", 1,
                          "records", records, "inputs-failed",
                          (json_int_t)pc_converter_count(v, PC_COUNT_INPUTS_FAILED), "bytes-in",
                          (json_int_t)c->meter.bytes, "seconds", now() - s->start, "warnings",
                          by_kind(pc_converter_count(v, PC_COUNT_WARNINGS), s->kinds[0]), "errors",
                          by_kind(pc_converter_count(v, PC_COUNT_ERRORS), s->kinds[1]));
    bool ok = dump(c, j, s->path);
    free(s);
    c->stats = NULL;
    return ok ? rc : PC_EXIT_INPUT;
}

/* ---- --merge-stats ------------------------------------------------------------ */

/* Adds b's numbers into a, member by member (objects recursively); a
 * member only b has is copied.  False (with *what the member) when a
 * member is a number in one and not in the other. */
static bool add_into(json_t *a, json_t *b, const char **what)
{
    const char *key;
    json_t *bv;
    json_object_foreach(b, key, bv) {
        json_t *av = json_object_get(a, key);
        if (!av) {
            json_object_set(a, key, bv);
        } else if (json_is_object(av) && json_is_object(bv)) {
            if (!add_into(av, bv, what))
                return false;
        } else if (json_is_integer(av) && json_is_integer(bv)) {
            json_object_set_new(a, key, json_integer(json_integer_value(av) + json_integer_value(bv)));
        } else if (json_is_number(av) && json_is_number(bv)) {
            json_object_set_new(a, key, json_real(json_number_value(av) + json_number_value(bv)));
        } else {
            *what = key;
            return false;
        }
    }
    return true;
}

int pc_cli_merge_stats(pc_cli *c)
{
    if (c->n_inputs == 0) {
        pc_cli_say(c, NULL, PC_SEV_ERROR, "--merge-stats needs the stats files to merge");
        return PC_EXIT_USAGE;
    }
    json_t *sum = NULL;
    for (size_t i = 0; i < c->n_inputs; i++) {
        const char *path = c->inputs[i];
        json_error_t err;
        json_t *one = strcmp(path, "-") ? json_load_file(path, 0, &err) : json_loadf(stdin, 0, &err);
        const char *what = NULL;
        if (!one || !json_is_object(one) || !json_object_get(one, "paperconv-stats")) {
            if (one)
                pc_cli_say(c, path, PC_SEV_ERROR, "not paperconv --stats=json output");
            else
                fprintf(stderr, "%s: %s:%d:%d: error: %s\n", c->prog, path, err.line, err.column, err.text);
            json_decref(one);
            json_decref(sum);
            return PC_EXIT_INPUT;
        }
        json_object_set_new(one, "paperconv-stats", json_integer(1));
        if (!sum) {
            sum = one;
            continue;
        }
        json_object_del(one, "paperconv-stats");
        bool ok = add_into(sum, one, &what);
        json_decref(one);
        if (!ok) {
            pc_cli_say(c, path, PC_SEV_ERROR, "\"%s\" is not what the other stats have there", what);
            json_decref(sum);
            return PC_EXIT_INPUT;
        }
    }
    bool ok = json_dumpf(sum, stdout, JSON_INDENT(2) | JSON_SORT_KEYS) == 0 && fputc('\n', stdout) != EOF &&
              fflush(stdout) == 0;
    json_decref(sum);
    if (!ok)
        pc_cli_say(c, NULL, PC_SEV_ERROR, "cannot write the output: %s", strerror(errno));
    return ok ? PC_EXIT_OK : PC_EXIT_INPUT;
}
