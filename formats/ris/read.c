/* SPDX-License-Identifier: MIT */
/* read.c — the RIS reader: records out of lines, tags through the map.
 *
 * Streaming, one record per call, tolerant of what real exports contain
 * (bibutils' risin.c documents several of these quirks): a UTF-8 BOM, CRLF,
 * LF or CR alone (pc_lines), one or three spaces before the dash for known
 * tags, "ER  -" with nothing after, continuation lines (an untagged line
 * continues the previous value), a missing ER before the next TY, empty
 * tags (ignored).  Nothing is skipped without a word: a known tag written
 * oddly ("au  - ", a tab, four spaces) is read with a warning, a line that
 * only looks like a tag stays a continuation line with a warning, text after
 * "ER  -" and between records is a warning (parse_tag, line_tag).
 *
 * Each tag goes through the map (map.c) for the record's kind: a TEXT row
 * sets its field (the first value wins; a different later value is kept as
 * a pass-through value of its tag, as is every tag with no field), a LIST
 * row adds an item, and a special row goes to the function its handler
 * names (read_values.c): names, dates, pages, SN, DO, UR, AB/N2, N1, AN,
 * M3, OP, ID and AD.  Nothing read is lost: what the
 * model cannot hold is a pass-through value, written back by the RIS
 * writer and counted by every other.
 *
 * Affiliations: an AD belongs to the author whose AU it follows.  When
 * every AD of a record with several authors comes after the last AU (as
 * Scopus exports them) they cannot be tied to an author and are kept in
 * the note as "Address: ...". */
#include "dialect.h"

#include <stdlib.h>

/* ---- tags ------------------------------------------------------------------------- */

/* True if tag names a row of the map (rare: only for lines with one or
 * three spaces before the dash, so a scan is enough). */
static bool tag_known(const char *tag)
{
    for (size_t i = 0; i < pc_ris_n_rows; i++)
        if (!memcmp(pc_ris_rows[i].name, tag, 3))
            return true;
    return false;
}

static size_t tag_index(const char *tag)
{
    size_t b = pc_is_digit((unsigned char)tag[1]) ? 26 + (size_t)(tag[1] - '0') : (size_t)(tag[1] - 'A');
    return (size_t)(tag[0] - 'A') * 36 + b;
}

/* What a line is, as parse_tag reads it. */
typedef enum line_shape {
    LINE_TEXT = 0, /* not a tag: a continuation line */
    LINE_TAG,      /* "TG  - value" */
    LINE_ODD,      /* a tag RIS has, written oddly: read, with a warning */
    LINE_TAGLIKE,  /* looks like a tag line but is not read as one: warned */
} line_shape;

/* How a LINE_ODD line is odd (a bit each, warned once per tag and bit). */
enum {
    ODD_CASE = 1,      /* "au  - " */
    ODD_TAB = 2,       /* "AU\t- " */
    ODD_WIDE = 4,      /* "AU    - " */
    ODD_TAB_AFTER = 8, /* "AU  -\tvalue" */
    ODD_GLUED = 16,    /* "AU  -value" */
};
static const char *const odd_what[] = {"in lower case", "a tab before the dash",
                                       "more than three spaces before the dash",
                                       "a tab after the dash", "no space after the dash"};

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Reads a line as a tag line: the standard "TG  - value" (two spaces, a
 * dash, a space, the value; "ER  -" may end the line).  One or three
 * spaces before the dash (bibutils' risin.c notes publishers that write
 * three) are read for tags the map has, so that a continuation line such
 * as "UK - based study" is not taken for a tag.  A tag the map has written
 * with one oddity more (lower case with the standard spacing, a tab or up
 * to eight spaces before the dash, a tab or no space after it) is read too
 * (LINE_ODD, *odd says how); any other line of two letters or digits,
 * blanks and a dash is LINE_TAGLIKE (indented, unknown or doubly odd: it
 * stays a continuation line, with a warning; a word in lower or mixed case
 * that is no tag, "In - situ", is plain text).  For a tag, tag[] is filled
 * (upper case) and *val is the offset of the value. */
static line_shape parse_tag(const char *s, size_t n, char tag[3], size_t *val, unsigned *odd)
{
    *odd = 0;
    if (n >= 5 && pc_is_upper((unsigned char)s[0]) &&
        (pc_is_upper((unsigned char)s[1]) || pc_is_digit((unsigned char)s[1])) && s[2] == ' ' &&
        s[3] == ' ' && s[4] == '-' && (n == 5 || s[5] == ' ')) { /* the standard: most lines */
        size_t i = 5;
        while (i < n && s[i] == ' ')
            i++;
        memcpy(tag, s, 2);
        tag[2] = '\0';
        *val = i;
        return LINE_TAG;
    }
    size_t lead = 0;
    while (lead < n && is_blank(s[lead]))
        lead++;
    if (n - lead < 3 || !pc_is_alpha((unsigned char)s[lead]) || !pc_is_alnum((unsigned char)s[lead + 1]))
        return LINE_TEXT;
    size_t i = lead + 2, spaces = 0;
    bool tab = false;
    for (; i < n && is_blank(s[i]); i++)
        tab |= s[i] == '\t', spaces += s[i] == ' ';
    size_t gap = i - lead - 2;
    if (!gap || i >= n || s[i] != '-')
        return LINE_TEXT;
    i++;
    bool end = i == n, blank_after = !end && is_blank(s[i]);
    if (!end && !blank_after && (gap != 2 || tab))
        return LINE_TEXT; /* "UK -based": no tag */
    for (int k = 0; k < 2; k++)
        tag[k] = pc_is_lower((unsigned char)s[lead + k]) ? (char)(s[lead + k] - 'a' + 'A') : s[lead + k];
    tag[2] = '\0';
    bool upper = tag[0] == s[lead] && tag[1] == s[lead + 1], known = tag_known(tag);
    *odd = (upper ? 0 : ODD_CASE) | (tab ? ODD_TAB : 0) | (!tab && gap > 3 ? ODD_WIDE : 0) |
           (blank_after && s[i] == '\t' ? ODD_TAB_AFTER : 0) | (!end && !blank_after ? ODD_GLUED : 0);
    while (i < n && is_blank(s[i]))
        i++;
    *val = i;
    if (!known && !upper)
        return LINE_TEXT; /* "In - situ": a word, not a tag */
    if (lead || gap > 8 || !known || (*odd & (*odd - 1))) /* indented, unknown, or two oddities */
        return (*odd & ODD_GLUED) ? LINE_TEXT : LINE_TAGLIKE;
    return *odd ? LINE_ODD : LINE_TAG; /* no oddity: one or three spaces */
}

/* ---- the reader's state ----------------------------------------------------------- */

/* True if the current line holds no NUL byte and nothing that is not
 * UTF-8; else reported, and its record is skipped. */
static bool check_utf8(ris_reader *r) { return pc_lines_check(&r->in, r->file, "; record skipped"); }

/* The reader's buffers, for opening and closing them in one loop; the
 * ones from index 3 on hold the current record's values. */
static pc_buf *buffer(ris_reader *r, size_t i)
{
    pc_buf *const all[] = {&r->tmp, &r->tmp2, &r->dval, &r->ab,         &r->n2,     &r->note, &r->addr,
                           &r->sp,  &r->ep,   &r->jo,   &r->j9, &r->issued_val, &r->lit_val};
    return i < sizeof all / sizeof *all ? all[i] : NULL;
}

void *pc_ris_read_open(pc_source *src, pc_ctx *ctx)
{
    ris_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = pc_source_name(src);
    r->map = pc_map_new(pc_ris_rows, pc_ris_n_rows, 0);
    pc_lines_init(&r->in, src, ctx);
    for (size_t i = 0; buffer(r, i); i++)
        pc_buf_init(buffer(r, i));
    return r;
}

void pc_ris_read_close(void *state)
{
    ris_reader *r = state;
    if (!r)
        return;
    if (r->n_values)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, 0, 0,
                     "ris: %lu of %lu tag value(s) (%.1f%%) kept only as pass-through values", r->n_kept,
                     r->n_values, 100.0 * (double)r->n_kept / (double)r->n_values);
    for (size_t i = 0; i < r->capf; i++)
        pc_buf_free(&r->f[i].val);
    pc_free(r->f);
    pc_lines_free(&r->in);
    for (size_t i = 0; buffer(r, i); i++)
        pc_buf_free(buffer(r, i));
    pc_strlist_clear(&r->issn);
    pc_strlist_clear(&r->isbn);
    pc_map_free(r->map);
    pc_free(r);
}

static ris_field *add_field(ris_reader *r, const char *tag, const char *v, size_t n, size_t off)
{
    if (r->nf == r->capf) {
        size_t old = r->capf;
        PC_GROW(r->f, r->capf, r->nf + 1);
        for (size_t i = old; i < r->capf; i++)
            pc_buf_init(&r->f[i].val);
    }
    ris_field *f = &r->f[r->nf++];
    memcpy(f->tag, tag, 3);
    pc_buf_clear(&f->val);
    pc_buf_put(&f->val, v, n);
    f->line = r->in.lineno;
    f->col = 1 + off; /* parse_tag's "XX  - " prefix is ASCII: bytes are columns */
    return f;
}

/* ---- one record ------------------------------------------------------------------- */

/* [s, s+n) folded onto one line and in NFC, into r->tmp. */
static const char *clean_range(ris_reader *r, const char *s, size_t n)
{
    pc_buf_clear(&r->tmp);
    pc_line_fold(&r->tmp, s, n);
    /* ASCII is NFC: the inline word test is cheaper than a call into
     * pc_utf8_nfc for the (most) values that are plain ASCII */
    if (!pc_utf8_is_ascii(r->tmp.ptr, r->tmp.len))
        pc_utf8_nfc(&r->tmp);
    return r->tmp.ptr;
}

/* The value of f, cleaned. */
static const char *clean(ris_reader *r, const ris_field *f) { return clean_range(r, f->val.ptr, f->val.len); }

static bool is_tag(const ris_field *f, const char *tag) { return !memcmp(f->tag, tag, 2); }

/* A list tag (KW): one item, or one item a line when the value was
 * continued on untagged lines (EndNote writes its keywords so). */
static void read_list(ris_reader *r, pc_record *rec, const pc_map_row *row, const ris_field *f)
{
    const char *s = f->val.ptr, *end = s + f->val.len;
    if (!memchr(s, '\n', f->val.len)) {
        pc_map_read(row, rec, r->tmp.ptr, r->tmp.len, NULL, NULL);
        return;
    }
    while (s < end) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        e = e ? e : end;
        clean_range(r, s, (size_t)(e - s));
        if (r->tmp.len)
            pc_map_read(row, rec, r->tmp.ptr, r->tmp.len, NULL, NULL);
        s = e + 1;
    }
}

/* The record's type from its TY field; an unknown one is a generic work. */
static void read_type(ris_reader *r, pc_record *rec)
{
    const ris_field *f = &r->f[0];
    const char *v = clean(r, f);
    r->type = pc_ris_type_find(v);
    r->kind = r->type ? r->type->kind : PC_KIND_OTHER;
    if (!r->type)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                     "unknown RIS type \"%s\"; read as a generic work", v);
    rec->kind = r->kind;
}

/* Sets up the record: its type, where its AD lines go, the buffers of
 * the values gathered over its tags.  An AD belongs to the author whose
 * AU it follows, unless a record with several authors has all its ADs
 * after the last AU. */
static void start_record(ris_reader *r, pc_record *rec)
{
    rec->src_file = r->file;
    rec->src_line = r->f[0].line;
    read_type(r, rec);
    size_t last_au = 0, n_au = 0;
    r->first_ad = 0;
    for (size_t i = 1; i < r->nf; i++) {
        const ris_field *f = &r->f[i];
        if (!f->val.len)
            continue;
        if (is_tag(f, "AU") || is_tag(f, "A1")) {
            last_au = i;
            n_au++;
        }
        if (is_tag(f, "AD") && !r->first_ad)
            r->first_ad = i;
    }
    r->ad_positional = !(n_au > 1 && r->first_ad > last_au);
    for (size_t i = 3; buffer(r, i); i++)
        pc_buf_clear(buffer(r, i));
    pc_strlist_clear(&r->issn);
    pc_strlist_clear(&r->isbn);
    memset(&r->issued, 0, sizeof r->issued);
}

/* A tag with no row, or whose row has no field: kept as it is.  A tag the
 * specification does not know is noted once per input. */
static void keep_tag(ris_reader *r, pc_record *rec, const ris_field *f, const char *v, size_t n,
                     bool known)
{
    pc_ris_keep(rec, f, v, n);
    size_t k = tag_index(f->tag);
    if (known || r->reported[k])
        return;
    r->reported[k] = true;
    pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, 1,
                 "unknown RIS tag %s kept as it is for RIS output (noted once)", f->tag);
}

/* A TEXT row sets its field (the first value wins), a LIST row adds an item. */
static bool read_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    if (row->how == PC_MAP_TEXT)
        pc_ris_set_first(rec, row->field, x->f, x->v, x->n);
    else if (row->how == PC_MAP_LIST)
        read_list(u, rec, row, x->f);
    else
        return false;
    return true;
}

/* A tag of no row (unknown: noted once), or of a row with no field. */
static void keep_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    ((ris_reader *)u)->n_kept++;
    keep_tag(u, rec, x->f, x->v, x->n, row != NULL);
}

static const pc_map_reader ris_rows = {
    .value = read_value, .special = pc_ris_readers, .n_special = PC_RIS_N_HANDLERS, .keep = keep_value};

/* One value of a record in a dialect: as the dialect reads it, or, for a
 * tag it does not name, the generic map (perhaps as another tag). */
static void read_dialect(ris_reader *r, pc_record *rec, ris_value *x)
{
    const char *as;
    switch (pc_ris_dialect_read(r, rec, x, &as)) {
    case RIS_READ_DONE: return;
    case RIS_READ_KEEP:
        r->n_kept += !r->read_too;
        pc_ris_keep(rec, x->f, x->v, x->n);
        return;
    case RIS_READ_GENERIC: break;
    }
    pc_map_read_row(&ris_rows, pc_map_find(r->map, as, 2, r->kind), rec, r, x);
}

/* Turns the fields of one record into rec through the map.  In a dialect,
 * the values that name authors (affiliations, ORCIDs) are read after the
 * names, wherever they are. */
static void build(ris_reader *r, pc_record *rec)
{
    start_record(r, rec);
    pc_ris_dialect_begin(r, rec);
    r->match_budget = (size_t)1 << 20;
    for (int pass = 0; pass < (r->dialect ? 2 : 1); pass++)
        for (size_t i = 1; i < r->nf; i++) {
            ris_value x = {.f = &r->f[i]};
            if (r->dialect && pc_ris_dialect_late(r->dialect, x.f->tag) != (pass == 1))
                continue;
            x.v = clean(r, x.f);
            x.n = r->tmp.len;
            if (!x.n)
                continue; /* empty tags ("IS  - ") say nothing */
            r->n_values++;
            if (r->dialect)
                read_dialect(r, rec, &x);
            else
                pc_map_read_row(&ris_rows, pc_map_find(r->map, x.f->tag, 2, r->kind), rec, r, &x);
        }
    pc_ris_read_finish(r, rec);
}

/* s[from, to) for a message, a tab shown as "\t" (a tag line's prefix:
 * short, ASCII). */
static const char *shown(char out[40], const char *s, size_t from, size_t to)
{
    size_t k = 0;
    for (size_t i = from; i < to && k + 3 < 40; i++) {
        if (s[i] == '\t')
            out[k++] = '\\', out[k++] = 't';
        else
            out[k++] = s[i];
    }
    out[k] = '\0';
    return out;
}

/* The current line as a tag line (parse_tag), with the warnings: an odd
 * tag read once per tag and oddity, a tag-like line that is not read as a
 * tag (inside a record: it continues the value before it) each time. */
static line_shape line_tag(ris_reader *r, char tag[3], size_t *off, bool in_record)
{
    const char *s = r->in.line.ptr;
    unsigned odd;
    line_shape shape = parse_tag(s, r->in.line.len, tag, off, &odd);
    char buf[40];
    if (shape == LINE_ODD) {
        size_t k = tag_index(tag), dash = 2;
        while (s[dash] != '-')
            dash++;
        dash += s[dash + 1] == '\t'; /* shown with the tab after it */
        if ((r->odd_reported[k] & odd) != odd) {
            int bit = 0;
            while (!(odd >> bit & 1))
                bit++;
            pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->in.lineno, 1,
                         "RIS tag \"%s\" read as %s (%s; the standard is \"%s  - \"; noted once)",
                         shown(buf, s, 0, dash + 1), tag, odd_what[bit], tag);
            r->odd_reported[k] |= (unsigned char)odd;
        }
        return LINE_TAG;
    }
    if (shape == LINE_TAGLIKE && in_record) {
        size_t lead = 0, dash;
        while (is_blank(s[lead]))
            lead++;
        for (dash = lead + 2; s[dash] != '-'; dash++)
            ;
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->in.lineno, lead + 1,
                     "\"%s\" looks like a RIS tag but is not one (%s); read as a continuation of "
                     "the value before it",
                     shown(buf, s, lead, dash + 1),
                     lead ? "indented" : tag_known(tag) ? "spacing or case" : "no such tag");
        return LINE_TEXT;
    }
    return shape;
}

/* True for a line that only numbers the record after it ("47. ", as Ovid
 * writes them between records). */
static bool record_number(const pc_buf *line)
{
    size_t i = 0, n = line->len;
    while (i < n && pc_is_digit((unsigned char)line->ptr[i]))
        i++;
    if (!i || i >= n || line->ptr[i] != '.')
        return false;
    for (i++; i < n; i++)
        if (!is_blank(line->ptr[i]))
            return false;
    return true;
}

/* "ER  - text": the record ends there, the text is reported. */
static void check_er(ris_reader *r, size_t off)
{
    const char *s = r->in.line.ptr;
    size_t n = r->in.line.len;
    while (n > off && is_blank(s[n - 1]))
        n--;
    if (n > off)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->in.lineno, off + 1,
                     "text after \"ER  -\" ignored (a record ends at ER)");
}

pc_read_status pc_ris_read_next(void *state, pc_record *rec)
{
    ris_reader *r = state;
    char tag[3];
    size_t off = 0;
    /* find the next TY; anything else here is outside a record */
    bool stray_reported = false;
    for (;;) {
        if (!pc_lines_next(&r->in))
            return PC_READ_EOF;
        if (pc_buf_is_blank(&r->in.line))
            continue;
        if (line_tag(r, tag, &off, false) == LINE_TAG && !strcmp(tag, "TY"))
            break;
        if (record_number(&r->in.line))
            continue; /* Ovid numbers its records: "2. " */
        if (!stray_reported)
            pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->in.lineno, 1,
                         "text outside a record ignored (a record starts with \"TY  - \")");
        stray_reported = true;
    }
    bool ok = check_utf8(r);
    r->nf = 0;
    add_field(r, "TY", r->in.line.ptr + off, r->in.line.len - off, off);
    unsigned long start = r->in.lineno;
    bool ended = false;
    while (pc_lines_next(&r->in)) {
        if (pc_buf_is_blank(&r->in.line))
            continue;
        bool valid = check_utf8(r);
        ok &= valid;
        if (line_tag(r, tag, &off, valid) == LINE_TAG) {
            if (!strcmp(tag, "ER")) {
                check_er(r, off);
                ended = true;
                break;
            }
            if (!strcmp(tag, "TY")) {
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, start, 1,
                             "record has no ER line before the next TY (line %lu); both kept",
                             r->in.lineno);
                r->in.have_line = true;
                ended = true;
                break;
            }
            if (valid)
                add_field(r, tag, r->in.line.ptr + off, r->in.line.len - off, off);
            continue;
        }
        if (!valid)
            continue;
        /* an untagged line continues the previous value (a new line: the
         * value is folded onto one, but a list tag holds one item a line) */
        ris_field *f = &r->f[r->nf - 1];
        pc_buf_putc(&f->val, '\n');
        pc_buf_put(&f->val, r->in.line.ptr, r->in.line.len);
    }
    if (r->in.failed)
        return PC_READ_SKIP; /* a line too long: reported, the input ends */
    if (!ended)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, start, 1,
                     "record has no ER line before the end of the input; kept");
    if (!ok)
        return PC_READ_SKIP; /* the UTF-8 error was reported with its position */
    build(r, rec);
    return PC_READ_RECORD;
}

/* "TY  -" at the start of the first non-blank line (after a UTF-8 BOM). */
int pc_ris_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < n && pc_is_space((unsigned char)head[i]))
        i++;
    char tag[3];
    size_t off;
    unsigned odd;
    size_t e = i;
    while (e < n && head[e] != '\n' && head[e] != '\r')
        e++;
    line_shape shape = parse_tag(head + i, e - i, tag, &off, &odd);
    if ((shape == LINE_TAG || shape == LINE_ODD) && !strcmp(tag, "TY"))
        return 80;
    return 0;
}
