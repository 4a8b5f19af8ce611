/* ris.c — the RIS format (Research Information Systems): reader and writer.
 *
 * Writer: one record = "TY  - " ... "ER  - ", one tag per line, CRLF line
 * ends (as the RIS specification and Zotero write them), UTF-8.  Each value
 * is folded onto its line (line breaks, tabs, other control characters,
 * U+2028/U+2029 become spaces), so no value can span lines or start a tag.
 * The record's text is built in a buffer and written at once.
 *
 * Reader: streaming, one record per call, tolerant of what real exports
 * contain (bibutils' risin.c documents several of these quirks): a UTF-8
 * BOM, CRLF, LF or CR alone (pc_lines), one or three spaces before the
 * dash for known tags, "ER  -" with nothing after, continuation lines (an
 * untagged line continues the previous value), a missing ER before the
 * next TY, DOIs written as URLs, protocol-relative URLs, "A and B" in one
 * AU, a URL with a space that was not encoded.
 *
 * Affiliations: the writer puts each author's AD lines right after that
 * author's AU line; the reader gives an AD to the author it follows.  When
 * every AD of a record with several authors comes after the last AU (as
 * Scopus exports them) they cannot be tied to an author and are kept in the
 * comment as "Address: ...".
 *
 * arXiv: "AN  - arXiv:2610.01234v2 [cs.LG]" (the accession number, in
 * arXiv's citation form) holds the id, version and primary category; the
 * reader takes them back from an AN of that form. */
#include "paperconv/format.h"

#include <stdint.h>
#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…" */
#define JREF_PREFIX "Journal reference: "
#define ADDR_PREFIX "Address: "

/* ---- shared: values on one line ------------------------------------------ */

/* True for code points that must not appear inside a RIS value: C0 and C1
 * controls, DEL, and the Unicode line and paragraph separators. */
static bool is_breaking(int32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || cp == 0x2028 || cp == 0x2029;
}

/* True if the 8 bytes at s[i] can join a run of put_folded: all printable
 * ASCII or space, no two spaces side by side, and no space right after the
 * space at s[i-1] (i > 0).  Word-at-a-time tests: the range test is exact
 * (a byte below 0x20 has no high bit after adding 0x60; a carry out of a
 * byte needs one of 0xa0 or above, which x's own high bit already
 * flags); the space mask may also flag a '!' right after a space, which
 * only sends that word to the byte-by-byte loop. */
static bool word_stays(const char *s, size_t i)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t x;
    memcpy(&x, s + i, 8);
    if ((~(x + 0x60 * ones) | (x + ones) | x) & highs)
        return false;
    uint64_t y = x ^ (0x20 * ones);
    uint64_t spaces = (y - ones) & ~y & highs; /* 0x80 in each space byte (and maybe a '!' after one) */
    return !(spaces & (spaces << 8)) && !(s[i] == ' ' && s[i - 1] == ' ');
}

/* Appends [s, s+n) with every run of white space and breaking characters
 * folded to one space, trimmed at both ends.  Bytes that are not UTF-8
 * (none in the model, which is valid UTF-8) count as spaces.
 *
 * Fast path: almost every byte of a value is printable ASCII or a single
 * space between words, which folding leaves as it is, so the loop collects
 * a whole run of such text (8 bytes at a time where it can, anything else
 * decoded and checked) and appends it with one pc_buf_put; only the
 * separators between runs (white space to fold, breaking characters) are
 * handled one by one.  Appending code point by code point cost 30% of
 * listing -> ris, and a pc_buf_put per word still 20% of ris -> ris. */
static void put_folded(pc_buf *b, const char *s, size_t n)
{
    size_t start = b->len;
    bool space = false;
    for (size_t i = 0; i < n;) {
        size_t run = i;
        bool stop = false;
        while (i < n && !stop) {
            if (i > run && n - i >= 8 && word_stays(s, i)) {
                i += 8;
                continue;
            }
            for (size_t end = n - i > 8 ? i + 8 : n; i < end;) {
                unsigned char c = (unsigned char)s[i];
                if (c > 0x20 && c < 0x7f) {
                    i++;
                    continue;
                }
                if (c == ' ' && i > run && s[i - 1] != ' ') { /* one space after text stays */
                    i++;
                    continue;
                }
                int32_t cp;
                int len = c < 0x80 ? 0 : pc_utf8_next(s + i, n - i, &cp);
                if (len < 1 || is_breaking(cp)) {
                    stop = true; /* space, C0 control, DEL, a breaking or a bad character */
                    break;
                }
                i += (size_t)len;
            }
        }
        if (i > run && s[i - 1] == ' ')
            i--; /* a space that ends a run is folded with what follows it */
        if (i > run) {
            if (space)
                pc_buf_putc(b, ' ');
            space = false;
            pc_buf_put(b, s + run, i - run);
        }
        if (i < n) { /* a separator: skip it, remember a space if text came before */
            int32_t cp;
            int len = (unsigned char)s[i] < 0x80 ? 1 : pc_utf8_next(s + i, n - i, &cp);
            space = b->len > start;
            i += len < 1 ? 1 : (size_t)len;
        }
    }
}

/* ---- type map -------------------------------------------------------------- */

typedef struct ris_type {
    const char *code;
    pc_kind kind;
} ris_type;

/* TY codes of the RIS specification (and a few long names seen in real
 * files, such as rispy's "Journal Article"), compared case-insensitively. */
static const ris_type ris_types[] = {
    {"JOUR", PC_KIND_ARTICLE},      {"JFULL", PC_KIND_ARTICLE},    {"ABST", PC_KIND_ARTICLE},
    {"INPR", PC_KIND_ARTICLE},      {"MGZN", PC_KIND_ARTICLE},     {"NEWS", PC_KIND_ARTICLE},
    {"EJOUR", PC_KIND_ARTICLE},     {"CPAPER", PC_KIND_CONFERENCE}, {"CONF", PC_KIND_CONFERENCE},
    {"BOOK", PC_KIND_BOOK},         {"EBOOK", PC_KIND_BOOK},       {"EDBOOK", PC_KIND_BOOK},
    {"CHAP", PC_KIND_CHAPTER},      {"ECHAP", PC_KIND_CHAPTER},    {"THES", PC_KIND_THESIS},
    {"RPRT", PC_KIND_REPORT},       {"UNPB", PC_KIND_PREPRINT},    {"MANSCPT", PC_KIND_PREPRINT},
    {"GEN", PC_KIND_OTHER},         {"ELEC", PC_KIND_WEBPAGE},     {"WEB", PC_KIND_WEBPAGE},
    {"BLOG", PC_KIND_WEBPAGE},      {"DATA", PC_KIND_DATASET},     {"DBASE", PC_KIND_DATASET},
    {"AGGR", PC_KIND_DATASET},      {"COMP", PC_KIND_SOFTWARE},    {"PAT", PC_KIND_OTHER},
    {"STAT", PC_KIND_OTHER},        {"CASE", PC_KIND_OTHER},       {"BILL", PC_KIND_OTHER},
    {"HEAR", PC_KIND_OTHER},        {"SOUND", PC_KIND_OTHER},      {"VIDEO", PC_KIND_OTHER},
    {"MPCT", PC_KIND_OTHER},        {"MAP", PC_KIND_OTHER},        {"ART", PC_KIND_OTHER},
    {"ADVS", PC_KIND_OTHER},        {"CTLG", PC_KIND_OTHER},       {"PAMP", PC_KIND_OTHER},
    {"PCOMM", PC_KIND_OTHER},       {"ICOMM", PC_KIND_OTHER},      {"SLIDE", PC_KIND_OTHER},
    {"STAND", PC_KIND_OTHER},       {"GOVDOC", PC_KIND_OTHER},     {"LEGAL", PC_KIND_OTHER},
    {"CLSWK", PC_KIND_OTHER},       {"ANCIENT", PC_KIND_OTHER},    {"MUSIC", PC_KIND_OTHER},
    {"CHART", PC_KIND_OTHER},       {"DICT", PC_KIND_OTHER},       {"ENCYC", PC_KIND_OTHER},
    {"EQUA", PC_KIND_OTHER},        {"FIGURE", PC_KIND_OTHER},     {"UNBILL", PC_KIND_OTHER},
    {"SER", PC_KIND_OTHER},
    /* long names */
    {"Journal Article", PC_KIND_ARTICLE}, {"Magazine Article", PC_KIND_ARTICLE},
    {"Newspaper Article", PC_KIND_ARTICLE}, {"Conference Paper", PC_KIND_CONFERENCE},
    {"Conference Proceedings", PC_KIND_CONFERENCE}, {"Book", PC_KIND_BOOK},
    {"Edited Book", PC_KIND_BOOK}, {"Book Section", PC_KIND_CHAPTER},
    {"Thesis", PC_KIND_THESIS}, {"Report", PC_KIND_REPORT}, {"Web Page", PC_KIND_WEBPAGE},
    {"Dataset", PC_KIND_DATASET}, {"Computer Program", PC_KIND_SOFTWARE},
    {"Unpublished Work", PC_KIND_PREPRINT}, {"Generic", PC_KIND_OTHER},
};

/* The TY code the writer gives a record.  Preprints (and records of no known
 * kind) are UNPB, "unpublished work": it says what a preprint is, not yet
 * published, which GEN ("generic") does not; Zotero imports UNPB as a
 * manuscript and bibutils as genre "unpublished", both truer than a generic
 * item.  A record of no kind that names a container is a journal article,
 * as in the BibTeX writer. */
static const char *ty_code(const pc_record *r)
{
    /* a kind RIS has no code for is written as its broader kind (kinds.def):
     * every chain ends at one of the kinds below */
    pc_kind k = r->kind;
    for (pc_kind b; (unsigned)k < PC_KIND_COUNT && (b = pc_kind_broader(k)) != k;)
        k = b;
    switch (k) {
    case PC_KIND_NONE: return pc_record_has(r, PC_F_CONTAINER_TITLE) ? "JOUR" : "UNPB";
    case PC_KIND_PREPRINT: return "UNPB";
    case PC_KIND_ARTICLE: return "JOUR";
    case PC_KIND_CONFERENCE: return "CPAPER";
    case PC_KIND_BOOK: return "BOOK";
    case PC_KIND_CHAPTER: return "CHAP";
    case PC_KIND_THESIS: return "THES";
    case PC_KIND_REPORT: return "RPRT";
    case PC_KIND_WEBPAGE: return "ELEC";
    case PC_KIND_DATASET: return "DATA";
    case PC_KIND_SOFTWARE: return "COMP";
    case PC_KIND_OTHER: return "GEN";
    default: return "GEN";
    }
}

/* ==== writer ================================================================= */

static const char fmt_name[] = "ris"; /* for pc_ctx_dropped, which keeps the pointer */

typedef struct ris_writer {
    FILE *out;
    pc_ctx *ctx;
    pc_buf rec;  /* the record being built */
    pc_buf tmp;  /* an author's "Family, Given" being built */
} ris_writer;

static void *ris_begin(FILE *out, pc_ctx *ctx)
{
    ris_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    pc_buf_init(&w->rec);
    pc_buf_init(&w->tmp);
    return w;
}

/* Appends "TAG  - value\r\n" with the value folded onto one line; nothing
 * when the folded value is empty.  `tail` (may be NULL) is appended to a
 * non-empty value.  The value is folded straight into the record and the
 * line taken back if it came out empty: no temporary copy, no printf (which
 * measured and then formatted every value, abstracts included). */
static void put_tag2(ris_writer *w, const char *tag, const char *v, const char *tail)
{
    if (!v)
        return;
    size_t mark = w->rec.len;
    pc_buf_puts(&w->rec, tag);
    pc_buf_puts(&w->rec, "  - ");
    size_t value = w->rec.len;
    put_folded(&w->rec, v, strlen(v));
    if (w->rec.len == value) {
        pc_buf_truncate(&w->rec, mark);
        return;
    }
    if (tail)
        pc_buf_puts(&w->rec, tail);
    pc_buf_put(&w->rec, "\r\n", 2);
}

static void put_tag(ris_writer *w, const char *tag, const char *v) { put_tag2(w, tag, v, NULL); }

/* Appends the particles, dropping one first ("de la"), and a space; nothing
 * when there is none.  RIS has one place for them, before the family name. */
static void put_particles(pc_buf *v, const pc_name *nm)
{
    if (nm->dparticle && *nm->dparticle) {
        pc_buf_puts(v, nm->dparticle);
        pc_buf_putc(v, ' ');
    }
    if (nm->particle && *nm->particle) {
        pc_buf_puts(v, nm->particle);
        pc_buf_putc(v, ' ');
    }
}

/* "Family, Given, Suffix" with the particles in front of the family name;
 * organisations (and a name with no family part) as one value. */
static void put_author(ris_writer *w, const pc_name *nm)
{
    pc_buf *v = &w->tmp; /* reused: no allocation per author */
    pc_buf_clear(v);
    if (nm->literal || !nm->family) {
        const char *lit = nm->literal ? nm->literal : nm->given;
        if (lit)
            pc_buf_puts(v, lit);
    } else {
        put_particles(v, nm);
        pc_buf_puts(v, nm->family);
        bool given = nm->given && *nm->given, suffix = nm->suffix && *nm->suffix;
        if (given || suffix) {
            pc_buf_puts(v, ", ");
            if (given)
                pc_buf_puts(v, nm->given);
        }
        if (suffix) {
            pc_buf_puts(v, ", "); /* "Family, , Jr." without a given name */
            pc_buf_puts(v, nm->suffix);
        }
    }
    put_tag(w, "AU", v->ptr);
    for (size_t k = 0; k < nm->affiliations.n; k++)
        put_tag(w, "AD", nm->affiliations.items[k]);
}

/* "UR  - URL" with what would cut the URL percent-encoded: a space (a
 * reader splits a UR value at spaces), and the control characters and line
 * separators put_folded turns into spaces; bytes that are not UTF-8 too.
 * Everything else, '%' and non-ASCII letters (IRIs) included, as it is. */
static void put_url(ris_writer *w, const char *url)
{
    static const char hex[] = "0123456789ABCDEF";
    pc_buf *u = &w->tmp;
    pc_buf_clear(u);
    for (size_t i = 0, n = strlen(url); i < n;) {
        unsigned char c = (unsigned char)url[i];
        int32_t cp = c;
        int len = c < 0x80 ? 1 : pc_utf8_next(url + i, n - i, &cp);
        if (len < 1) {
            len = 1;
            cp = 0;
        }
        if (cp > 0x20 && !is_breaking(cp)) {
            pc_buf_put(u, url + i, (size_t)len);
        } else {
            for (int k = 0; k < len; k++) {
                unsigned char b = (unsigned char)url[i + (size_t)k];
                pc_buf_putc(u, '%');
                pc_buf_putc(u, hex[b >> 4]);
                pc_buf_putc(u, hex[b & 15]);
            }
        }
        i += (size_t)len;
    }
    put_tag(w, "UR", u->ptr);
}

/* Length of the dash at p (n bytes left): '-', an en or an em dash; 0 if none. */
static size_t dash_len(const char *p, size_t n)
{
    if (n >= 1 && p[0] == '-')
        return 1;
    if (n >= 3 && (!memcmp(p, "\xE2\x80\x93", 3) || !memcmp(p, "\xE2\x80\x94", 3)))
        return 3;
    return 0;
}

/* Splits "310-324", "310--324", "310–324" into SP and EP. */
static void put_pages(ris_writer *w, const char *pages)
{
    if (!pages)
        return;
    size_t n = strlen(pages), i = 0;
    while (i < n && !dash_len(pages + i, n - i))
        i++;
    if (i == 0 || i == n) {
        put_tag(w, "SP", pages);
        return;
    }
    char *sp = pc_xstrndup(pages, i);
    for (size_t d; (d = dash_len(pages + i, n - i)) > 0;)
        i += d;
    put_tag(w, "SP", sp);
    put_tag(w, "EP", pages + i); /* nothing written if empty ("12-") */
    free(sp);
}

static bool ris_write(void *state, const pc_record *r)
{
    ris_writer *w = state;
    /* No blank line between records: every line is a tag line. */
    pc_buf_clear(&w->rec);
    pc_buf_puts(&w->rec, "TY  - ");
    pc_buf_puts(&w->rec, ty_code(r));
    pc_buf_puts(&w->rec, "\r\n");
    put_tag(w, "ID", r->key);
    const pc_names *authors = pc_record_names(r, PC_F_AUTHOR);
    for (size_t i = 0; authors && i < authors->n; i++)
        put_author(w, &authors->items[i]);
    put_tag(w, "TI", pc_record_get(r, PC_F_TITLE));
    /* JO for journals, T2 for proceedings, book titles and anything else */
    bool journal = !strcmp(ty_code(r), "JOUR");
    put_tag(w, journal ? "JO" : "T2", pc_record_get(r, PC_F_CONTAINER_TITLE));
    const pc_date *date = pc_record_date(r, PC_F_ISSUED);
    if (date) {
        pc_buf_puts(&w->rec, "PY  - ");
        pc_buf_put_int(&w->rec, date->year, 4);
        pc_buf_puts(&w->rec, "\r\nDA  - ");
        pc_buf_put_int(&w->rec, date->year, 4);
        pc_buf_putc(&w->rec, '/');
        if (date->month)
            pc_buf_put_int(&w->rec, date->month, 2);
        pc_buf_putc(&w->rec, '/');
        if (date->day)
            pc_buf_put_int(&w->rec, date->day, 2);
        pc_buf_puts(&w->rec, "/\r\n");
    }
    put_tag(w, "VL", pc_record_get(r, PC_F_VOLUME));
    put_tag(w, "IS", pc_record_get(r, PC_F_ISSUE));
    put_pages(w, pc_record_get(r, PC_F_PAGE));
    put_tag(w, "PB", pc_record_get(r, PC_F_PUBLISHER));
    put_tag(w, "DO", pc_record_get(r, PC_F_DOI));
    const char *arxiv_id = pc_record_get(r, PC_F_ARXIV_ID);
    const char *arxiv_version = pc_record_get(r, PC_F_ARXIV_VERSION);
    const char *arxiv_class = pc_record_get(r, PC_F_ARXIV_CLASS);
    if (arxiv_id) { /* the accession number in arXiv's own citation form */
        pc_buf *a = &w->tmp;
        pc_buf_clear(a);
        pc_buf_puts(a, "arXiv:");
        pc_buf_puts(a, arxiv_id);
        if (arxiv_version) {
            pc_buf_putc(a, 'v');
            pc_buf_puts(a, arxiv_version);
        }
        if (arxiv_class) {
            pc_buf_puts(a, " [");
            pc_buf_puts(a, arxiv_class);
            pc_buf_putc(a, ']');
        }
        put_tag(w, "AN", a->ptr);
    }
    const pc_strlist *urls = pc_record_list(r, PC_F_URL);
    for (size_t i = 0; urls && i < urls->n; i++)
        put_url(w, urls->items[i]);
    const pc_strlist *keywords = pc_record_list(r, PC_F_KEYWORD);
    for (size_t i = 0; keywords && i < keywords->n; i++)
        put_tag(w, "KW", keywords->items[i]);
    const pc_text *abstract = pc_record_text(r, PC_F_ABSTRACT);
    if (abstract)
        put_tag2(w, "AB", abstract->s, abstract->truncated ? ELLIPSIS : NULL);
    put_tag(w, "N1", pc_record_get(r, PC_F_NOTE));
    /* the journal reference on an N1 line of its own (not
     * pc_record_note_compose, whose one note would fold onto one line) */
    const char *jref = pc_record_get(r, PC_F_JOURNAL_REF);
    if (jref) {
        pc_buf *j = &w->tmp;
        pc_buf_clear(j);
        pc_buf_puts(j, JREF_PREFIX);
        pc_buf_puts(j, jref);
        put_tag(w, "N1", j->ptr);
    }
    pc_buf_puts(&w->rec, "ER  - \r\n");

    /* what RIS has no tag for */
    if (!arxiv_id && arxiv_class)
        pc_ctx_dropped(w->ctx, fmt_name, "arxiv primary category");
    if (pc_record_date(r, PC_F_UPDATED))
        pc_ctx_dropped(w->ctx, fmt_name, "updated date");
    if (authors && authors->et_al)
        pc_ctx_dropped(w->ctx, fmt_name, "et al. (cut author list)");
    const pc_text *title = pc_record_text(r, PC_F_TITLE);
    if ((title && title->markup.n) || (abstract && abstract->markup.n))
        pc_ctx_dropped(w->ctx, fmt_name, "italic/bold (text kept)");
    return fwrite(w->rec.ptr, 1, w->rec.len, w->out) == w->rec.len;
}

static bool ris_end(void *state)
{
    ris_writer *w = state;
    pc_buf_free(&w->rec);
    pc_buf_free(&w->tmp);
    free(w);
    return true;
}

/* ==== reader ================================================================= */

enum { RIS_NTAGS = 26 * 36 }; /* [A-Z][A-Z0-9] */

/* One "TAG  - value" of the record being read (values may grow by
 * continuation lines). */
typedef struct ris_field {
    char tag[3];
    pc_buf val;
    unsigned long line, col; /* of the value */
} ris_field;

typedef struct ris_reader {
    pc_ctx *ctx;
    const char *file;
    pc_lines in; /* the input, line by line */
    ris_field *f; /* the current record's fields; buffers are reused */
    size_t nf, capf;
    pc_buf tmp, tmp2;
    /* values of repeated tags, joined as they come (linear however many):
     * AB, N2, N1 and the AD lines that cannot be tied to an author */
    pc_buf ab, n2, note, addr;
    bool reported[RIS_NTAGS]; /* dropped tags already noted for this input */
    bool counted[RIS_NTAGS];  /* dropped tags already counted for this record */
    bool counted_unknown;     /* an unknown tag already counted for this record */
} ris_reader;

/* Tags we read.  Others are reported once per input and dropped. */
static const char *const read_tags[] = {
    "TY", "ER", "ID", "AU", "A1", "TI", "T1", "CT", "BT", "JF", "JO", "JA", "J1", "J2", "T2",
    "PY", "Y1", "DA", "VL", "VO", "IS", "CP", "SP", "EP", "PB", "DO", "UR", "LK", "KW",
    "AB", "N2", "N1", "AD", "Y2", "AN",
};

/* Tags the model has no place for, with what they hold.  `label` is what
 * the -v summary shows (pc_ctx_dropped keeps the pointer: a literal). */
#define UNKEPT(t, w) {.tag = t, .what = w, .label = "RIS tag " t " (" w ")"}
static const struct {
    const char *tag, *what, *label;
} unkept_tags[] = {
    UNKEPT("A2", "secondary authors / editors"), UNKEPT("A3", "tertiary authors"),
    UNKEPT("A4", "subsidiary authors"),          UNKEPT("ED", "editors"),
    UNKEPT("SN", "ISSN/ISBN"),                   UNKEPT("LA", "language"),
    UNKEPT("DB", "database"),                    UNKEPT("DP", "database provider"),
    UNKEPT("M1", "miscellaneous"),               UNKEPT("M2", "miscellaneous"),
    UNKEPT("M3", "type of work"),                UNKEPT("ST", "short title"),
    UNKEPT("CY", "place of publication"),        UNKEPT("ET", "edition"),
    UNKEPT("T3", "series title"),                UNKEPT("AN", "accession number (not arXiv:ID)"),
    UNKEPT("CN", "call number"),                 UNKEPT("C1", "custom field"),
    UNKEPT("L1", "file attachment"),             UNKEPT("L2", "full-text link"),
    UNKEPT("L3", "related records"),             UNKEPT("L4", "image"),
    UNKEPT("RP", "reprint status"),              UNKEPT("U1", "user field"),
    UNKEPT("Y2", "access date"),                 UNKEPT("NV", "number of volumes"),
    UNKEPT("OP", "original publication"),        UNKEPT("RI", "reviewed item"),
    UNKEPT("SE", "section"),                     UNKEPT("TT", "translated title"),
};
#undef UNKEPT
static const char drop_who[] = "paperconv"; /* "paperconv has no place for RIS tag ..." */

static bool tag_known(const char *tag)
{
    for (size_t i = 0; i < sizeof read_tags / sizeof *read_tags; i++)
        if (!memcmp(read_tags[i], tag, 2))
            return true;
    for (size_t i = 0; i < sizeof unkept_tags / sizeof *unkept_tags; i++)
        if (!memcmp(unkept_tags[i].tag, tag, 2))
            return true;
    return false;
}

static size_t tag_index(const char *tag)
{
    size_t b = pc_is_digit((unsigned char)tag[1]) ? 26 + (size_t)(tag[1] - '0') : (size_t)(tag[1] - 'A');
    return (size_t)(tag[0] - 'A') * 36 + b;
}

/* Recognises "TG  - value".  The standard has two spaces before the dash;
 * one or three (bibutils' risin.c notes publishers that write three) are
 * accepted for tags we know, so that a continuation line such as
 * "UK - based study" is not taken for a tag.  "ER  -" may end the line.
 * On success tag[] is filled and *val is the offset of the value. */
static bool parse_tag(const char *s, size_t n, char tag[3], size_t *val)
{
    if (n < 3 || !pc_is_upper((unsigned char)s[0]) ||
        !(pc_is_upper((unsigned char)s[1]) || pc_is_digit((unsigned char)s[1])))
        return false;
    size_t i = 2;
    while (i < n && i < 6 && s[i] == ' ')
        i++;
    size_t spaces = i - 2;
    if (spaces < 1 || spaces > 3 || i >= n || s[i] != '-')
        return false;
    i++;
    if (i < n && s[i] != ' ')
        return false;
    tag[0] = s[0];
    tag[1] = s[1];
    tag[2] = '\0';
    if (spaces != 2 && !tag_known(tag))
        return false;
    while (i < n && s[i] == ' ')
        i++;
    *val = i;
    return true;
}

/* Reports invalid UTF-8 in the current line; true if the line is valid.
 * An ASCII line (most) is passed by pc_utf8_is_ascii's tighter loop first. */
static bool check_utf8(ris_reader *r)
{
    size_t bad;
    if (pc_utf8_is_ascii(r->in.line.ptr, r->in.line.len) || pc_utf8_valid(r->in.line.ptr, r->in.line.len, &bad))
        return true;
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->in.lineno, bad + 1,
                 r->in.line.ptr[bad] ? "invalid UTF-8 byte 0x%02X; record skipped%s"
                                  : "NUL byte (0x%02X) in text; record skipped%s",
                 (unsigned char)r->in.line.ptr[bad],
                 pc_encoding_hint(r->in.line.ptr + bad, r->in.line.len - bad));
    return false;
}

static void *ris_open(pc_source *src, pc_ctx *ctx)
{
    ris_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = pc_source_name(src);
    pc_lines_init(&r->in, src, ctx);
    pc_buf_init(&r->tmp);
    pc_buf_init(&r->tmp2);
    pc_buf_init(&r->ab);
    pc_buf_init(&r->n2);
    pc_buf_init(&r->note);
    pc_buf_init(&r->addr);
    return r;
}

static void ris_close(void *state)
{
    ris_reader *r = state;
    if (!r)
        return;
    for (size_t i = 0; i < r->capf; i++)
        pc_buf_free(&r->f[i].val);
    free(r->f);
    pc_lines_free(&r->in);
    pc_buf_free(&r->tmp);
    pc_buf_free(&r->tmp2);
    pc_buf_free(&r->ab);
    pc_buf_free(&r->n2);
    pc_buf_free(&r->note);
    pc_buf_free(&r->addr);
    free(r);
}

static ris_field *add_field(ris_reader *r, const char *tag, const char *v, size_t n, size_t off)
{
    if (r->nf == r->capf) {
        size_t cap = r->capf ? 2 * r->capf : 32;
        r->f = pc_xrealloc(r->f, cap * sizeof *r->f);
        for (size_t i = r->capf; i < cap; i++)
            pc_buf_init(&r->f[i].val);
        r->capf = cap;
    }
    ris_field *f = &r->f[r->nf++];
    memcpy(f->tag, tag, 3);
    pc_buf_clear(&f->val);
    pc_buf_put(&f->val, v, n);
    f->line = r->in.lineno;
    f->col = 1 + pc_utf8_len(r->in.line.ptr, off);
    return f;
}

/* Notes a tag the model cannot hold: once per input with its position, and
 * counted once per record in the -v summary. */
static void drop_tag(ris_reader *r, const ris_field *f)
{
    size_t k = tag_index(f->tag);
    const char *what = NULL, *label = "unknown RIS tags";
    for (size_t i = 0; i < sizeof unkept_tags / sizeof *unkept_tags; i++)
        if (!memcmp(unkept_tags[i].tag, f->tag, 2)) {
            what = unkept_tags[i].what;
            label = unkept_tags[i].label;
        }
    bool *counted = what ? &r->counted[k] : &r->counted_unknown;
    if (!*counted) {
        *counted = true;
        pc_ctx_dropped(r->ctx, drop_who, label);
    }
    if (r->reported[k])
        return;
    r->reported[k] = true;
    if (what)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, 1,
                     "RIS tag %s (%s) is not kept (noted once)", f->tag, what);
    else
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, 1,
                     "unknown RIS tag %s dropped (noted once)", f->tag);
}

/* The value of f, folded onto one line and in NFC, into r->tmp. */
static const char *clean(ris_reader *r, const ris_field *f)
{
    pc_buf_clear(&r->tmp);
    put_folded(&r->tmp, f->val.ptr, f->val.len);
    /* ASCII is NFC: the inline word test is cheaper than a call into
     * pc_utf8_nfc for the (most) values that are plain ASCII */
    if (!pc_utf8_is_ascii(r->tmp.ptr, r->tmp.len))
        pc_utf8_nfc(&r->tmp);
    return r->tmp.ptr;
}

static bool is_tag(const ris_field *f, const char *tag) { return !memcmp(f->tag, tag, 2); }

static pc_kind kind_of(ris_reader *r, const ris_field *f)
{
    const char *v = clean(r, f);
    for (size_t i = 0; i < sizeof ris_types / sizeof *ris_types; i++)
        if (!pc_strcasecmp(ris_types[i].code, v))
            return ris_types[i].kind;
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                 "unknown RIS type \"%s\"; read as a generic work", v);
    return PC_KIND_OTHER;
}

/* One name of an AU/A1 value, "Family, Given, Suffix" (RIS order) or
 * natural order, through the shared parser (which reads BibTeX's
 * "Family, Suffix, Given"). */
static void add_name(ris_reader *r, pc_record *rec, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (!n)
        return;
    if ((n == 6 && !pc_strncasecmp(s, "others", 6)) || (n >= 5 && !pc_strncasecmp(s, "et al", 5) && n <= 6)) {
        pc_record_names_mut(rec, PC_F_AUTHOR)->et_al = true;
        return;
    }
    const char *c1 = memchr(s, ',', n);
    const char *c2 = c1 ? memchr(c1 + 1, ',', n - (size_t)(c1 + 1 - s)) : NULL;
    pc_buf_clear(&r->tmp2);
    if (c2 && !memchr(c2 + 1, ',', n - (size_t)(c2 + 1 - s)) && !pc_name_is_organisation(s, n)) {
        /* RIS "Family, Given, Suffix" -> "Family, Suffix, Given" */
        pc_buf_put(&r->tmp2, s, (size_t)(c1 - s));
        pc_buf_puts(&r->tmp2, ", ");
        pc_buf_put(&r->tmp2, c2 + 1, n - (size_t)(c2 + 1 - s));
        pc_buf_puts(&r->tmp2, ", ");
        pc_buf_put(&r->tmp2, c1 + 1, (size_t)(c2 - c1 - 1));
    } else {
        pc_buf_put(&r->tmp2, s, n);
    }
    pc_name nm = {0}; /* pc_name_parse clears (frees) it first */
    pc_name_parse(r->tmp2.ptr, r->tmp2.len, &nm);
    if (!nm.family && !nm.given && !nm.literal) {
        pc_name_clear(&nm); /* nothing left, e.g. ", ," */
        return;
    }
    *pc_record_add_name(rec, PC_F_AUTHOR) = nm; /* the record owns its strings now */
}

/* The first " and " in [s, s+n), or NULL.  Not strstr from each split
 * point: ASan's strstr measures the whole rest of the string every call,
 * which made a value of 100 000 " and "s quadratic under the sanitizer. */
static const char *find_and(const char *s, size_t n)
{
    for (const char *p = s, *e = s + n; (p = memchr(p, ' ', (size_t)(e - p))) != NULL; p++)
        if (e - p >= 5 && memcmp(p, " and ", 5) == 0)
            return p;
    return NULL;
}

/* An AU value may hold several names joined by " and " (not inside an
 * organisation's name, "Bill and Melinda Gates Foundation"). */
static void add_names(ris_reader *r, pc_record *rec, const char *v)
{
    /* v is r->tmp's text, which add_name leaves alone (it works in
     * r->tmp2): no copy per AU line. */
    size_t n = strlen(v), start = 0;
    /* The organisation test is asked only when there is an " and " to
     * split at: it cost 8% of ris -> ris, for values that have none. */
    const char *and = find_and(v, n);
    if (and && !pc_name_is_organisation(v, n))
        for (; and; and = find_and(v + start, n - start)) {
            add_name(r, rec, v + start, (size_t)(and - v) - start);
            start = (size_t)(and - v) + 5;
        }
    add_name(r, rec, v + start, n - start);
}

/* Sets *dst to the cleaned value of f unless it is empty or *dst is
 * already set (the first of repeated tags wins). */
static void set_first(ris_reader *r, char **dst, const ris_field *f)
{
    const char *v = clean(r, f);
    if (*v && !*dst)
        *dst = pc_xstrdup(v);
}

/* The same for the record's field `field`. */
static void set_first_field(ris_reader *r, pc_record *rec, pc_field field, const ris_field *f)
{
    const char *v = clean(r, f);
    if (*v && !pc_record_has(rec, field))
        pc_record_set(rec, field, v, strlen(v));
}

/* Appends `prefix` and v to b, with `sep` before them unless b is empty. */
static void append(pc_buf *b, const char *sep, const char *prefix, const char *v)
{
    if (b->len)
        pc_buf_puts(b, sep);
    pc_buf_puts(b, prefix);
    pc_buf_puts(b, v);
}

/* True if s starts a URL: "scheme://", "//" or "www.". */
static bool url_start(const char *s)
{
    if ((s[0] == '/' && s[1] == '/') || !pc_strncasecmp(s, "www.", 4))
        return true;
    size_t i = 0;
    while (pc_is_alnum((unsigned char)s[i]) || (i && (s[i] == '+' || s[i] == '-' || s[i] == '.')))
        i++;
    return i && pc_is_alpha((unsigned char)s[0]) && s[i] == ':' && s[i + 1] == '/' && s[i + 2] == '/';
}

/* The URLs of a UR or LK value v (folded: single spaces).  A value is one
 * URL, its spaces written %20 (a URL holds no space: "https://e.org/a b" is
 * one URL that was not encoded); only a space before another URL's start
 * ("http://a.org http://b.org") separates two.  "//host/..."
 * (protocol-relative, ScienceDirect) gets "https:". */
static void add_urls(ris_reader *r, pc_record *rec, const char *v)
{
    for (const char *p = v; *p;) {
        pc_buf_clear(&r->tmp2);
        if (p[0] == '/' && p[1] == '/')
            pc_buf_puts(&r->tmp2, "https:");
        for (;;) {
            const char *e = strchr(p, ' ');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            pc_buf_put(&r->tmp2, p, n);
            p += n;
            if (!*p || url_start(++p))
                break;
            pc_buf_puts(&r->tmp2, "%20");
        }
        pc_record_list_add(rec, PC_F_URL, r->tmp2.ptr, r->tmp2.len);
    }
}

/* "arXiv:ID[vN][ [primary]]" (arXiv's citation form) into rec's arXiv
 * fields; false (rec unchanged) for any other accession number. */
static bool read_arxiv(const char *v, pc_record *rec)
{
    if (pc_strncasecmp(v, "arXiv:", 6) || pc_record_has(rec, PC_F_ARXIV_ID))
        return false;
    const char *id = v + 6, *e = id;
    while (*e && *e != ' ')
        e++;
    const char *cat = NULL;
    size_t catn = 0;
    if (*e == ' ') {
        const char *c = e + 1;
        size_t cn = strlen(c);
        if (cn < 3 || c[0] != '[' || c[cn - 1] != ']' || memchr(c + 1, ' ', cn - 2))
            return false;
        cat = c + 1;
        catn = cn - 2;
    }
    pc_buf idb = PC_BUF_INIT;
    int version;
    size_t n = (size_t)(e - id);
    if (!n || pc_arxiv_scan(id, n, &idb, &version) != n) {
        pc_buf_free(&idb);
        return false;
    }
    pc_record_set(rec, PC_F_ARXIV_ID, idb.ptr, idb.len);
    if (version) { /* the version as text, "2"; none when 0 (as pc_record_set_arxiv) */
        pc_buf_clear(&idb);
        pc_buf_put_int(&idb, version, 1);
        pc_record_set(rec, PC_F_ARXIV_VERSION, idb.ptr, idb.len);
    }
    pc_buf_free(&idb);
    if (catn)
        pc_record_set(rec, PC_F_ARXIV_CLASS, cat, catn);
    return true;
}

static int date_parts(const pc_date *d) { return (d->year > 0) + (d->month > 0) + (d->day > 0); }

/* Turns the fields of one record into rec.  Returns false if the record
 * cannot be used (reported). */
static bool build(ris_reader *r, pc_record *rec)
{
    memset(r->counted, 0, sizeof r->counted);
    r->counted_unknown = false;
    rec->src_file = r->file;
    rec->src_line = r->f[0].line;
    rec->kind = kind_of(r, &r->f[0]);

    /* Affiliations: an AD belongs to the author whose AU it follows, unless
     * a record with several authors has all its ADs after the last AU. */
    size_t last_au = 0, n_au = 0, first_ad = 0;
    bool title_tag = false; /* a TI, T1 or CT with a value */
    bool full = false;      /* a full container name (JF, JO, T2, BT) */
    for (size_t i = 1; i < r->nf; i++) {
        const ris_field *f = &r->f[i];
        if (!f->val.len)
            continue;
        if (is_tag(f, "AU") || is_tag(f, "A1")) {
            last_au = i;
            n_au++;
        }
        if (is_tag(f, "AD") && !first_ad)
            first_ad = i;
        title_tag |= is_tag(f, "TI") || is_tag(f, "T1") || is_tag(f, "CT");
        full |= is_tag(f, "JF") || is_tag(f, "JO") || is_tag(f, "T2") || is_tag(f, "BT");
    }
    bool ad_positional = !(n_au > 1 && first_ad > last_au);
    pc_buf_clear(&r->ab);
    pc_buf_clear(&r->n2);
    pc_buf_clear(&r->note);
    pc_buf_clear(&r->addr);

    pc_date best = {0};
    char *pages_sp = NULL, *pages_ep = NULL;
    for (size_t i = 1; i < r->nf; i++) {
        ris_field *f = &r->f[i];
        const char *v = clean(r, f);
        if (!*v)
            continue; /* empty tags ("IS  - ") say nothing */
        if (is_tag(f, "AU") || is_tag(f, "A1")) {
            add_names(r, rec, v);
        } else if (is_tag(f, "AD")) {
            if (ad_positional && pc_record_n_authors(rec)) {
                pc_names *au = pc_record_names_mut(rec, PC_F_AUTHOR);
                pc_strlist_push(&au->items[au->n - 1].affiliations, v);
            } else {
                append(&r->addr, "; ", ADDR_PREFIX, v);
            }
        } else if (is_tag(f, "ID")) {
            set_first(r, &rec->key, f);
        } else if (is_tag(f, "TI") || is_tag(f, "T1") || is_tag(f, "CT")) {
            set_first_field(r, rec, PC_F_TITLE, f);
        } else if (is_tag(f, "BT")) {
            /* the book's own title for a book, the container for a chapter */
            set_first_field(r, rec, rec->kind == PC_KIND_BOOK ? PC_F_TITLE : PC_F_CONTAINER_TITLE, f);
        } else if (is_tag(f, "JF") || is_tag(f, "JO") || is_tag(f, "T2")) {
            set_first_field(r, rec, PC_F_CONTAINER_TITLE, f);
        } else if (is_tag(f, "JA") || is_tag(f, "J1") || is_tag(f, "J2")) {
            if (!full) /* abbreviations: only when no full name comes */
                set_first_field(r, rec, PC_F_CONTAINER_TITLE, f);
        } else if (is_tag(f, "PY") || is_tag(f, "Y1") || is_tag(f, "DA") || is_tag(f, "Y2")) {
            pc_date d;
            if (!pc_date_parse(v, strlen(v), &d)) {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, f->line, f->col,
                             "cannot read the date \"%s\" (%s)", v, f->tag);
            } else if (is_tag(f, "Y2")) {
                drop_tag(r, f); /* Zotero's access date: not the date of the work */
            } else if (date_parts(&d) > date_parts(&best)) {
                if (best.year && d.year != best.year)
                    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                                 "date %s disagrees with the year %d given earlier; using %s", v,
                                 best.year, v);
                best = d;
            }
        } else if (is_tag(f, "VL") || is_tag(f, "VO")) {
            set_first_field(r, rec, PC_F_VOLUME, f);
        } else if (is_tag(f, "IS") || is_tag(f, "CP")) {
            set_first_field(r, rec, PC_F_ISSUE, f);
        } else if (is_tag(f, "SP")) {
            set_first(r, &pages_sp, f);
        } else if (is_tag(f, "EP")) {
            set_first(r, &pages_ep, f);
        } else if (is_tag(f, "PB")) {
            set_first_field(r, rec, PC_F_PUBLISHER, f);
        } else if (is_tag(f, "DO")) {
            /* "http://dx.doi.org/10.1016/..." (ScienceDirect): the bare DOI */
            pc_buf_clear(&r->tmp2);
            if (!pc_doi_parse(v, strlen(v), &r->tmp2)) {
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                             "DO value \"%s\" holds no DOI (10.…); dropped", v);
            } else if (!pc_record_has(rec, PC_F_DOI)) {
                /* not pc_record_set_doi: it would make the arXiv DOI an arXiv id */
                pc_record_set(rec, PC_F_DOI, r->tmp2.ptr, r->tmp2.len);
            }
        } else if (is_tag(f, "UR") || is_tag(f, "LK")) {
            add_urls(r, rec, v);
        } else if (is_tag(f, "KW")) {
            pc_record_list_add(rec, PC_F_KEYWORD, v, strlen(v));
        } else if (is_tag(f, "AB")) {
            append(&r->ab, " ", "", v); /* some exports give one AB per paragraph */
        } else if (is_tag(f, "N2")) {
            append(&r->n2, " ", "", v);
        } else if (is_tag(f, "N1")) {
            size_t jl = strlen(JREF_PREFIX);
            if (!strncmp(v, JREF_PREFIX, jl) && v[jl] && !pc_record_has(rec, PC_F_JOURNAL_REF))
                pc_record_set_str(rec, PC_F_JOURNAL_REF, v + jl);
            else
                append(&r->note, "; ", "", v);
        } else if (is_tag(f, "AN") && read_arxiv(v, rec)) {
            /* "arXiv:2610.01234v2 [cs.LG]", as the writer puts it */
        } else if (!is_tag(f, "ST") || !title_tag) {
            drop_tag(r, f); /* ST is read only as a fallback for a missing TI */
        }
    }
    const pc_buf *ab = r->ab.len ? &r->ab : &r->n2;
    pc_record_set_abstract(rec, ab->ptr, ab->len, NULL, false); /* a final "…": truncated */
    if (r->addr.len) {
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, r->f[first_ad].line, 1,
                     "AD lines after the last of several authors cannot be tied to an author; "
                     "kept in the comment");
        append(&r->note, "; ", "", r->addr.ptr);
    }
    pc_record_set(rec, PC_F_NOTE, r->note.ptr, r->note.len);
    if (pages_sp && pages_ep) {
        pc_buf b = PC_BUF_INIT;
        pc_buf_printf(&b, "%s-%s", pages_sp, pages_ep);
        pc_record_take(rec, PC_F_PAGE, pc_buf_detach(&b));
    } else {
        pc_record_take(rec, PC_F_PAGE, pages_sp ? pages_sp : pages_ep);
        pages_sp = pages_ep = NULL;
    }
    free(pages_sp);
    free(pages_ep);
    pc_record_set_date(rec, PC_F_ISSUED, &best);
    if (!pc_record_has(rec, PC_F_TITLE)) /* rispy's sample has only a short title */
        for (size_t i = 1; i < r->nf && !pc_record_has(rec, PC_F_TITLE); i++)
            if (is_tag(&r->f[i], "ST"))
                set_first_field(r, rec, PC_F_TITLE, &r->f[i]);
    if (!pc_record_has(rec, PC_F_TITLE))
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, rec->src_line, 1, "record has no title (TI)");
    return true;
}

static pc_read_status ris_next(void *state, pc_record *rec)
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
        if (parse_tag(r->in.line.ptr, r->in.line.len, tag, &off) && !strcmp(tag, "TY"))
            break;
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
        if (parse_tag(r->in.line.ptr, r->in.line.len, tag, &off)) {
            if (!strcmp(tag, "ER")) {
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
        /* an untagged line continues the previous value */
        ris_field *f = &r->f[r->nf - 1];
        pc_buf_putc(&f->val, ' ');
        pc_buf_put(&f->val, r->in.line.ptr, r->in.line.len);
    }
    if (r->in.failed)
        return PC_READ_SKIP; /* a line too long: reported, the input ends */
    if (!ended)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, start, 1,
                     "record has no ER line before the end of the input; kept");
    if (!ok)
        return PC_READ_SKIP; /* the UTF-8 error was reported with its position */
    return build(r, rec) ? PC_READ_RECORD : PC_READ_SKIP;
}

/* "TY  -" at the start of the first non-blank line (after a UTF-8 BOM). */
static int ris_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < n && pc_is_space((unsigned char)head[i]))
        i++;
    char tag[3];
    size_t off;
    size_t e = i;
    while (e < n && head[e] != '\n' && head[e] != '\r')
        e++;
    if (parse_tag(head + i, e - i, tag, &off) && !strcmp(tag, "TY"))
        return 80;
    return 0;
}

static const char *const ris_aliases[] = {NULL};
static const char *const ris_exts[] = {"ris", NULL};

const pc_format pc_format_ris = {.name = "ris", .aliases = ris_aliases, .extensions = ris_exts, .description = "RIS (Research Information Systems: Zotero, EndNote, Scopus, ...)", .sniff = ris_sniff, .read_open = ris_open, .read_next = ris_next, .read_close = ris_close, .write_begin = ris_begin, .write_record = ris_write, .write_end = ris_end};
