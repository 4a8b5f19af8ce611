/* SPDX-License-Identifier: MIT */
/* options.c — the paperconv command line: the option table, --help,
 * --list-formats, and the choice of formats (-t, or -o's extension; -f). */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("Usage: paperconv [OPTIONS] [FILE...]\n"
          "Convert paper listings and bibliographic files between formats.\n"
          "With no FILE, or when FILE is -, read standard input.\n"
          "\n"
          "  -t, --to FORMAT       output format (see --list-formats; default: from\n"
          "                        the extension of -o FILE)\n"
          "  -f, --from FORMAT     input format (default: from the file extension,\n"
          "                        then from the content)\n"
          "  -o, --output FILE     write to FILE atomically (default: standard output)\n"
          "      --encoding NAME   the inputs' character set (iconv name or alias: latin1,\n"
          "                        windows-1252, utf-16le, ...)\n"
          "      --unicode         BibTeX: keep UTF-8 instead of LaTeX commands\n"
          "      --rekey           ignore input citation keys, always generate them\n"
          "      --key-format FORMULA  how keys are made, e.g. 'auth.lower + year' (see\n"
          "                        paperconv(1), KEY FORMULAS; default: today's rule)\n"
          "      --key-postfix TEXT  what follows a repeated key: %a (a, b, ...; the\n"
          "                        default), %A (A, B, ...) or %n (1, 2, ...), as in -%n\n"
          "      --dedupe[=fuzzy]  merge the records of one work (same DOI, arXiv id, ISBN,\n"
          "                        PMID, PMCID, OpenAlex or S2 id; fuzzy: or the same title,\n"
          "                        first author and year); never two different DOIs\n"
          "      --merge MODE      how --dedupe merges: combine (default: the first record\n"
          "                        plus what the others add), first, last\n"
          "      --cited FILE      write only the records FILE cites (.aux, .bcf, Markdown,\n"
          "                        Quarto, or a list of keys); repeatable\n"
          "      --sort SPEC       sort by key, author, year, date, title, type, added;\n"
          "                        several with commas, '-' descending: author,-year\n"
          "      --omit FIELDS     remove these fields (comma-separated; repeatable)\n"
          "      --keep FIELDS     remove every other field (comma-separated; repeatable)\n"
          "      --rename FROM=TO  move field FROM to TO (repeatable)\n"
          "      --remove-empty    remove fields with no text\n"
          "      --max-authors N   keep the first N authors, then \"and others\"\n"
          "      --key-scope=SCOPE 'run' (default: repeats get the postfix in input order)\n"
          "                        or 'global': keys unique across separate runs over\n"
          "                        parts of an input (a hash of DOI, arXiv id or title)\n"
          "      --date WHICH      arXiv: 'published' (first version, default) or 'updated'\n"
          "      --style NAME      html, text, markdown, latex: the CSL style (a name such as\n"
          "                        apa, or a .csl file; default: a built-in author-date style)\n"
          "      --locale LANG     the CSL locale (e.g. de-DE; default: the style's, else en-US)\n"
          "      --citations FILE  JSON citation clusters to format before the bibliography\n"
          "  -j, --jobs N          read each JSON Lines or JSON array, RIS, BibTeX, MEDLINE,\n"
          "                        WoS, EndNote, refer or listing input (stdin too) on N\n"
          "                        threads (default and 0: one per online core); the output\n"
          "                        is the same as with -j 1\n"
          "  BibTeX to BibTeX (and biblatex to biblatex) keeps each entry as written;\n"
          "  these lay entries out again, only as asked:\n"
          "      --indent=N|tab    fields indented by N spaces (0-16) or a tab\n"
          "      --align[=N]       '=' in one column (after the longest name, or column N)\n"
          "      --braces, --quotes  values as {...} or as \"...\"\n"
          "      --field-order=input|standard|alpha  fields as written, in the writer's\n"
          "                        order, or by name\n"
          "      --months=macro|number|name  month as jan, 1 or {January}\n"
          "      --wrap=N          values broken at spaces to lines of N (20-10000) columns\n"
          "      --trailing-comma  a ',' after the last field\n"
          "      --rewrite         write every entry from its values instead (as from any\n"
          "                        other format)\n"
          "      --strict          treat warnings as errors\n"
          "      --keep-going      exit 0 even if some records could not be converted\n"
          "                        (an input that cannot be read is still an error)\n"
          "      --stats[=json[=FILE]]  what the run did as JSON (records, warnings and\n"
          "                        errors by kind, bytes, seconds) on stderr or in FILE\n"
          "      --merge-stats FILE...  add up --stats files (of a cluster's chunks) on stdout\n"
          "      --progress        show a progress line on stderr (default: on a\n"
          "                        terminal, for inputs over 50 MB)\n"
          "      --no-progress     never show the progress line\n"
          "      --list-formats    list the formats (aliases, extensions) and exit\n"
          "      --list-input-formats  list the input formats, one a line, and exit\n"
          "      --list-output-formats  list the output formats, one a line, and exit\n"
          "  -q, --quiet           do not print warnings\n"
          "  -v, --verbose         print notes (the reader chosen for each input) and a\n"
          "                        summary of what was converted\n"
          "  -h, --help            show this help and exit\n"
          "  -V, --version         show the version and exit\n"
          "\n"
          "Exit status: 0 ok, 1 bad input (or output failure), 2 usage error.\n",
          f);
}

/* A format's aliases (what = 0) or extensions (1, with their dot),
 * comma-joined, or "-". */
static const char *format_names(const pc_format *fmt, int what, char *buf, size_t size)
{
    size_t used = 0;
    const char *a;
    buf[0] = '\0';
    for (size_t k = 0; (a = what ? pc_format_extension(fmt, k) : pc_format_alias(fmt, k)) != NULL; k++) {
        int m = snprintf(buf + used, size - used, "%s%s%s", used ? "," : "", what ? "." : "", a);
        if (m < 0 || (size_t)m >= size - used)
            break;
        used += (size_t)m;
    }
    return buf[0] ? buf : "-";
}

/* --list-formats: one line per format, in columns as wide as their widest
 * cell (FORMAT READ WRITE ALIASES EXTENSIONS DESCRIPTION; each cell one
 * word, so that awk '$2 == "yes"' finds the readers). */
static void list_formats(FILE *f)
{
    enum { CELL = 160 };
    char buf[CELL];
    int wn = (int)strlen("FORMAT"), wa = (int)strlen("ALIASES"), we = (int)strlen("EXTENSIONS");
    for (size_t i = 0; i < pc_format_count(); i++) {
        const pc_format *fmt = pc_format_at(i);
        int n = (int)strlen(pc_format_name(fmt));
        int a = (int)strlen(format_names(fmt, 0, buf, sizeof buf));
        int e = (int)strlen(format_names(fmt, 1, buf, sizeof buf));
        wn = n > wn ? n : wn;
        wa = a > wa ? a : wa;
        we = e > we ? e : we;
    }
    fprintf(f, "%-*s %-5s %-5s %-*s %-*s %s\n", wn, "FORMAT", "READ", "WRITE", wa, "ALIASES", we,
            "EXTENSIONS", "DESCRIPTION");
    char ext[CELL];
    for (size_t i = 0; i < pc_format_count(); i++) {
        const pc_format *fmt = pc_format_at(i);
        fprintf(f, "%-*s %-5s %-5s %-*s %-*s %s\n", wn, pc_format_name(fmt),
                pc_format_can_read(fmt) ? "yes" : "-", pc_format_can_write(fmt) ? "yes" : "-", wa,
                format_names(fmt, 0, buf, sizeof buf), we, format_names(fmt, 1, ext, sizeof ext),
                pc_format_description(fmt));
    }
}

/* --list-input-formats, --list-output-formats: one name a line. */
static void list_names(FILE *f, bool readers)
{
    for (size_t i = 0; i < pc_format_count(); i++) {
        const pc_format *fmt = pc_format_at(i);
        if (readers ? pc_format_can_read(fmt) : pc_format_can_write(fmt))
            fprintf(f, "%s\n", pc_format_name(fmt));
    }
}

static void valid_formats(FILE *f, bool readers)
{
    fputs("valid formats:", f);
    for (size_t i = 0; i < pc_format_count(); i++) {
        const pc_format *fmt = pc_format_at(i);
        if (readers ? pc_format_can_read(fmt) : pc_format_can_write(fmt))
            fprintf(f, " %s", pc_format_name(fmt));
    }
    fputc('\n', f);
}

/* What follows a usage error. */
typedef enum then {
    PC_THEN_HELP = 0, /* "Try 'paperconv --help'." */
    PC_THEN_READERS,  /* the valid input formats */
    PC_THEN_WRITERS,  /* the valid output formats */
    PC_THEN_NOTHING,
} then;

/* Reports a usage error and returns PC_EXIT_USAGE. */
__attribute__((format(printf, 3, 4))) static int usage_error(const pc_cli *c, then next,
                                                              const char *fmt, ...)
{
    fprintf(stderr, "%s: error: ", c->prog);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (next == PC_THEN_READERS || next == PC_THEN_WRITERS)
        valid_formats(stderr, next == PC_THEN_READERS);
    else if (next == PC_THEN_HELP)
        fprintf(stderr, "Try 'paperconv --help'.\n");
    return PC_EXIT_USAGE;
}

enum {
    OPT_UNICODE = 256,
    OPT_REKEY,
    OPT_DATE,
    OPT_STRICT,
    OPT_KEEP,
    OPT_LIST,
    OPT_LIST_IN,
    OPT_LIST_OUT,
    OPT_ENCODING,
    OPT_PROGRESS,
    OPT_NO_PROGRESS,
    OPT_STYLE,
    OPT_LOCALE,
    OPT_CITATIONS,
    OPT_KEY_FORMAT,
    OPT_KEY_POSTFIX,
    /* the record operations (ops_option) */
    OPT_DEDUPE,
    OPT_MERGE,
    OPT_CITED,
    OPT_SORT,
    OPT_OMIT,
    OPT_KEEP_FIELDS,
    OPT_RENAME,
    OPT_REMOVE_EMPTY,
    OPT_MAX_AUTHORS,
    OPT_KEY_SCOPE,
    OPT_STATS,
    OPT_MERGE_STATS,
    /* BibTeX kept as written: the layout (bib_layout_arg) */
    OPT_BIB_INDENT,
    OPT_BIB_ALIGN,
    OPT_BIB_BRACES,
    OPT_BIB_QUOTES,
    OPT_BIB_FIELD_ORDER,
    OPT_BIB_MONTHS,
    OPT_BIB_WRAP,
    OPT_BIB_TRAILING_COMMA,
    OPT_BIB_REWRITE,
    OPT_JOBS = 'j', /* last: the values after it would be letters */
};

static const struct option longopts[] = {
    {"to", required_argument, NULL, 't'},
    {"from", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"encoding", required_argument, NULL, OPT_ENCODING},
    {"unicode", no_argument, NULL, OPT_UNICODE},
    {"rekey", no_argument, NULL, OPT_REKEY},
    {"key-format", required_argument, NULL, OPT_KEY_FORMAT},
    {"key-postfix", required_argument, NULL, OPT_KEY_POSTFIX},
    {"dedupe", optional_argument, NULL, OPT_DEDUPE},
    {"merge", required_argument, NULL, OPT_MERGE},
    {"cited", required_argument, NULL, OPT_CITED},
    {"sort", required_argument, NULL, OPT_SORT},
    {"omit", required_argument, NULL, OPT_OMIT},
    {"keep", required_argument, NULL, OPT_KEEP_FIELDS},
    {"rename", required_argument, NULL, OPT_RENAME},
    {"remove-empty", no_argument, NULL, OPT_REMOVE_EMPTY},
    {"max-authors", required_argument, NULL, OPT_MAX_AUTHORS},
    {"key-scope", required_argument, NULL, OPT_KEY_SCOPE},
    {"stats", optional_argument, NULL, OPT_STATS},
    {"merge-stats", no_argument, NULL, OPT_MERGE_STATS},
    {"jobs", required_argument, NULL, OPT_JOBS},
    {"date", required_argument, NULL, OPT_DATE},
    {"style", required_argument, NULL, OPT_STYLE},
    {"locale", required_argument, NULL, OPT_LOCALE},
    {"citations", required_argument, NULL, OPT_CITATIONS},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"keep-going", no_argument, NULL, OPT_KEEP},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"list-formats", no_argument, NULL, OPT_LIST},
    {"list-input-formats", no_argument, NULL, OPT_LIST_IN},
    {"list-output-formats", no_argument, NULL, OPT_LIST_OUT},
    {"quiet", no_argument, NULL, 'q'},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {"indent", required_argument, NULL, OPT_BIB_INDENT},
    {"align", optional_argument, NULL, OPT_BIB_ALIGN},
    {"braces", no_argument, NULL, OPT_BIB_BRACES},
    {"quotes", no_argument, NULL, OPT_BIB_QUOTES},
    {"field-order", required_argument, NULL, OPT_BIB_FIELD_ORDER},
    {"months", required_argument, NULL, OPT_BIB_MONTHS},
    {"wrap", required_argument, NULL, OPT_BIB_WRAP},
    {"trailing-comma", no_argument, NULL, OPT_BIB_TRAILING_COMMA},
    {"rewrite", no_argument, NULL, OPT_BIB_REWRITE},
    {NULL, 0, NULL, 0},
};

/* "; did you mean --NAME?" for an unknown long option arg ("--unicdoe",
 * "--stlye=apa"), into buf; "" when none is near. */
static const char *option_hint(const char *arg, char *buf, size_t size)
{
    enum { MAX_OPTS = sizeof longopts / sizeof *longopts };
    const char *cands[MAX_OPTS];
    size_t n = 0;
    for (const struct option *o = longopts; o->name; o++)
        cands[n++] = o->name;
    char word[64];
    const char *best = NULL;
    if (strncmp(arg, "--", 2) == 0 && snprintf(word, sizeof word, "%s", arg + 2) < (int)sizeof word) {
        word[strcspn(word, "=")] = '\0';
        best = pc_cli_suggest(word, cands, n);
    }
    snprintf(buf, size, best ? "; did you mean --%s?" : "", best);
    return buf;
}

/* The converter's option each flag of the command line sets to 1. */
static pc_option flag_option(int ch)
{
    switch (ch) {
    case OPT_UNICODE: return PC_OPT_UNICODE;
    case OPT_REKEY: return PC_OPT_REKEY;
    case OPT_STRICT: return PC_OPT_STRICT;
    case OPT_KEEP: return PC_OPT_KEEP_GOING;
    default: return PC_OPT_NONE;
    }
}

/* Sets --key-format or --key-postfix; one that does not compile is
 * "PROG: OPTION:COL: error: ...", then the text with a caret under that
 * column: returns PC_EXIT_USAGE then, else -1. */
static int key_option(const pc_cli *c, pc_option opt, const char *arg)
{
    if (pc_converter_set_string(c->conv, opt, arg) == PC_OK)
        return -1;
    size_t col = pc_converter_errcol(c->conv);
    fprintf(stderr, "%s: %s:%zu: error: %s\n  %s\n  %*s^\n", c->prog,
            opt == PC_OPT_KEY_POSTFIX ? "--key-postfix" : "--key-format", col,
            pc_converter_errmsg(c->conv), arg, (int)(col ? col - 1 : 0), "");
    return PC_EXIT_USAGE;
}

/* --dedupe ... --max-authors: the record operations, set on the
 * converter, which checks their text; returns -1 or the exit status. */
static int ops_option(pc_cli *c, int ch, const char *arg)
{
    static const struct {
        int ch;
        pc_option opt;
        const char *name;
    } strings[] = {
        {OPT_MERGE, PC_OPT_MERGE, "--merge"}, {OPT_CITED, PC_OPT_CITED, "--cited"},
        {OPT_SORT, PC_OPT_SORT, "--sort"},    {OPT_OMIT, PC_OPT_OMIT, "--omit"},
        {OPT_KEEP_FIELDS, PC_OPT_KEEP, "--keep"}, {OPT_RENAME, PC_OPT_RENAME, "--rename"},
    };
    for (size_t i = 0; i < sizeof strings / sizeof *strings; i++)
        if (strings[i].ch == ch && pc_converter_set_string(c->conv, strings[i].opt, arg) != PC_OK)
            return usage_error(c, PC_THEN_NOTHING, "%s: %s", strings[i].name, pc_converter_errmsg(c->conv));
    char *end;
    long n;
    switch (ch) {
    case OPT_DEDUPE:
        if (arg && strcmp(arg, "fuzzy") && strcmp(arg, "ids"))
            return usage_error(c, PC_THEN_NOTHING, "--dedupe takes 'ids' (the default) or 'fuzzy', not '%s'", arg);
        pc_converter_set_option(c->conv, PC_OPT_DEDUPE, arg && !strcmp(arg, "fuzzy") ? PC_DEDUPE_FUZZY : PC_DEDUPE_IDS);
        c->dedupe = true;
        break;
    case OPT_REMOVE_EMPTY: pc_converter_set_option(c->conv, PC_OPT_REMOVE_EMPTY, 1); break;
    case OPT_MAX_AUTHORS:
        errno = 0;
        n = strtol(arg, &end, 10);
        if (end == arg || *end || n < 1 || n > 1000000 || errno)
            return usage_error(c, PC_THEN_NOTHING, "--max-authors takes a number from 1, not '%s'", arg);
        pc_converter_set_option(c->conv, PC_OPT_MAX_AUTHORS, (int)n);
        break;
    default: break;
    }
    return -1;
}

/* The index of arg in words (NULL-terminated), or -1. */
static int word_of(const char *arg, const char *const *words)
{
    for (int i = 0; arg && words[i]; i++)
        if (strcmp(arg, words[i]) == 0)
            return i;
    return -1;
}

/* A number in [lo, hi], or -1. */
static int number_in(const char *arg, int lo, int hi)
{
    char *end;
    long v = arg && *arg ? strtol(arg, &end, 10) : -1;
    return arg && *arg && !*end && v >= lo && v <= hi ? (int)v : -1;
}

/* The layout options of BibTeX kept as written (OPT_BIB_*): -1 to go on,
 * or the exit status of a usage error. */
static int bib_layout_arg(pc_cli *c, int ch, const char *arg)
{
    static const char *const orders[] = {"input", "standard", "alpha", NULL};
    static const char *const months[] = {"as-written", "macro", "number", "name", NULL};
    pc_option opt = PC_OPT_NONE;
    int v = 1;
    const char *what = NULL;
    switch (ch) {
    case OPT_BIB_INDENT:
        opt = PC_OPT_BIB_INDENT;
        v = arg && strcmp(arg, "tab") == 0 ? PC_BIB_INDENT_TAB : number_in(arg, 0, 16);
        what = v == -1 && !(arg && strcmp(arg, "tab") == 0) ? "--indent takes a number of spaces (0-16) or 'tab'" : NULL;
        break;
    case OPT_BIB_ALIGN:
        opt = PC_OPT_BIB_ALIGN;
        v = arg ? number_in(arg, 1, 64) : PC_BIB_ALIGN_LONGEST;
        what = arg && v < 0 ? "--align takes a column (1-64), or nothing" : NULL;
        break;
    case OPT_BIB_BRACES: opt = PC_OPT_BIB_DELIMS, v = PC_BIB_DELIMS_BRACES; break;
    case OPT_BIB_QUOTES: opt = PC_OPT_BIB_DELIMS, v = PC_BIB_DELIMS_QUOTES; break;
    case OPT_BIB_FIELD_ORDER:
        opt = PC_OPT_BIB_FIELD_ORDER, v = word_of(arg, orders);
        what = v < 0 ? "--field-order takes 'input', 'standard' or 'alpha'" : NULL;
        break;
    case OPT_BIB_MONTHS:
        opt = PC_OPT_BIB_MONTHS, v = word_of(arg, months);
        what = v <= 0 ? "--months takes 'macro', 'number' or 'name'" : NULL;
        break;
    case OPT_BIB_WRAP:
        opt = PC_OPT_BIB_WRAP, v = number_in(arg, 20, 10000);
        what = v < 0 ? "--wrap takes a number of columns (20-10000)" : NULL;
        break;
    case OPT_BIB_TRAILING_COMMA: opt = PC_OPT_BIB_TRAILING_COMMA; break;
    case OPT_BIB_REWRITE: opt = PC_OPT_BIB_REWRITE; break;
    default: return -2;
    }
    if (what)
        return usage_error(c, PC_THEN_NOTHING, "%s, not '%s'", what, arg ? arg : "");
    pc_converter_set_option(c->conv, opt, v);
    return -1;
}

/* Applies one option; returns -1 to go on or the exit status. */
static int apply(pc_cli *c, int ch, const char **to, const char **from, const char *arg)
{
    if (flag_option(ch) != PC_OPT_NONE) {
        pc_converter_set_option(c->conv, flag_option(ch), 1);
        c->keep_going = c->keep_going || ch == OPT_KEEP;
        return -1;
    }
    if (ch >= OPT_DEDUPE && ch <= OPT_MAX_AUTHORS)
        return ops_option(c, ch, arg);
    int bib = bib_layout_arg(c, ch, arg);
    if (bib != -2)
        return bib;
    switch (ch) {
    case 't': *to = arg; break;
    case 'f': *from = arg; break;
    case 'o': c->out_path = arg; break;
    case 'q': c->quiet = true; break;
    case 'v': c->verbose++; break;
    case OPT_ENCODING:
        if (pc_converter_set_string(c->conv, PC_OPT_ENCODING, arg) != PC_OK)
            return usage_error(c, PC_THEN_NOTHING, "unknown encoding '%s' for --encoding (for example latin1, "
                               "windows-1252, utf-16le; `iconv -l` lists the names)", arg);
        break;
    case OPT_STYLE: pc_converter_set_string(c->conv, PC_OPT_STYLE, arg); break;
    case OPT_LOCALE: pc_converter_set_string(c->conv, PC_OPT_LOCALE, arg); break;
    case OPT_CITATIONS: pc_converter_set_string(c->conv, PC_OPT_CITATIONS, arg); break;
    case OPT_KEY_FORMAT: return key_option(c, PC_OPT_KEY_FORMAT, arg);
    case OPT_KEY_POSTFIX: return key_option(c, PC_OPT_KEY_POSTFIX, arg);
    case OPT_KEY_SCOPE:
        if (strcmp(arg, "run") != 0 && strcmp(arg, "global") != 0)
            return usage_error(c, PC_THEN_NOTHING, "--key-scope takes 'run' or 'global', not '%s'", arg);
        pc_converter_set_option(c->conv, PC_OPT_KEY_SCOPE,
                                strcmp(arg, "global") == 0 ? PC_KEY_SCOPE_GLOBAL : PC_KEY_SCOPE_RUN);
        break;
    case OPT_STATS:
        if (pc_cli_stats_option(c, arg) < -1)
            return usage_error(c, PC_THEN_NOTHING, "--stats takes 'json' or 'json=FILE', not '%s'", arg);
        break;
    case OPT_MERGE_STATS: c->merge_stats = true; break;
    case OPT_PROGRESS: c->progress = PC_PROGRESS_ON; break;
    case OPT_NO_PROGRESS: c->progress = PC_PROGRESS_OFF; break;
    case OPT_DATE:
        if (strcmp(arg, "published") == 0)
            pc_converter_set_option(c->conv, PC_OPT_DATE, PC_DATE_PUBLISHED);
        else if (strcmp(arg, "updated") == 0)
            pc_converter_set_option(c->conv, PC_OPT_DATE, PC_DATE_UPDATED);
        else
            return usage_error(c, PC_THEN_NOTHING, "--date takes 'published' or 'updated', not '%s'", arg);
        break;
    case OPT_JOBS: {
        char *end;
        long n = strtol(arg, &end, 10);
        if (*arg < '0' || *arg > '9' || *end || n > 4096)
            return usage_error(c, PC_THEN_NOTHING, "-j takes a number of threads (0: one per core), not '%s'",
                               arg);
        pc_converter_set_option(c->conv, PC_OPT_JOBS, (int)n);
        break;
    }
    case OPT_LIST: list_formats(stdout); return PC_EXIT_OK;
    case OPT_LIST_IN:
    case OPT_LIST_OUT: list_names(stdout, ch == OPT_LIST_IN); return PC_EXIT_OK;
    case 'h': usage(stdout); return PC_EXIT_OK;
    case 'V': printf("paperconv %s\n", PC_VERSION); return PC_EXIT_OK;
    case ':': return usage_error(c, PC_THEN_HELP, "option '%s' needs a value", arg);
    default: {
        char hint[64];
        return usage_error(c, PC_THEN_HELP, "unknown option '%s'%s", arg, option_hint(arg, hint, sizeof hint));
    }
    }
    return -1;
}

/* "; did you mean NAME?" for a format name no reader (readers) or writer
 * knows, into buf ("" when nothing is near): names first, then aliases. */
static const char *format_hint(const char *name, bool readers, char *buf, size_t size)
{
    enum { MAX_NAMES = 256 };
    const char *cands[MAX_NAMES];
    size_t n = 0;
    for (int aliases = 0; aliases < 2; aliases++)
        for (size_t i = 0; i < pc_format_count(); i++) {
            const pc_format *fmt = pc_format_at(i);
            if (!(readers ? pc_format_can_read(fmt) : pc_format_can_write(fmt)))
                continue;
            const char *a;
            for (size_t k = 0; n < MAX_NAMES && (a = aliases ? pc_format_alias(fmt, k) : k ? NULL
                                                             : pc_format_name(fmt)) != NULL; k++)
                cands[n++] = a;
        }
    /* names are looked at first: a name and an alias equally near, the name */
    const char *best = pc_cli_suggest(name, cands, n);
    for (size_t i = 0; best && i < pc_format_count(); i++) {
        const pc_format *fmt = pc_format_at(i);
        for (size_t k = 0; pc_format_alias(fmt, k); k++)
            if (strcmp(pc_format_alias(fmt, k), best) == 0 &&
                (readers ? pc_format_can_read(fmt) : pc_format_can_write(fmt)))
                best = pc_format_name(fmt); /* say the name an alias stands for */
    }
    snprintf(buf, size, best ? "; did you mean %s?" : "", best);
    return buf;
}

/* Chooses the writer (-t, else -o's extension) and the reader (-f). */
static int choose_formats(pc_cli *c, const char *to_name, const char *from_name)
{
    bool to_file = c->out_path && strcmp(c->out_path, "-") != 0;
    if (!to_name && to_file) {
        c->to = pc_format_by_extension(c->out_path, false);
        if (!c->to)
            return usage_error(c, PC_THEN_WRITERS, "no output format: use -t FORMAT (the extension of '%s' "
                                       "names none)", c->out_path);
    } else if (!to_name) {
        return usage_error(c, PC_THEN_WRITERS, "no output format: use -t FORMAT");
    } else {
        c->to = pc_format_find(to_name);
        char hint[80];
        if (!c->to || !pc_format_can_write(c->to))
            return usage_error(c, PC_THEN_WRITERS, c->to ? "no writer for output format '%s'%s"
                                             : "unknown output format '%s'%s", to_name,
                               format_hint(to_name, false, hint, sizeof hint));
    }
    if (from_name) {
        /* a name a writer and a reader share (text: the text writer, the
           listing reader) means the reader here */
        c->from = pc_format_find_reader(from_name);
        char hint[80];
        if (!c->from || !pc_format_can_read(c->from))
            return usage_error(c, PC_THEN_READERS, c->from ? "no reader for input format '%s'%s"
                                               : "unknown input format '%s'%s", from_name,
                               format_hint(from_name, true, hint, sizeof hint));
    }
    return -1;
}

int pc_cli_parse(pc_cli *c, int argc, char **argv)
{
    const char *to_name = NULL, *from_name = NULL;
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":t:f:o:j:qvhV", longopts, NULL)) != -1) {
        /* for an error, the option as written is the argument */
        int rc = apply(c, ch, &to_name, &from_name, ch == ':' || ch == '?' ? argv[optind - 1] : optarg);
        if (rc >= 0)
            return rc;
    }
    pc_converter_set_option(c->conv, PC_OPT_VERBOSE, c->verbose);
    c->inputs = (const char *const *)argv + optind;
    c->n_inputs = (size_t)(argc - optind);
    if (c->merge_stats)
        return pc_cli_merge_stats(c);
    return choose_formats(c, to_name, from_name);
}
