/* SPDX-License-Identifier: MIT */
/* pctool.c — test helper over libpaperconv (not installed).
 *
 *   pctool dump [-f FORMAT] [--keep FMT,FMT...] FILE
 *                                  the records as the model holds them,
 *                                  one "field<TAB>value" line each; with
 *                                  --keep only the fields every FMT both
 *                                  reads and writes (their maps say), the
 *                                  kind as its broadest kind, names as
 *                                  whole names, dates without qualifiers,
 *                                  no markup and no pass-through values
 *   pctool fields                  "what each format keeps": a Markdown
 *                                  table from the format maps
 *   pctool fields --man            the same as roff for paperconv-formats(7):
 *                                  one tagged paragraph per field
 *   pctool fields --names          every field, by its dump name
 *   pctool fields --holds FORMAT   the fields FORMAT reads and writes
 *   pctool formats                 one line per format: name, reads (0/1),
 *                                  writes (0/1), has a field map (0/1), its
 *                                  first extension (or -)
 *   pctool names                   stdin names -> given|particle|family|suffix|literal
 *   pctool decode                  stdin LaTeX lines -> Unicode lines
 *   pctool encode                  stdin Unicode lines -> LaTeX lines
 *   pctool namesbib [--unicode] TSV  first column of each row -> one BibTeX
 *                                  entry per name (key nLINE), through the
 *                                  real BibTeX writer; the model's split of
 *                                  each goes to stderr as "nLINE 1 g|p|f|s"
 *
 * Tests use it to compare what real consumers (bibtex, pandoc) report with
 * what our model holds, without trusting our own writers. */
#include "model/dates.h"
#include "model/map.h"
#include "text/latex.h"
#include "text/markup.h"
#include "text/names.h"
#include "format.h"
#include "model/keyset.h"

#include <stdlib.h>

static void print_diag(void *u, const pc_diag *d)
{
    (void)u;
    if (d->severity >= PC_SEV_WARNING)
        fprintf(stderr, "pctool: %s:%lu:%lu: %s\n", d->file ? d->file : "-", d->line, d->col,
                d->message);
}

static void put(const char *field, const char *v)
{
    if (v)
        printf("%s\t%s\n", field, v);
}

/* One line per span: "title_markup<TAB>italic<TAB>the marked text". */
static void put_markup(const char *field, const char *text, const pc_spanlist *l)
{
    static const char *const mark[] = {[PC_MARK_ITALIC] = "italic", [PC_MARK_BOLD] = "bold",
                                       [PC_MARK_NOCASE] = "nocase", [PC_MARK_TEX] = "tex",
                                       [PC_MARK_SUP] = "sup", [PC_MARK_SUB] = "sub"};
    for (size_t i = 0; text && i < l->n; i++) {
        pc_mark m = l->items[i].mark;
        printf("%s_markup\t%s\t%.*s\n", field,
               (size_t)m < sizeof mark / sizeof *mark && mark[m] ? mark[m] : "?",
               (int)(l->items[i].end - l->items[i].start), text + l->items[i].start);
    }
}

/* A title's case-protected words as the writers see them: one line per
 * word of the text that is protected ("title_nocase<TAB>BERT"), but for
 * the words every writer keeps the case of by their shape or math (LLM,
 * $k$-means: pc_latex_title_word_braced): whether a record lists those is
 * no difference (BibTeX's braces around them read back as protection).
 * A protected run of words is one line ("title_nocase<TAB>RNA Polymerase II"). */
static void put_nocase(const char *field, const pc_text *t)
{
    if (!t->protected_words.n)
        return;
    pc_spanlist all = {0};
    pc_markup_with_nocase(t->s, &t->markup, &t->protected_words, &all);
    for (size_t i = 0; i < all.n; i++) {
        const char *w = t->s + all.items[i].start;
        size_t n = all.items[i].end - all.items[i].start;
        /* a run of words ({RNA Polymerase II}) is one span whatever its
         * words' shapes: the writers brace it whole */
        bool run = false;
        for (size_t k = 0; k < n && !run; k++) {
            size_t m = w[k] == '$' ? pc_latex_math_span(w, k, n) : 0;
            run = w[k] == ' ';
            k += m ? m - 1 : 0; /* a space in math is no word break */
        }
        if (all.items[i].mark == PC_MARK_NOCASE && (run || !pc_latex_title_word_braced(w, n)))
            printf("%s_nocase\t%.*s\n", field, (int)n, w);
    }
    pc_spanlist_clear(&all);
}

/* The dump's names: the tests' names for the fields the model had first
 * (kept stable), the field table's name for every other field. */
static const char *dump_name(pc_field f)
{
    static const char *const legacy[PC_F_COUNT] = {
        [PC_F_ISSUED] = "date",          [PC_F_DOI] = "doi",
        [PC_F_ARXIV_ID] = "arxiv",       [PC_F_ARXIV_VERSION] = "arxiv_version",
        [PC_F_ARXIV_CLASS] = "arxiv_primary", [PC_F_URL] = "url",
        [PC_F_CONTAINER_TITLE] = "container", [PC_F_PAGE] = "pages",
        [PC_F_JOURNAL_REF] = "journal_ref", [PC_F_NOTE] = "comment",
    };
    return legacy[f] ? legacy[f] : pc_field_get(f)->name;
}

static const char *kind_name(pc_kind k)
{
    static const char *const legacy[PC_KIND_COUNT] = {
        [PC_KIND_NONE] = "unknown",     [PC_KIND_PREPRINT] = "preprint", [PC_KIND_ARTICLE] = "article",
        [PC_KIND_CONFERENCE] = "conference", [PC_KIND_OTHER] = "other",
    };
    return legacy[k] ? legacy[k] : pc_kind_name(k);
}

static void dump_names(const pc_names *l)
{
    const char *role = dump_name(l->role);
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *a = &l->items[i];
        printf("%s\t%s|%s|%s|%s|%s\n", role, a->given ? a->given : "", a->particle ? a->particle : "",
               a->family ? a->family : "", a->suffix ? a->suffix : "", a->literal ? a->literal : "");
        if (a->dparticle)
            printf("%s_dropping_particle\t%zu\t%s\n", role, i, a->dparticle);
        if (a->orcid)
            printf("%s_orcid\t%zu\t%s\n", role, i, a->orcid);
        if (a->flags)
            printf("%s_flags\t%zu\t%s%s%s\n", role, i,
                   a->flags & PC_NAME_COMMA_SUFFIX ? "comma-suffix" : "",
                   a->flags == (PC_NAME_COMMA_SUFFIX | PC_NAME_STATIC_ORDER) ? "," : "",
                   a->flags & PC_NAME_STATIC_ORDER ? "static-ordering" : "");
        for (size_t k = 0; k < a->affiliations.n; k++)
            printf("affiliation\t%zu\t%s\n", i, a->affiliations.items[k]);
    }
    if (l->et_al && l->role == PC_F_AUTHOR)
        printf("et_al\tyes\n");
    else if (l->et_al)
        printf("%s_et_al\tyes\n", role);
}

static void dump_field(const pc_record *r, pc_field f)
{
    const char *name = dump_name(f);
    const pc_text *t = pc_record_text(r, f);
    if (t) {
        put(name, t->s);
        put_markup(name, t->s, &t->markup);
        put_nocase(name, t);
        if (t->truncated)
            printf("%s_truncated\tyes\n", name);
        return;
    }
    const pc_names *l = pc_record_names(r, f);
    if (l) {
        dump_names(l);
        return;
    }
    const pc_strlist *list = pc_record_list(r, f);
    for (size_t i = 0; list && i < list->n; i++)
        put(name, list->items[i]);
    /* a date: its start as ISO 8601; a range, season or qualifier adds a
     * "<name>_edtf" line with the whole date as EDTF */
    pc_buf d = PC_BUF_INIT, e = PC_BUF_INIT;
    const pc_date *date = pc_record_date(r, f);
    if (date) {
        pc_date_iso(&(pc_date){.year = date->year, .month = date->month, .day = date->day}, &d);
        pc_date_edtf(date, &e);
        put(name, d.ptr);
        if (strcmp(d.ptr, e.ptr) != 0)
            printf("%s_edtf\t%s\n", name, e.ptr);
    }
    put(name, pc_record_date_literal(r, f));
    pc_buf_free(&d);
    pc_buf_free(&e);
}

/* --keep: the fields to dump (NULL: all, as the model holds them) */
static const bool *keep_only;

/* The broadest kind of k (the end of its chain of broader kinds). */
static pc_kind root_kind(pc_kind k)
{
    for (int i = 0; i < PC_KIND_COUNT && pc_kind_broader(k) != k; i++)
        k = pc_kind_broader(k);
    return k;
}

/* A field in --keep form: names whole, dates as their ISO start and
 * literal, text without markup. */
static void dump_kept(const pc_record *r, pc_field f)
{
    const char *name = dump_name(f);
    const pc_text *t = pc_record_text(r, f);
    const pc_names *l = pc_record_names(r, f);
    const pc_strlist *list = pc_record_list(r, f);
    const pc_date *date = pc_record_date(r, f);
    pc_buf b = PC_BUF_INIT;
    if (t) {
        put(name, t->s);
        if (t->truncated)
            printf("%s_truncated\tyes\n", name);
    }
    for (size_t i = 0; l && i < l->n; i++) {
        const pc_name *a = &l->items[i];
        const char *parts[] = {a->given, a->dparticle, a->particle, a->family, a->suffix, a->literal};
        pc_buf_clear(&b);
        for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
            if (parts[k] && *parts[k]) {
                if (b.len)
                    pc_buf_putc(&b, ' ');
                pc_buf_puts(&b, parts[k]);
            }
        put(name, b.ptr);
    }
    for (size_t i = 0; list && i < list->n; i++)
        put(name, list->items[i]);
    if (date) {
        pc_buf_clear(&b);
        pc_date_iso(&(pc_date){.year = date->year, .month = date->month, .day = date->day}, &b);
        put(name, b.ptr);
    }
    put(name, pc_record_date_literal(r, f));
    pc_buf_free(&b);
}

static void dump_record(const pc_record *r)
{
    if (keep_only) {
        printf("@\t%s\n", r->key);
        put("kind", kind_name(root_kind(r->kind == PC_KIND_NONE ? PC_KIND_PREPRINT : r->kind)));
        for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
            if (keep_only[f])
                dump_kept(r, (pc_field)f);
        return;
    }
    printf("@\t%s\n", r->key);
    put("kind", kind_name(r->kind));
    /* title and authors first, then the rest in the field table's order */
    dump_field(r, PC_F_TITLE);
    dump_field(r, PC_F_AUTHOR);
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
        if (f != PC_F_TITLE && f != PC_F_AUTHOR)
            dump_field(r, (pc_field)f);
    for (size_t i = 0; i < r->n_extras; i++)
        printf("extra\t%s\t%s\t%s\n", r->extras[i].format, r->extras[i].name, r->extras[i].value);
}

/* Which fields fmt's map both reads and writes (held[f]); false when the
 * format has no map. */
static bool holds(const pc_format *fmt, bool held[PC_F_COUNT])
{
    unsigned dir[PC_F_COUNT] = {0};
    for (size_t i = 0; fmt->map && i < fmt->map_len; i++)
        if (fmt->map[i].field > PC_F_NONE && fmt->map[i].field < PC_F_COUNT)
            dir[fmt->map[i].field] |= fmt->map[i].dir;
    for (int f = 0; f < PC_F_COUNT; f++)
        held[f] = (dir[f] & PC_MAP_BOTH) == PC_MAP_BOTH;
    return fmt->map != NULL;
}

static const pc_format *find_format(const char *name)
{
    const pc_format *fmt = pc_format_find(name);
    if (!fmt)
        fprintf(stderr, "pctool: unknown format %s\n", name);
    return fmt;
}

/* --keep A,B,...: keep[f] for the fields every format holds. */
static bool parse_keep(const char *list, bool keep[PC_F_COUNT])
{
    for (int f = 0; f < PC_F_COUNT; f++)
        keep[f] = true;
    char *copy = pc_xstrdup(list), *save = NULL;
    bool ok = true;
    for (char *name = strtok_r(copy, ",", &save); name && ok; name = strtok_r(NULL, ",", &save)) {
        const pc_format *fmt = find_format(name);
        bool held[PC_F_COUNT];
        ok = fmt && holds(fmt, held);
        if (fmt && !ok)
            fprintf(stderr, "pctool: format %s has no field map\n", name);
        for (int f = 0; ok && f < PC_F_COUNT; f++)
            keep[f] &= held[f];
    }
    free(copy);
    return ok;
}

static int dump(int argc, char **argv)
{
    const pc_format *from = NULL;
    static bool keep[PC_F_COUNT];
    int i = 2;
    for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1]; i += 2) {
        if (strcmp(argv[i], "-f") == 0 && !(from = find_format(argv[i + 1])))
            return 2;
        if (strcmp(argv[i], "--keep") == 0) {
            if (!parse_keep(argv[i + 1], keep))
                return 2;
            keep_only = keep;
        }
    }
    if (i >= argc)
        return 2;
    pc_ctx ctx;
    pc_ctx_init(&ctx, print_diag, NULL);
    pc_input *in = pc_input_open(&ctx, argv[i], from);
    if (!in)
        return 1;
    pc_keyset *keys = pc_keyset_new();
    pc_record rec;
    pc_record_init(&rec);
    pc_read_status st;
    while ((st = pc_input_next(in, &rec)) == PC_READ_RECORD || st == PC_READ_SKIP) {
        if (st == PC_READ_RECORD) {
            pc_keyset_assign(keys, &rec, false);
            dump_record(&rec);
        }
        pc_record_clear(&rec);
    }
    pc_record_clear(&rec);
    pc_input_close(in);
    pc_keyset_free(keys);
    pc_ctx_free(&ctx);
    return ctx.n_errors ? 1 : 0;
}

/* ---- pctool fields: "what each format keeps" (Markdown or roff) ------------- */

/* A column of the table: the formats that share one map. */
typedef struct column {
    const pc_map_row *map;
    size_t len;
    pc_buf head; /* "`csljson`, `yaml`" */
} column;

/* One cell: the format's names for f, "(r)" for a name only read, "(w)"
 * only written, "*" when the row holds for some kinds only. */
static void put_cell(const column *c, pc_field f, pc_buf *cell)
{
    pc_buf_clear(cell);
    for (size_t i = 0; i < c->len; i++) {
        const pc_map_row *row = &c->map[i];
        if (row->field != f || !(row->dir & PC_MAP_BOTH))
            continue;
        bool seen = false; /* the same name on an earlier row of f */
        for (size_t k = 0; k < i && !seen; k++)
            seen = c->map[k].field == f && (c->map[k].dir & PC_MAP_BOTH) &&
                   strcmp(c->map[k].name, row->name) == 0;
        if (seen)
            continue;
        pc_buf_printf(cell, "%s`%s`%s%s", cell->len ? ", " : "", row->name,
                      (row->dir & PC_MAP_BOTH) == PC_MAP_READ    ? " (r)"
                      : (row->dir & PC_MAP_BOTH) == PC_MAP_WRITE ? " (w)"
                                                                 : "",
                      row->kinds ? "*" : "");
    }
    if (!cell->len)
        pc_buf_puts(cell, "–");
}

/* A Markdown cell or head as roff: `x` in bold (with marks; else plain),
 * hyphens and backslashes escaped, the dash of "no place" as \(en. */
static void put_roff(const char *md, bool marks)
{
    bool bold = false;
    for (const char *p = md; *p; p++) {
        if (*p == '`') {
            if (marks)
                fputs((bold = !bold) ? "\\fB" : "\\fR", stdout);
        } else if (*p == '-')
            fputs("\\-", stdout);
        else if (*p == '\\')
            fputs("\\e", stdout);
        else if (strncmp(p, "\xe2\x80\x93", 3) == 0 && (p += 2))
            fputs("\\(en", stdout);
        else
            putchar(*p);
    }
}

/* The table's head (Markdown only: roff has one paragraph per field). */
static void table_head(const column *cols, size_t n)
{
    printf("| field | value |");
    for (size_t c = 0; c < n; c++)
        printf(" %s |", cols[c].head.ptr);
    printf("\n|---|---|");
    for (size_t c = 0; c < n; c++)
        printf("---|");
    putchar('\n');
}

/* One field: a Markdown row, or a roff .TP paragraph with a line per map. */
static void table_row(const column *cols, size_t n, pc_field f, const char *kind, bool man,
                      pc_buf *cell)
{
    const pc_field_info *fi = pc_field_get(f);
    if (man) {
        fputs(".TP\n\\fB", stdout);
        put_roff(fi->name, false);
        printf("\\fR (%s)\n", kind);
    } else
        printf("| `%s` | %s |", fi->name, kind);
    for (size_t c = 0; c < n; c++) {
        put_cell(&cols[c], f, cell);
        if (!man) {
            printf(" %s |", cell->ptr);
            continue;
        }
        if (c)
            puts(".br");
        put_roff(cols[c].head.ptr, false);
        fputs(": ", stdout);
        put_roff(cell->ptr, true);
        putchar('\n');
    }
    if (!man)
        putchar('\n');
}

static int fields_table(bool man)
{
    static const char *const kinds[] = {[PC_FK_TEXT] = "text", [PC_FK_NUMBER] = "number",
                                        [PC_FK_NAME] = "names", [PC_FK_DATE] = "date",
                                        [PC_FK_LIST] = "list"};
    column cols[16];
    size_t n = 0;
    for (const pc_format *const *fp = pc_formats; *fp; fp++) {
        const pc_format *fmt = *fp;
        size_t c = 0;
        while (c < n && cols[c].map != fmt->map)
            c++;
        if (!fmt->map || (c == n && n == sizeof cols / sizeof *cols))
            continue;
        if (c == n)
            cols[n++] = (column){.map = fmt->map, .len = fmt->map_len, .head = PC_BUF_INIT};
        pc_buf_printf(&cols[c].head, "%s`%s`", cols[c].head.len ? ", " : "", fmt->name);
    }
    if (!man)
        table_head(cols, n);
    pc_buf cell = PC_BUF_INIT;
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
        table_row(cols, n, (pc_field)f, kinds[pc_field_get((pc_field)f)->kind], man, &cell);
    pc_buf_free(&cell);
    for (size_t c = 0; c < n; c++)
        pc_buf_free(&cols[c].head);
    return 0;
}

static int fields(int argc, char **argv)
{
    if (argc == 2 || (argc == 3 && strcmp(argv[2], "--man") == 0))
        return fields_table(argc == 3);
    bool held[PC_F_COUNT];
    const pc_format *fmt = NULL;
    if (argc == 4 && strcmp(argv[2], "--holds") == 0) {
        if (!(fmt = find_format(argv[3])))
            return 2;
        if (!holds(fmt, held))
            return 1;
    } else if (argc != 3 || strcmp(argv[2], "--names") != 0) {
        return 2;
    }
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
        if (!fmt || held[f])
            puts(dump_name((pc_field)f));
    return 0;
}

static int formats(void)
{
    for (const pc_format *const *fp = pc_formats; *fp; fp++) {
        const pc_format *f = *fp;
        printf("%s\t%d\t%d\t%d\t%s\n", f->name, f->read_next != NULL, f->write_record != NULL,
               f->map != NULL, f->extensions && f->extensions[0] ? f->extensions[0] : "-");
    }
    return 0;
}

static int lines(int mode)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    pc_buf out = PC_BUF_INIT;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        if (line[n - 1] == '\n')
            line[--n] = '\0';
        pc_buf_clear(&out);
        if (mode == 'n') {
            pc_name nm = {0};
            pc_name_parse(line, (size_t)n, &nm);
            printf("%s|%s|%s|%s|%s\n", nm.given ? nm.given : "", nm.particle ? nm.particle : "",
                   nm.family ? nm.family : "", nm.suffix ? nm.suffix : "",
                   nm.literal ? nm.literal : "");
            pc_name_clear(&nm);
            continue;
        }
        if (mode == 'd')
            pc_latex_decode(line, (size_t)n, &out, NULL, NULL);
        else
            pc_latex_encode(line, (size_t)n, &out, PC_TEX_MATH, NULL);
        puts(out.ptr);
    }
    pc_buf_free(&out);
    free(line);
    return 0;
}

extern const pc_format pc_format_bibtex;

static int namesbib(const char *path, bool unicode)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 1;
    pc_ctx ctx;
    pc_ctx_init(&ctx, print_diag, NULL);
    ctx.opt.unicode = unicode;
    void *w = pc_format_bibtex.write_begin(stdout, &ctx);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned long lineno = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *tab = strchr(line, '\t');
        size_t len = tab ? (size_t)(tab - line) : strcspn(line, "\n");
        pc_record r;
        pc_record_init(&r);
        pc_name *nm = pc_record_add_name(&r, PC_F_AUTHOR);
        pc_name_parse(line, len, nm);
        char key[32];
        snprintf(key, sizeof key, "n%lu", lineno);
        r.key = pc_xstrdup(key);
        pc_record_set_str(&r, PC_F_TITLE, "T");
        pc_record_set_date(&r, PC_F_ISSUED, &(pc_date){.year = 2000});
        /* BibTeX cannot see the case of a particle without an ASCII letter
         * (Cyrillic "фон"): such names are left out, and counted */
        bool visible = true;
        if (nm->particle) {
            visible = false;
            for (const char *c = nm->particle; *c; c++)
                if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'))
                    visible = true;
        }
        /* BibTeX's von part of "al-Baghdadi" is "al": compare without the
         * hyphen that joins our particle to the family name */
        char *particle = pc_xstrdup(nm->particle ? nm->particle : "");
        size_t pl = strlen(particle);
        if (pl && particle[pl - 1] == '-')
            particle[pl - 1] = '\0';
        if (!visible)
            fprintf(stdout, "%% left out (particle without ASCII letters): %s\n", key);
        else if (nm->literal)
            fprintf(stderr, "%s 1 ||%s|\n", key, nm->literal);
        else if (nm->family || nm->given)
            fprintf(stderr, "%s 1 %s|%s|%s|%s\n", key, nm->given ? nm->given : "", particle,
                    nm->family ? nm->family : "", nm->suffix ? nm->suffix : "");
        free(particle);
        if (visible && (nm->family || nm->given || nm->literal))
            pc_format_bibtex.write_record(w, &r);
        pc_record_clear(&r);
    }
    pc_format_bibtex.write_end(w);
    free(line);
    fclose(f);
    pc_ctx_free(&ctx);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "namesbib") == 0)
        return namesbib(argv[argc - 1], argc == 4 && strcmp(argv[2], "--unicode") == 0);
    if (argc >= 3 && strcmp(argv[1], "dump") == 0)
        return dump(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "fields") == 0)
        return fields(argc, argv);
    if (argc == 2 && strcmp(argv[1], "formats") == 0)
        return formats();
    if (argc == 2 && strcmp(argv[1], "names") == 0)
        return lines('n');
    if (argc == 2 && strcmp(argv[1], "decode") == 0)
        return lines('d');
    if (argc == 2 && strcmp(argv[1], "encode") == 0)
        return lines('e');
    fputs("usage: pctool dump [-f FORMAT] [--keep FMT,...] FILE | fields [--man | --names | --holds FORMAT]\n"
          "       | formats | names | decode | encode | namesbib [--unicode] TSV\n",
          stderr);
    return 2;
}
