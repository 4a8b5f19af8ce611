/* SPDX-License-Identifier: MIT */
/* listing.c — reader for paper listings copied from web pages.
 *
 * The shape (see samples/latest-parallel-computing.fr.txt):
 *
 *     Category heading                 <- kept as a keyword of every record
 *     Derniers papiers                 <- a "latest papers" label: ignored
 *     • Title, possibly wrapped        <- "• " starts a record
 *       over several lines
 *       Name (Affiliation), Name · 2 octobre 2026
 *       Abstract paragraph(s), cut with "…"
 *
 * Streaming: one record is held at a time; the line that starts the next
 * record is kept for the following call. */
#include "listing.h"

#include <stdlib.h>

#define BULLET "\xE2\x80\xA2 "      /* "• " */
#define MIDDOT " \xC2\xB7 "         /* " · " */
#define ELLIPSIS "\xE2\x80\xA6"     /* "…" */

typedef struct listing_reader {
    pc_ctx *ctx;
    const char *file;
    pc_lines in; /* the input, line by line */
    char *heading;
    bool header_read; /* read at the first record (-j cuts an input nothing was read of) */
    pc_buf title, authors, abstract, tmp;
} listing_reader;

/* "Latest papers" labels in the languages we have seen. */
static const char *const labels[] = {
    "Derniers papiers", "Derniers articles", "Latest papers", "Latest", "Recent papers",
    "New papers", "Nouveaux papiers", "Neueste Artikel", "Últimos artículos",
};

static bool is_label(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof labels / sizeof *labels; i++)
        if (strlen(labels[i]) == n && pc_strncasecmp(s, labels[i], n) == 0)
            return true;
    return false;
}

static bool is_bullet(const pc_buf *b) { return pc_listing_bullet(b->ptr, b->len); }

/* How many bytes of s[0, n) a message quotes: at most QUOTE_MAX, cut at a
 * character boundary (a title or date line can be megabytes long). */
enum { QUOTE_MAX = 100 };
static int quote_len(const char *s, size_t n)
{
    if (n <= QUOTE_MAX)
        return (int)n;
    size_t k = QUOTE_MAX;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return (int)k;
}

/* True if the current line holds no NUL byte and nothing that is not
 * UTF-8; else reported. */
static bool check_utf8(listing_reader *r) { return pc_lines_check(&r->in, r->file, ""); }

/* The heading of a header already read (-j gives it to a later chunk's
 * reader): its first line that is not blank, a label, or one that
 * listing_open rejected (a NUL byte; the bytes are UTF-8, which the
 * source saw to); NULL if none. */
static char *header_heading(const char *p, size_t n, pc_buf *tmp)
{
    for (size_t i = 0; i < n;) {
        size_t e = i; /* the line ends at a LF or a CR, as pc_lines reads it (CRLF: a blank after) */
        while (e < n && p[e] != '\n' && p[e] != '\r')
            e++;
        const char *s = p + i;
        size_t len = e - i;
        i = e + 1;
        while (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) /* as pc_lines_next drops them */
            s += 3, len -= 3;
        if (memchr(s, '\0', len))
            continue;
        pc_trim(&s, &len);
        if (!len || is_label(s, len))
            continue;
        pc_buf_clear(tmp);
        pc_latex_decode(s, len, tmp, NULL, NULL);
        return pc_xstrdup(tmp->ptr);
    }
    return NULL;
}

static void *listing_open(pc_source *src, pc_ctx *ctx)
{
    listing_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = pc_source_name(src);
    pc_lines_init(&r->in, src, ctx);
    pc_buf_init(&r->title);
    pc_buf_init(&r->authors);
    pc_buf_init(&r->abstract);
    pc_buf_init(&r->tmp);
    return r;
}

/* The header: everything before the first bullet. */
static void read_header(listing_reader *r)
{
    r->header_read = true;
    pc_source *src = r->in.src;
    size_t context_n;
    const char *context = pc_source_context(src, &context_n);
    if (pc_source_continued(src)) { /* -j: a later chunk; the header is the input's */
        r->heading = header_heading(context, context_n, &r->tmp);
        return;
    }
    pc_ctx *ctx = r->ctx;
    bool stray = false;
    while (pc_lines_next(&r->in)) {
        if (is_bullet(&r->in.line)) {
            pc_lines_unread(&r->in);
            break;
        }
        if (!check_utf8(r))
            continue;
        const char *s = r->in.line.ptr;
        size_t n = r->in.line.len;
        pc_trim(&s, &n);
        if (!n || is_label(s, n))
            continue;
        if (!r->heading) {
            pc_buf_clear(&r->tmp);
            pc_latex_decode(s, n, &r->tmp, NULL, NULL);
            r->heading = pc_xstrdup(r->tmp.ptr);
        } else if (!stray) { /* once: a file with no bullet is one mistake, not a warning a line */
            stray = true;
            pc_diag_emit(ctx, PC_SEV_WARNING, r->file, r->in.lineno, 1,
                         "text before the first record ignored (a line starting with \"\xE2\x80\xA2 \" "
                         "starts a record)");
        }
    }
}

static void listing_close(void *state)
{
    listing_reader *r = state;
    if (!r)
        return;
    pc_free(r->heading);
    pc_lines_free(&r->in);
    pc_buf_free(&r->title);
    pc_buf_free(&r->authors);
    pc_buf_free(&r->abstract);
    pc_buf_free(&r->tmp);
    pc_free(r);
}

/* Reads lines until a blank line, a bullet or the end, appending them to
 * `into` separated by spaces.  Returns false if a line had bad UTF-8. */
static bool read_paragraph(listing_reader *r, pc_buf *into)
{
    bool ok = true;
    while (pc_lines_next(&r->in)) {
        if (pc_buf_is_blank(&r->in.line))
            return ok;
        if (is_bullet(&r->in.line)) {
            pc_lines_unread(&r->in);
            return ok;
        }
        ok &= check_utf8(r);
        if (into->len)
            pc_buf_putc(into, ' ');
        pc_buf_put(into, r->in.line.ptr, r->in.line.len);
    }
    return ok;
}

static void skip_blank(listing_reader *r)
{
    while (pc_lines_next(&r->in))
        if (!pc_buf_is_blank(&r->in.line)) {
            pc_lines_unread(&r->in);
            return;
        }
}

/* Finds the last occurrence of needle in [s, s+n). */
static const char *find_last(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = n >= k ? n - k + 1 : 0; i-- > 0;)
        if (memcmp(s + i, needle, k) == 0)
            return s + i;
    return NULL;
}

/* "… Makes LLM Reading a One-Time Cost LLM Reading a One-Time Cost": the
 * last k >= 2 words repeated verbatim are a copy-and-paste slip.  Returns
 * the new length, or n if there is no such repeat. */
static size_t repair_repeat(const char *s, size_t n)
{
    size_t starts[512];
    size_t k = 0;
    for (size_t i = 0; i < n && k < 512; i++)
        if (s[i] != ' ' && (i == 0 || s[i - 1] == ' '))
            starts[k++] = i;
    if (k >= 512)
        return n;
    for (size_t len = k / 2; len >= 2; len--) {
        size_t a = starts[k - 2 * len], b = starts[k - len];
        size_t alen = b - 1 - a, blen = n - b;
        if (alen == blen && memcmp(s + a, s + b, alen) == 0)
            return b - 1;
    }
    return n;
}

/* Reads one record's paragraphs (title, authors line, abstract) into r's
 * buffers; *start and *author_line get their line numbers. */
static pc_read_status read_parts(listing_reader *r, unsigned long *start, unsigned long *author_line)
{
    /* find the next bullet; anything else here is stray text */
    for (;;) {
        if (!pc_lines_next(&r->in))
            return PC_READ_EOF;
        if (is_bullet(&r->in.line))
            break;
        if (!pc_buf_is_blank(&r->in.line))
            pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->in.lineno, 1,
                         "text outside a record ignored");
    }
    *start = r->in.lineno;
    bool ok = check_utf8(r);
    pc_buf_clear(&r->title);
    pc_buf_clear(&r->authors);
    pc_buf_clear(&r->abstract);
    pc_buf_put(&r->title, r->in.line.ptr + 4, r->in.line.len - 4);
    ok &= read_paragraph(r, &r->title);
    skip_blank(r);
    *author_line = r->in.lineno; /* skip_blank left that line unread */
    if (!r->in.eof && pc_lines_next(&r->in) && !is_bullet(&r->in.line)) {
        pc_lines_unread(&r->in);
        ok &= read_paragraph(r, &r->authors);
    } else if (!r->in.eof) {
        pc_lines_unread(&r->in);
    }
    skip_blank(r);
    while (!r->in.eof) { /* abstract: every paragraph up to the next bullet */
        if (!pc_lines_next(&r->in))
            break;
        if (is_bullet(&r->in.line)) {
            pc_lines_unread(&r->in);
            break;
        }
        pc_lines_unread(&r->in);
        if (r->abstract.len)
            pc_buf_putc(&r->abstract, ' ');
        ok &= read_paragraph(r, &r->abstract);
        skip_blank(r);
    }
    /* a line over the length limit ended the input (reported): this record
     * is whole only if that line started the next one */
    if (!ok || (r->in.failed && !is_bullet(&r->in.line)))
        return PC_READ_SKIP; /* the UTF-8 error or the too-long line was reported */
    return PC_READ_RECORD;
}

/* The title: decoded, a repeated tail repaired; NULL (reported) if empty. */
static const pc_text *read_title(listing_reader *r, pc_record *rec, unsigned long start,
                                 pc_latex_report *rep)
{
    pc_spanlist markup = {0};
    pc_strlist protected_words = {0};
    pc_buf_clear(&r->tmp);
    pc_latex_decode_marked(r->title.ptr, r->title.len, &r->tmp, &protected_words, &markup, rep);
    size_t fixed = repair_repeat(r->tmp.ptr, r->tmp.len);
    if (fixed < r->tmp.len) {
        const char *cut = r->tmp.ptr + fixed + 1;
        size_t cutn = r->tmp.len - fixed - 1;
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, start, 3 + pc_utf8_len(r->tmp.ptr, fixed),
                     "title ends with a repeat of its last words; removed \"%.*s%s\"", quote_len(cut, cutn),
                     cut, cutn > QUOTE_MAX ? ELLIPSIS : "");
        pc_buf_truncate(&r->tmp, fixed);
    }
    pc_text *title = pc_record_set_rich(rec, PC_F_TITLE, r->tmp.ptr, r->tmp.len, &markup);
    if (!title) {
        pc_strlist_clear(&protected_words);
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, start, 3, "record has no title");
        return NULL;
    }
    title->protected_words = protected_words;
    return title;
}

/* The authors line ("Name, Name · date"), the abstract and the heading. */
static pc_read_status read_rest(listing_reader *r, pc_record *rec, const pc_text *title,
                                unsigned long start, unsigned long author_line, pc_latex_report *rep)
{
    const char *a = r->authors.ptr;
    size_t an = r->authors.len;
    pc_trim(&a, &an);
    const char *dot = an ? find_last(a, an, MIDDOT) : NULL;
    if (!an) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, start, 1,
                     "record \"%.*s%s\" has no authors line (\"Name, Name \xC2\xB7 date\")",
                     quote_len(title->s, strlen(title->s)), title->s,
                     strlen(title->s) > QUOTE_MAX ? ELLIPSIS : "");
        return PC_READ_SKIP;
    }
    size_t names_len = dot ? (size_t)(dot - a) : an;
    pc_buf_clear(&r->tmp);
    pc_latex_decode(a, names_len, &r->tmp, NULL, rep);
    pc_names_parse_list(r->tmp.ptr, r->tmp.len, pc_record_names_mut(rec, PC_F_AUTHOR));
    if (!pc_record_n_authors(rec))
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, author_line, 3, "record has no authors");
    if (!dot) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, author_line, 3 + an,
                     "authors line has no date (expected \"Name, Name \xC2\xB7 2 octobre 2026\")");
    } else {
        const char *ds = dot + strlen(MIDDOT);
        size_t dn = an - (size_t)(ds - a);
        pc_date date;
        if (pc_date_parse(ds, dn, &date)) {
            pc_record_set_date(rec, PC_F_ISSUED, &date);
        } else {
            /* column: indentation of the line + offset in the paragraph */
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, author_line,
                         1 + (size_t)(a - r->authors.ptr) + pc_utf8_len(a, (size_t)(ds - a)),
                         "cannot read the date \"%.*s%s\"", quote_len(ds, dn), ds,
                         dn > QUOTE_MAX ? ELLIPSIS : "");
        }
    }

    if (r->abstract.len) {
        pc_buf_clear(&r->tmp);
        pc_spanlist markup = {0};
        pc_latex_decode_marked(r->abstract.ptr, r->abstract.len, &r->tmp, NULL, &markup, rep);
        /* "…" or "..." at the end: the page cut the abstract */
        pc_record_set_abstract(rec, r->tmp.ptr, r->tmp.len, &markup, true);
    }
    if (rep->n_unknown)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, start, 1,
                     "%zu unknown LaTeX command(s) kept as written (first: %s)", rep->n_unknown,
                     rep->first_name);
    if (r->heading)
        pc_record_list_add(rec, PC_F_KEYWORD, r->heading, strlen(r->heading));
    return PC_READ_RECORD;
}

static pc_read_status listing_next(void *state, pc_record *rec)
{
    listing_reader *r = state;
    unsigned long start = 0, author_line = 0;
    if (!r->header_read)
        read_header(r);
    pc_read_status st = read_parts(r, &start, &author_line);
    if (st != PC_READ_RECORD)
        return st;
    rec->kind = PC_KIND_PREPRINT;
    rec->src_file = r->file;
    rec->src_line = start;
    pc_latex_report rep = {0};
    const pc_text *title = read_title(r, rec, start, &rep);
    if (!title)
        return PC_READ_SKIP;
    return read_rest(r, rec, title, start, author_line, &rep);
}

/* A listing has a line starting with "• " near the top. */
static int listing_sniff(const char *head, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i++)
        if ((i == 0 || head[i - 1] == '\n') && memcmp(head + i, BULLET, 4) == 0)
            return 60;
    return 0;
}

static const char *const listing_aliases[] = {"txt", "text", NULL};
static const char *const listing_exts[] = {"txt", NULL};

const pc_format pc_format_listing = {
    .name = "listing",
    .aliases = listing_aliases,
    .extensions = listing_exts,
    .description = "paper listing copied from a web page (\xE2\x80\xA2 title / authors \xC2\xB7 date / abstract)",
    .sniff = listing_sniff,
    .read_open = listing_open,
    .read_next = listing_next,
    .read_close = listing_close,
    .chunker = &pc_listing_chunker,
};
