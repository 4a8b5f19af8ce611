/* SPDX-License-Identifier: MIT */
/* harness.h — a tiny unit-test harness (in the spirit of cmark's api_test).
 * Every check prints "ok - ..." or "not ok - ..." for tests/run.sh; main
 * returns non-zero if any failed.  Tables of cases live in tests/data. */
#ifndef PC_HARNESS_H
#define PC_HARNESS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct harness {
    int passed, failed;
    const char *root; /* repository root, argv[1] */
} harness;

static inline void h_result(harness *h, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void h_result(harness *h, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(ok ? "ok - " : "not ok - ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    if (ok)
        h->passed++;
    else
        h->failed++;
}

/* Compares strings (NULL = ""), printing both on failure. */
static inline int h_streq(harness *h, const char *got, const char *want, const char *what,
                          const char *input)
{
    if (!got)
        got = "";
    if (!want)
        want = "";
    int ok = strcmp(got, want) == 0;
    h_result(h, ok, "%s: %s", what, input ? input : "");
    if (!ok)
        printf("#   got:  [%s]\n#   want: [%s]\n", got, want);
    return ok;
}

/* Reads a tab-separated table: calls fn(fields, nfields, lineno) for each
 * line that is not empty or a "#" comment.  Tabs separate fields; a field
 * written "" is the empty string. */
typedef void (*h_row_fn)(harness *h, char **f, int nf, int lineno);

static inline int h_table(harness *h, const char *rel, h_row_fn fn)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", h->root, rel);
    FILE *f = fopen(path, "r");
    if (!f) {
        h_result(h, 0, "cannot open %s", path);
        return 0;
    }
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rows = 0;
    while (getline(&line, &cap, f) > 0) {
        lineno++;
        size_t n = strlen(line);
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (!n || line[0] == '#')
            continue;
        char *fields[16];
        int nf = 0;
        char *p = line;
        for (;;) {
            char *tab = strchr(p, '\t');
            if (nf < 16)
                fields[nf++] = p;
            if (!tab)
                break;
            *tab = '\0';
            p = tab + 1;
        }
        for (int i = 0; i < nf; i++)
            if (strcmp(fields[i], "\"\"") == 0)
                fields[i][0] = '\0';
        fn(h, fields, nf, lineno);
        rows++;
    }
    free(line);
    fclose(f);
    return rows;
}

/* Turns "\n" written in a table cell into a newline, in place. */
static inline void h_unescape_nl(char *s)
{
    char *o = s;
    for (char *p = s; *p; p++) {
        if (p[0] == '\\' && p[1] == 'n') {
            *o++ = '\n';
            p++;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
}

static inline int h_done(harness *h)
{
    fprintf(stderr, "%d passed, %d failed\n", h->passed, h->failed);
    return h->failed ? 1 : 0;
}

#endif
