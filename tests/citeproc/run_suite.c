/* SPDX-License-Identifier: MIT */
/* run_suite.c — runs the CSL test-suite's fixtures through the library's
 * CSL processor (src/citeproc/citeproc.h) and compares each with its
 * RESULT.
 *
 *   run_suite DIR KNOWN-FAILURES [FILTER]    one line per fixture:
 *       ok - citeproc NAME                    passes
 *       skip - citeproc NAME: known failure: REASON
 *       not ok - citeproc NAME                fails (a diff follows on # lines)
 *       not ok - citeproc NAME passes now ... a known failure passes: prune the list
 *   run_suite --list DIR [FILTER]            NAME<TAB>first differing line, per failure
 *   run_suite --show DIR NAME                 expected and actual output of one fixture
 *
 * A fixture is a file of sections (>>===== MODE =====>> ... <<===== MODE
 * =====<<): MODE (citation or bibliography), RESULT, CSL, INPUT (CSL-JSON
 * items, read with the project's CSL reader, pc_csl_read_item), and
 * optionally CITATION-ITEMS (clusters of cites) or CITATIONS ([citation,
 * pre, post] triples), both read as --citations reads them
 * (pc_refs_cite_json, formats/citeproc/json.c, which says what the triples
 * mean).  Without either, a citation fixture cites every item
 * in one cluster and a bibliography fixture each item once, as
 * jgm/citeproc's runner does.  The bibliography is wrapped in the
 * test-suite's <div class="csl-bib-body"> markup. */
#include "citeproc/citeproc.h"
#include "format.h"
#include "util/buf.h"
#include "csl/csl.h"
#include "citeproc/refs.h" /* pc_refs_cite_json */

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- fixtures -------------------------------------------------------------- */

enum { S_MODE, S_RESULT, S_CSL, S_INPUT, S_CITATION_ITEMS, S_CITATIONS, S_COUNT };
static const char *const section_names[S_COUNT] = {"mode", "result", "csl", "input", "citation-items",
                                                   "citations"};

typedef struct fixture {
    char *name;
    pc_buf sec[S_COUNT];
    bool has[S_COUNT];
} fixture;

static char *read_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    pc_buf b = PC_BUF_INIT;
    char chunk[65536];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        pc_buf_put(&b, chunk, k);
    fclose(f);
    *n = b.len;
    return pc_buf_detach(&b);
}

/* Sections as jgm/citeproc's runner splits them: a line starting with
 * ">>==" opens the section named by its letters and dashes, "<<==" closes
 * it; lines in between joined with "\n". */
static bool fixture_load(const char *path, fixture *fx)
{
    size_t n;
    char *s = read_all(path, &n);
    if (!s)
        return false;
    const char *p = s, *end = s + n;
    if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;
    int cur = -2; /* -2 outside, -1 an unknown section */
    bool first = true;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        size_t ln = (size_t)(le - p);
        if (ln && p[ln - 1] == '\r')
            ln--;
        if (cur == -2 && ln >= 4 && memcmp(p, ">>==", 4) == 0) {
            char name[64];
            size_t k = 0;
            for (size_t i = 0; i < ln && k + 1 < sizeof name; i++) {
                char c = p[i];
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-')
                    name[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
            }
            name[k] = '\0';
            cur = -1;
            for (int i = 0; i < S_COUNT; i++)
                if (strcmp(name, section_names[i]) == 0)
                    cur = i;
            first = true;
        } else if (cur != -2 && ln >= 4 && memcmp(p, "<<==", 4) == 0) {
            if (cur >= 0)
                fx->has[cur] = true;
            cur = -2;
        } else if (cur >= 0) {
            if (!first)
                pc_buf_putc(&fx->sec[cur], '\n');
            pc_buf_put(&fx->sec[cur], p, ln);
            first = false;
        }
        p = nl ? nl + 1 : end;
    }
    free(s);
    return true;
}

static void fixture_free(fixture *fx)
{
    free(fx->name);
    for (int i = 0; i < S_COUNT; i++)
        pc_buf_free(&fx->sec[i]);
}

/* ---- running one --------------------------------------------------------------- */

static void on_diag(void *user, const pc_diag *d)
{
    pc_buf *log = user;
    if (log->len < 4000)
        pc_buf_printf(log, "%s:%lu: %s\n", d->file ? d->file : "", d->line, d->message);
}

/* Without CITATIONS or CITATION-ITEMS: the clusters jgm/citeproc's runner
 * makes, every item in one cluster (citation) or each in its own
 * (bibliography), as JSON for pc_refs_cite_json. */
static json_t *default_clusters(const json_t *input, bool bib)
{
    json_t *all = json_array(), *one = bib ? NULL : json_array();
    for (size_t i = 0; i < json_array_size(input); i++) {
        json_t *cite = json_object();
        json_object_set(cite, "id", json_object_get(json_array_get(input, i), "id"));
        if (bib) {
            json_t *cl = json_array();
            json_array_append_new(cl, cite);
            json_array_append_new(all, cl);
        } else {
            json_array_append_new(one, cite);
        }
    }
    if (!bib)
        json_array_append_new(all, one);
    return all;
}

/* The clusters of fx: CITATIONS (the test-suite's [citation, pre, post]
 * triples) or CITATION-ITEMS (clusters of cites), both read by the
 * --citations reader (pc_refs_cite_json, formats/citeproc/json.c), else
 * default_clusters. */
static void add_clusters(pc_citeproc *cp, pc_ctx *ctx, pc_buf *log, fixture *fx, const json_t *input,
                         bool bib)
{
    int s = fx->has[S_CITATIONS] ? S_CITATIONS : fx->has[S_CITATION_ITEMS] ? S_CITATION_ITEMS : -1;
    json_error_t jerr;
    json_t *c = s >= 0 ? json_loads(fx->sec[s].ptr, 0, &jerr) : default_clusters(input, bib);
    if (c)
        pc_refs_cite_json(cp, ctx, fx->name, c);
    else
        pc_buf_printf(log, "%s: %s\n", section_names[s], jerr.text);
    json_decref(c);
}

/* The RESULT of a CITATIONS fixture without its ">>[0] " and "..[1] " marks. */
static void strip_marks(pc_buf *b)
{
    pc_buf out = PC_BUF_INIT;
    const char *p = b->ptr, *end = b->ptr + b->len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *q = p;
        while (q < le && (*q == '>' || *q == '.' || *q == '[' || *q == ']' || (*q >= '0' && *q <= '9')))
            q++;
        while (q < le && *q == ' ')
            q++;
        pc_buf_put(&out, q, (size_t)(le - q));
        if (nl)
            pc_buf_putc(&out, '\n');
        p = nl ? nl + 1 : end;
    }
    pc_buf_free(b);
    *b = out;
}

static void bib_entry(pc_buf *out, const char *t)
{
    size_t n = strlen(t);
    if (strncmp(t, "<div", 4) == 0)
        pc_buf_printf(out, "  <div class=\"csl-entry\">\n    %s\n  </div>\n", t);
    else if (n >= 6 && strcmp(t + n - 6, "</div>") == 0)
        pc_buf_printf(out, "  <div class=\"csl-entry\">%s\n  </div>\n", t);
    else
        pc_buf_printf(out, "  <div class=\"csl-entry\">%s</div>\n", t);
}

/* Runs fx; the output goes to `actual`, messages to `log`. */
static void run_fixture(fixture *fx, pc_buf *actual, pc_buf *log)
{
    pc_ctx ctx;
    pc_ctx_init(&ctx, on_diag, log);
    pc_citeproc *cp = pc_citeproc_new(fx->sec[S_CSL].ptr, NULL, &ctx);
    if (cp)
        pc_citeproc_set_extra_reader(cp, pc_formats_extra_text());
    json_error_t jerr;
    json_t *input = json_loads(fx->sec[S_INPUT].ptr, 0, &jerr);
    bool bib = strncmp(fx->sec[S_MODE].ptr, "bibliography", 12) == 0;
    if (!cp || !json_is_array(input)) {
        if (!input)
            pc_buf_printf(log, "INPUT: %s\n", jerr.text);
        goto done;
    }
    for (size_t i = 0; i < json_array_size(input); i++) {
        json_t *item = json_array_get(input, i);
        if (json_is_object(item) && !json_object_get(item, "id")) { /* one id for the record and its cite */
            char b[32];
            snprintf(b, sizeof b, "item-%zu", i + 1);
            json_object_set_new(item, "id", json_string(b));
        }
        pc_record rec;
        pc_record_init(&rec);
        if (pc_csl_read_item(json_array_get(input, i), &rec, &ctx, fx->name, 0, PC_CSL_HTML) || rec.key)
            pc_citeproc_add(cp, &rec);
        pc_record_clear(&rec);
    }
    add_clusters(cp, &ctx, log, fx, input, bib);
    if (bib) {
        pc_buf_puts(actual, "<div class=\"csl-bib-body\">\n");
        pc_buf e = PC_BUF_INIT;
        for (size_t i = 0; i < pc_citeproc_bib_count(cp); i++) {
            pc_buf_clear(&e);
            pc_citeproc_bib_entry(cp, i, PC_CITEPROC_HTML, &e);
            bib_entry(actual, e.ptr);
        }
        pc_buf_free(&e);
        pc_buf_puts(actual, "</div>");
    } else {
        for (size_t i = 0; i < pc_citeproc_cluster_count(cp); i++) {
            if (i)
                pc_buf_putc(actual, '\n');
            pc_citeproc_cluster(cp, i, PC_CITEPROC_HTML, actual);
        }
    }
done:
    json_decref(input);
    pc_citeproc_free(cp);
    pc_ctx_free(&ctx);
}

/* ---- the list of known failures ------------------------------------------------------- */

typedef struct known {
    char **names, **reasons;
    size_t n;
} known;

static void known_load(const char *path, known *k)
{
    size_t n;
    char *s = path ? read_all(path, &n) : NULL;
    if (!s)
        return;
    char *save = NULL;
    for (char *line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || !line[0])
            continue;
        char *tab = strchr(line, '\t');
        if (tab)
            *tab = '\0';
        k->names = realloc(k->names, (k->n + 1) * sizeof *k->names);
        k->reasons = realloc(k->reasons, (k->n + 1) * sizeof *k->reasons);
        k->names[k->n] = pc_xstrdup(line);
        k->reasons[k->n] = pc_xstrdup(tab ? tab + 1 : "");
        k->n++;
    }
    free(s);
}

static const char *known_reason(const known *k, const char *name)
{
    for (size_t i = 0; i < k->n; i++)
        if (strcmp(k->names[i], name) == 0)
            return k->reasons[i];
    return NULL;
}

/* ---- main ------------------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **list_fixtures(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    char **v = NULL;
    *n = 0;
    if (!d)
        return NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l > 4 && strcmp(e->d_name + l - 4, ".txt") == 0) {
            v = realloc(v, (*n + 1) * sizeof *v);
            v[(*n)++] = pc_xstrdup(e->d_name);
        }
    }
    closedir(d);
    qsort(v, *n, sizeof *v, cmp_str);
    return v;
}

/* Says which folders beside the fixtures are not run (the suite's
 * experiments/ and off-spec/: proposals and cases outside the spec), with
 * their .txt counts, so that the folder's entries add up; in name order. */
static void say_folders(const char *dir, FILE *to)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **lines = NULL;
    size_t n = 0;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        pc_buf sub = PC_BUF_INIT;
        pc_buf_printf(&sub, "%s/%s", dir, e->d_name);
        DIR *s = opendir(sub.ptr);
        size_t txt = 0;
        struct dirent *f;
        while (s && (f = readdir(s)) != NULL) {
            size_t l = strlen(f->d_name);
            txt += l > 4 && strcmp(f->d_name + l - 4, ".txt") == 0;
        }
        if (s) {
            pc_buf_clear(&sub);
            pc_buf_printf(&sub, "# not run: %s/ (%zu fixtures beside the suite, not in it)\n", e->d_name, txt);
            lines = realloc(lines, (n + 1) * sizeof *lines);
            lines[n++] = pc_buf_detach(&sub);
            closedir(s);
        }
        pc_buf_free(&sub);
    }
    if (d)
        closedir(d);
    if (n)
        qsort(lines, n, sizeof *lines, cmp_str);
    for (size_t i = 0; i < n; i++) {
        fputs(lines[i], to);
        pc_free(lines[i]);
    }
    free(lines);
}

static void first_diff(const char *a, const char *b, pc_buf *out)
{
    while (*a && *b) {
        const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
        size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
        if (la != lb || memcmp(a, b, la) != 0) {
            pc_buf_printf(out, "want %.*s | got %.*s", (int)(la > 150 ? 150 : la), a, (int)(lb > 150 ? 150 : lb), b);
            return;
        }
        a += la + (ea != NULL);
        b += lb + (eb != NULL);
    }
    pc_buf_printf(out, "want %.150s | got %.150s", a, b);
}

int main(int argc, char **argv)
{
    bool list = argc > 1 && strcmp(argv[1], "--list") == 0;
    bool show = argc > 1 && strcmp(argv[1], "--show") == 0;
    int a0 = list || show ? 2 : 1;
    if (argc < a0 + 1) {
        fprintf(stderr, "usage: run_suite [--list|--show] DIR [KNOWN-FAILURES] [FILTER]\n");
        return 2;
    }
    const char *dir = argv[a0];
    const char *known_path = !list && !show && argc > a0 + 1 ? argv[a0 + 1] : NULL;
    const char *filter = list || show ? (argc > a0 + 1 ? argv[a0 + 1] : NULL) : (argc > a0 + 2 ? argv[a0 + 2] : NULL);
    known k = {0};
    known_load(known_path, &k);
    size_t n;
    char **files = list_fixtures(dir, &n);
    int failed = 0, passed = 0;
    for (size_t i = 0; i < n; i++) {
        fixture fx = {0};
        for (int s = 0; s < S_COUNT; s++)
            fx.sec[s] = (pc_buf)PC_BUF_INIT;
        fx.name = pc_xstrndup(files[i], strlen(files[i]) - 4);
        if (filter && (show ? strcmp(fx.name, filter) != 0 : !strstr(fx.name, filter))) {
            fixture_free(&fx);
            continue;
        }
        pc_buf path = PC_BUF_INIT, actual = PC_BUF_INIT, log = PC_BUF_INIT;
        pc_buf_printf(&path, "%s/%s", dir, files[i]);
        fixture_load(path.ptr, &fx);
        run_fixture(&fx, &actual, &log);
        if (fx.has[S_CITATIONS])
            strip_marks(&fx.sec[S_RESULT]);
        bool ok = strcmp(actual.ptr, fx.sec[S_RESULT].ptr) == 0;
        const char *reason = known_reason(&k, fx.name);
        passed += ok;
        if (show) {
            printf("== expected\n%s\n== actual\n%s\n== messages\n%s", fx.sec[S_RESULT].ptr, actual.ptr, log.ptr);
        } else if (list) {
            if (!ok) {
                pc_buf d = PC_BUF_INIT;
                first_diff(fx.sec[S_RESULT].ptr, actual.ptr, &d);
                for (char *p = d.ptr; *p; p++)
                    if (*p == '\t' || *p == '\n')
                        *p = ' ';
                printf("%s\t%s\n", fx.name, d.ptr);
                pc_buf_free(&d);
            }
        } else if (ok && !reason) {
            printf("ok - citeproc %s\n", fx.name);
        } else if (ok) {
            printf("not ok - citeproc %s passes now: remove it from known-failures.txt\n", fx.name);
            failed++;
        } else if (reason) {
            printf("skip - citeproc %s: known failure: %s\n", fx.name, reason);
        } else {
            printf("not ok - citeproc %s\n", fx.name);
            pc_buf d = PC_BUF_INIT;
            first_diff(fx.sec[S_RESULT].ptr, actual.ptr, &d);
            printf("# %s\n", d.ptr);
            if (log.len)
                printf("# messages: %.300s\n", log.ptr);
            pc_buf_free(&d);
            failed++;
        }
        pc_buf_free(&path);
        pc_buf_free(&actual);
        pc_buf_free(&log);
        fixture_free(&fx);
    }
    if (!show) {
        fprintf(list ? stderr : stdout, "# %d of %zu fixtures pass\n", passed, n);
        say_folders(dir, list ? stderr : stdout);
    }
    for (size_t i = 0; i < n; i++)
        free(files[i]);
    free(files);
    for (size_t i = 0; i < k.n; i++) {
        free(k.names[i]);
        free(k.reasons[i]);
    }
    free(k.names);
    free(k.reasons);
    return failed ? 1 : 0;
}
