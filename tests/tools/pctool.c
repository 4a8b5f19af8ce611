/* pctool.c — test helper over libpaperconv (not installed).
 *
 *   pctool dump [-f FORMAT] FILE   the records as the model holds them,
 *                                  one "field<TAB>value" line each
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
#include "paperconv/dates.h"
#include "paperconv/latex.h"
#include "paperconv/names.h"
#include "paperconv.h"

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

static void dump_record(const pc_record *r)
{
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

static int dump(int argc, char **argv)
{
    const pc_format *from = NULL;
    int i = 2;
    if (i + 1 < argc && strcmp(argv[i], "-f") == 0) {
        from = pc_format_find(argv[i + 1]);
        if (!from) {
            fprintf(stderr, "pctool: unknown format %s\n", argv[i + 1]);
            return 2;
        }
        i += 2;
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
    if (argc == 2 && strcmp(argv[1], "names") == 0)
        return lines('n');
    if (argc == 2 && strcmp(argv[1], "decode") == 0)
        return lines('d');
    if (argc == 2 && strcmp(argv[1], "encode") == 0)
        return lines('e');
    fputs("usage: pctool dump [-f FORMAT] FILE | names | decode | encode | namesbib [--unicode] TSV\n",
          stderr);
    return 2;
}
