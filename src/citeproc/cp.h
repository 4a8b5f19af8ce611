/* SPDX-License-Identifier: MIT */
/* cp.h — the CSL processor's private header, and a map of src/citeproc/.
 *
 * The shape is jgm/citeproc's: a style is parsed once into a tree
 * (style.c, locale.c), evaluated per item into an output tree (eval.c,
 * names.c, dates.c, numbers.c), and the output tree is rendered last: first
 * into a rich-text tree with CSL's punctuation rules applied (render.c,
 * textcase.c), then into bytes by one format's callbacks (render_html.c,
 * render_text.c, render_markdown.c, render_latex.c: a table, as cmark's
 * renderers are).  Around that: citation clusters, positions and
 * collapsing (cite.c), sorting (sort.c), disambiguation (disamb.c), the
 * bibliography (bib.c), and the engine that holds records and clusters
 * (engine.c, the API of citeproc.h).  Styles and locales are found by name
 * in find.c.  Every tree lives in an arena (arena.c): the style's for as
 * long as the engine, a scratch one per item or cluster.
 *
 * Records are read through the model's accessors only (record.c), and the
 * two things that have none (the kind, the pass-through values) through
 * cp_rec_kind and cp_rec_extra in access.c, the one place that knows the
 * struct. */
#ifndef PC_CP_H
#define PC_CP_H

#include "citeproc/citeproc.h"
#include "io/ctx.h"
#include "model/record.h"
#include "util/buf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- arena (arena.c) ----------------------------------------------------- */

typedef struct cp_chunk cp_chunk;
typedef struct cp_arena {
    cp_chunk *head;
    char *p;
    size_t left;
} cp_arena;

void *cp_alloc(cp_arena *a, size_t n); /* zeroed, aligned for any type */
char *cp_strndup(cp_arena *a, const char *s, size_t n);
char *cp_strdup(cp_arena *a, const char *s); /* NULL stays NULL */
/* Frees every chunk but the first, which is kept for reuse. */
void cp_arena_reset(cp_arena *a);
void cp_arena_free(cp_arena *a);

/* A growable array of pointers in an arena (old storage is left to the arena). */
typedef struct cp_vec {
    void **v;
    size_t n, cap;
} cp_vec;
void cp_vec_push(cp_arena *a, cp_vec *v, void *p);

/* ---- variables ----------------------------------------------------------- */

/* A CSL variable: a model field (pc_field), or one of these. */
enum {
    CP_V_ID = PC_F_COUNT, /* the item's id */
    CP_V_TYPE,            /* its CSL type */
    CP_V_EDITORTRANSLATOR, /* names: editor and translator when they are the same */
    CP_V_EXTRA,           /* + i: the style's i-th unknown variable name (a pass-through value) */
};

/* ---- formatting ---------------------------------------------------------- */

enum { CP_FS_UNSET, CP_FS_NORMAL, CP_FS_ITALIC, CP_FS_OBLIQUE };
enum { CP_FV_UNSET, CP_FV_NORMAL, CP_FV_SMALLCAPS };
enum { CP_FW_UNSET, CP_FW_NORMAL, CP_FW_BOLD, CP_FW_LIGHT };
enum { CP_TD_UNSET, CP_TD_NONE, CP_TD_UNDERLINE };
enum { CP_VA_UNSET, CP_VA_BASELINE, CP_VA_SUP, CP_VA_SUB };
enum { CP_DISP_UNSET, CP_DISP_BLOCK, CP_DISP_LEFT, CP_DISP_RIGHT, CP_DISP_INDENT };
enum { CP_TC_UNSET, CP_TC_LOWER, CP_TC_UPPER, CP_TC_CAPFIRST, CP_TC_CAPALL, CP_TC_SENTENCE,
       CP_TC_TITLE, CP_TC_NOCASE };

/* Formatting and affixes of one element (all optional).  A value type. */
typedef struct cp_fmt {
    const char *prefix, *suffix, *delim;
    unsigned char font_style, font_variant, font_weight, decoration, valign, display, text_case;
    bool quotes, strip_periods;
    bool affixes_inside; /* layouts: affixes inside the font formatting */
} cp_fmt;

bool cp_fmt_empty(const cp_fmt *f);

/* ---- rich text (rich.c, render.c) -------------------------------------------- */

typedef enum cp_rk {
    CP_R_TEXT = 0,
    CP_R_SEQ,       /* children in order */
    CP_R_ITALIC,    /* flip-flops: italic inside italic is roman */
    CP_R_ROMAN,     /* font-style="normal" */
    CP_R_BOLD,
    CP_R_UNBOLD,    /* font-weight="normal" */
    CP_R_SMALLCAPS,
    CP_R_NOSMALLCAPS, /* font-variant="normal" */
    CP_R_UNDERLINE,
    CP_R_NODECOR,   /* text-decoration="none", <span class="nodecor"> */
    CP_R_SUP,
    CP_R_SUB,
    CP_R_BASELINE,
    CP_R_NOCASE,    /* no text-case applies inside */
    CP_R_QUOTED,    /* in the locale's quotes, outer and inner alternating */
    CP_R_DIV,       /* display: disp says which */
    CP_R_LINK,      /* s is the URL */
} cp_rk;

typedef struct cp_rt cp_rt;
struct cp_rt {
    unsigned char kind; /* cp_rk */
    unsigned char disp; /* CP_R_DIV: CP_DISP_*; CP_R_QUOTED: 1 for an inner quote as written */
    uint32_t n;         /* children */
    const char *s;      /* CP_R_TEXT: the text (not NUL-terminated); CP_R_LINK: the URL */
    size_t len;
    cp_rt **kids;
};

/* ---- terms and locales (locale.c) ------------------------------------------ */

enum { CP_TF_LONG, CP_TF_SHORT, CP_TF_VERB, CP_TF_VERB_SHORT, CP_TF_SYMBOL, CP_TF_COUNT };
enum { CP_G_NONE, CP_G_MASC, CP_G_FEM };
enum { CP_M_DEFAULT, CP_M_LAST_DIGIT, CP_M_LAST_TWO, CP_M_WHOLE };

typedef struct cp_term {
    const char *name;
    const char *single, *multiple; /* the same when the term has one form */
    unsigned char form, gender, gender_form, match;
    uint64_t prio; /* lower = the style's own locale, higher = the fallback: source << 32 | index */
} cp_term;

typedef struct cp_el cp_el;

/* One <locale> (a style's or a file's) as written. */
typedef struct cp_locsrc {
    const char *lang; /* xml:lang, or NULL */
    cp_term *terms;
    size_t n_terms;
    cp_el *date_text, *date_numeric; /* <date form="text|numeric">, or NULL */
    signed char punct_in_quote, limit_day_ordinals; /* -1 unset */
} cp_locsrc;

/* The locale an engine uses: every source merged in fallback order. */
typedef struct cp_locale {
    const char *lang;
    cp_term *terms; /* sorted by name, then priority */
    size_t n_terms;
    const cp_el *date_text, *date_numeric;
    bool punct_in_quote, limit_day_ordinals;
    const char *quote_open, *quote_close, *quote_inner_open, *quote_inner_close;
} cp_locale;

/* Parses one <locale> element (an xmlNode) into src, in arena a. */
struct _xmlNode;
bool cp_locsrc_parse(cp_arena *a, struct _xmlNode *node, cp_locsrc *src, pc_buf *err);
/* A locale's <date form="..."> (style.c's date parser). */
cp_el *cp_locale_date_parse(cp_arena *a, struct _xmlNode *n, pc_buf *err);
/* Merges sources (first = highest priority) into loc. */
void cp_locale_merge(cp_arena *a, const cp_locsrc *const *srcs, size_t n, cp_locale *loc);
/* The term's text (NULL when no source has it), falling back through the
 * forms (verb-short -> verb -> long, symbol -> short -> long). */
const char *cp_term_get(const cp_locale *l, const char *name, int form, bool plural, int gender_form);
/* The term in exactly that form (no fallback), or NULL. */
const char *cp_term_exact(const cp_locale *l, const char *name, int form, bool plural);
/* The gender of a noun term (CP_G_*). */
int cp_term_gender(const cp_locale *l, const char *name, int form);
/* Ordinal suffix of n ("st", "e") for gender_form; NULL if none. */
const char *cp_term_ordinal(const cp_locale *l, long n, int gender_form);

/* ---- the style tree (style.c) --------------------------------------------- */

typedef enum cp_ek {
    CP_E_TEXT = 1,
    CP_E_NUMBER,
    CP_E_LABEL,
    CP_E_NAMES,
    CP_E_DATE,
    CP_E_GROUP,
    CP_E_CHOOSE,
} cp_ek;

enum { CP_TX_VAR = 1, CP_TX_MACRO, CP_TX_TERM, CP_TX_VALUE };
enum { CP_NF_NUMERIC, CP_NF_ORDINAL, CP_NF_LONG_ORDINAL, CP_NF_ROMAN };
enum { CP_PL_CONTEXTUAL, CP_PL_ALWAYS, CP_PL_NEVER };

/* name options, inheritable from style, citation and bibliography */
enum {
    CP_NO_AND = 1u << 0,
    CP_NO_DELIM = 1u << 1,
    CP_NO_DP_ETAL = 1u << 2,
    CP_NO_DP_LAST = 1u << 3,
    CP_NO_ETAL_MIN = 1u << 4,
    CP_NO_ETAL_FIRST = 1u << 5,
    CP_NO_ETAL_SUB_MIN = 1u << 6,
    CP_NO_ETAL_SUB_FIRST = 1u << 7,
    CP_NO_ETAL_LAST = 1u << 8,
    CP_NO_FORM = 1u << 9,
    CP_NO_INIT = 1u << 10,
    CP_NO_INIT_WITH = 1u << 11,
    CP_NO_SORT_ORDER = 1u << 12,
    CP_NO_SORT_SEP = 1u << 13,
};
enum { CP_AND_NONE, CP_AND_TEXT, CP_AND_SYMBOL };
enum { CP_DP_CONTEXTUAL, CP_DP_AFTER_INVERTED, CP_DP_ALWAYS, CP_DP_NEVER };
enum { CP_NAME_LONG, CP_NAME_SHORT, CP_NAME_COUNT };
enum { CP_NASO_NONE, CP_NASO_FIRST, CP_NASO_ALL };

typedef struct cp_nameopt {
    unsigned set; /* CP_NO_* */
    unsigned char and_, dp_etal, dp_last, form, sort_order;
    bool etal_use_last, initialize;
    int etal_min, etal_first, etal_sub_min, etal_sub_first;
    const char *delim, *initialize_with, *sort_sep;
} cp_nameopt;

/* Fills the unset options of `o` from `from`. */
void cp_nameopt_inherit(cp_nameopt *o, const cp_nameopt *from);

typedef struct cp_macro {
    const char *name;
    cp_el **kids;
    size_t n_kids;
    unsigned long line;
    int mark; /* cycle check */
} cp_macro;

/* conditions */
enum { CP_C_TYPE = 1, CP_C_VARIABLE, CP_C_NUMERIC, CP_C_UNCERTAIN, CP_C_LOCATOR, CP_C_POSITION,
       CP_C_DISAMBIGUATE };
enum { CP_MATCH_ALL, CP_MATCH_ANY, CP_MATCH_NONE };
enum { CP_POS_FIRST = 1, CP_POS_SUBSEQUENT = 2, CP_POS_IBID = 4, CP_POS_IBID_LOC = 8,
       CP_POS_NEAR = 16 };

typedef struct cp_cond {
    unsigned char what;
    int value;       /* a kind, a variable, a position bit */
    const char *str; /* CP_C_LOCATOR: the locator's term name */
} cp_cond;

typedef struct cp_branch {
    unsigned char match;
    bool is_else;
    cp_cond *conds;
    size_t n_conds;
    cp_el **kids;
    size_t n_kids;
} cp_branch;

typedef struct cp_datepart {
    unsigned char name; /* CP_DP_YEAR.. */
    unsigned char form; /* CP_DPF_* */
    bool has_form;
    const char *range_delim; /* NULL = en dash */
    cp_fmt fmt;
} cp_datepart;
enum { CP_DP_YEAR, CP_DP_MONTH, CP_DP_DAY };
enum { CP_DPF_NUMERIC, CP_DPF_LEADING_ZEROS, CP_DPF_ORDINAL, CP_DPF_LONG, CP_DPF_SHORT };
enum { CP_DATE_NONLOCAL, CP_DATE_TEXT, CP_DATE_NUMERIC };
enum { CP_DPS_YMD, CP_DPS_YM, CP_DPS_Y };

struct cp_el {
    unsigned char kind; /* cp_ek */
    unsigned long line;
    cp_fmt fmt;
    cp_el **kids; /* group */
    size_t n_kids;
    union {
        struct { /* text */
            unsigned char src;
            bool short_form; /* variable form="short" */
            int var;
            const cp_macro *macro;
            const char *term, *value;
            unsigned char term_form;
            signed char plural; /* -1 unset */
        } text;
        struct { /* number */
            int var;
            unsigned char form;
        } number;
        struct { /* label */
            int var;
            unsigned char form, plural;
        } label;
        struct { /* names */
            int *vars;
            size_t n_vars;
            bool has_name, has_etal, has_label, label_before, has_subst, has_given, has_family;
            cp_nameopt opt;
            cp_fmt name_fmt, given_fmt, family_fmt, etal_fmt, label_fmt;
            const char *etal_term;
            unsigned char label_form, label_plural;
            cp_el **subst;
            size_t n_subst;
            bool has_delim; /* the names element's own delimiter (fmt.delim) */
        } names;
        struct { /* date */
            int var;
            unsigned char form, show;
            cp_datepart *parts;
            size_t n_parts;
        } date;
        struct { /* choose */
            cp_branch *branches;
            size_t n;
        } choose;
    } u;
};

typedef struct cp_sortkey {
    bool desc;
    int var;               /* or 0 with macro */
    const cp_macro *macro;
    int names_min, names_first; /* 0 = unset */
    signed char names_last;     /* -1 unset */
} cp_sortkey;

enum { CP_COLLAPSE_NONE, CP_COLLAPSE_NUMBER, CP_COLLAPSE_YEAR, CP_COLLAPSE_SUFFIX,
       CP_COLLAPSE_SUFFIX_RANGED };
enum { CP_GN_BY_CITE, CP_GN_ALL, CP_GN_ALL_INITIALS, CP_GN_PRIMARY, CP_GN_PRIMARY_INITIALS };
enum { CP_SAS_COMPLETE_ALL, CP_SAS_COMPLETE_EACH, CP_SAS_PARTIAL_EACH, CP_SAS_PARTIAL_FIRST };
enum { CP_DEMOTE_DISPLAY_AND_SORT, CP_DEMOTE_SORT_ONLY, CP_DEMOTE_NEVER };
enum { CP_PRF_NONE, CP_PRF_CHICAGO, CP_PRF_CHICAGO16, CP_PRF_EXPANDED, CP_PRF_MINIMAL,
       CP_PRF_MINIMAL_TWO };

typedef struct cp_layout {
    bool present;
    cp_fmt fmt; /* the <layout>'s, affixes inside */
    cp_el **kids;
    size_t n_kids;
    cp_nameopt names; /* inherited by <name> */
    const char *names_delim; /* names-delimiter */
    cp_sortkey *keys;
    size_t n_keys;
} cp_layout;

typedef struct cp_style {
    cp_arena a;
    bool note;
    const char *default_locale;
    const char *parent; /* a dependent style's independent-parent href */
    unsigned char demote, page_range_format;
    bool initialize_with_hyphen;
    cp_nameopt names;
    const char *names_delim;
    cp_layout citation, bibliography;
    /* citation options */
    bool add_names, add_givenname, add_year_suffix;
    unsigned char givenname_rule, collapse;
    const char *year_suffix_delim, *after_collapse_delim, *cite_group_delim;
    int near_note_distance;
    /* bibliography options */
    bool hanging_indent;
    unsigned char second_field_align; /* 0 none, 1 flush, 2 margin */
    int line_spacing, entry_spacing;
    const char *subsequent_author_substitute; /* NULL = off */
    unsigned char sas_rule;
    bool uses_year_suffix_var;
    bool uses_disamb_cond; /* a <choose> tests disambiguate="true" */
    cp_locsrc *locales; /* the style's <locale> elements */
    size_t n_locales;
    const char **extra_vars; /* names of variables the model has no field for */
    size_t n_extra_vars;
    cp_macro **macros;
    size_t n_macros;
} cp_style;

/* The built-in style (default_style.c), used when no style is named. */
extern const char cp_default_style[];

/* Parses a style from memory (name: for messages).  NULL on error, with
 * err holding "NAME:LINE: message". */
cp_style *cp_style_parse(const char *xml, size_t n, const char *name, pc_buf *err);
void cp_style_free(cp_style *s);
/* The variable named [s, s+n) (0 when it is no name at all). */
int cp_style_var(cp_style *st, const char *s, size_t n);
const char *cp_var_name(const cp_style *st, int var);
/* Reads an XML document: no network, no DTD, no entities. NULL + err. */
struct _xmlDoc;
struct _xmlDoc *cp_xml_read(const char *xml, size_t n, const char *name, pc_buf *err);

/* ---- output tree (eval.c) ---------------------------------------------------- */

enum { CP_O_LIT = 1, CP_O_FMT };
enum { CP_T_NONE, CP_T_TERM, CP_T_CITNUM, CP_T_NAMES, CP_T_NAME, CP_T_DATE, CP_T_YEARSUFFIX,
       CP_T_ITEM, CP_T_LOCATOR, CP_T_NOTE, CP_T_LABEL };

typedef struct cp_out cp_out;
struct cp_out {
    unsigned char kind, tag;
    cp_fmt fmt;
    cp_rt *lit;
    cp_out **kids;
    size_t n;
    int num;         /* CITNUM: the number; YEARSUFFIX: the suffix; ITEM: the item index */
    int var;         /* NAMES: the variable */
    const void *ref; /* NAMES: pc_names; NAME: pc_name; DATE: pc_date */
};

/* ---- items and evaluation ---------------------------------------------------- */

/* a name's disambiguation hint */
enum { CP_HINT_NONE, CP_HINT_INITIALS, CP_HINT_GIVEN, CP_HINT_INITIALS_PRIMARY,
       CP_HINT_GIVEN_PRIMARY };

typedef struct cp_hint {
    const pc_name *name;
    unsigned char hint; /* CP_HINT_* */
} cp_hint;

typedef struct cp_item {
    pc_record *rec;   /* owned */
    const char *id;   /* rec's key */
    size_t index;     /* input order */
    int citation_number;
    int first_note;   /* first-reference-note-number, 0 = none */
    int year_suffix;  /* 0 = none */
    int etal_names;   /* disambiguation: names to show (0 = as the style says) */
    bool disamb_cond; /* disambiguate="true" holds */
    bool cited;
    cp_hint *hints; /* names to show more of (disamb.c) */
    size_t n_hints, cap_hints;
    char **sort_bib, **sort_cite; /* sort keys (in cp->keys), or NULL */
    char *cite_text;  /* the rendered citation, for disambiguation (owned) */
    int sas_head;     /* subsequent-author-substitute: entries matched (bib.c) */
    long order;       /* position in the bibliography's order */
} cp_item;

typedef struct pc_citeproc pc_citeproc;

/* What one evaluation of a layout needs (one item in one cite). */
typedef struct cp_eval {
    pc_citeproc *cp;
    const cp_style *st;
    const cp_locale *loc;
    cp_arena *a;
    cp_item *item;
    const cp_layout *layout;
    bool bibliography;
    /* the cite */
    const char *locator;
    const char *label; /* locator term name; NULL = page */
    unsigned positions;
    /* state */
    unsigned long vars_total, vars_nonempty;
    unsigned char *suppressed; /* variables used by a substitute */
    bool in_substitute, in_sort_key, used_year_suffix;
    const cp_el *subst_names; /* the <names> whose substitute runs */
    const cp_sortkey *sort_key; /* names-min & co. of the key being built */
    int depth;
    bool plain; /* sort keys: no affixes, no formatting */
} cp_eval;

cp_out *cp_o_lit(cp_eval *ev, cp_rt *rt);
cp_out *cp_o_str(cp_eval *ev, const char *s, size_t n); /* plain text, no parsing */
cp_out *cp_o_rich(cp_eval *ev, const char *s, size_t n); /* CSL rich text */
/* A formatted node over kids (NULLs dropped); NULL when none is left, the
 * one kid itself when fmt is empty and there is one. */
cp_out *cp_o_fmt(cp_eval *ev, const cp_fmt *fmt, cp_out **kids, size_t n);
cp_out *cp_o_tag(cp_eval *ev, int tag, cp_out *kid);
cp_out *cp_o_group2(cp_eval *ev, cp_out *a, cp_out *b);

cp_out *cp_eval_el(cp_eval *ev, const cp_el *el);
cp_out *cp_eval_kids(cp_eval *ev, cp_el *const *kids, size_t n, const cp_fmt *fmt);
/* Evaluates a layout's elements for the current item (no layout affixes). */
cp_out *cp_eval_layout(cp_eval *ev, const cp_layout *lay);
void cp_eval_init(cp_eval *ev, pc_citeproc *cp, cp_arena *a, cp_item *item, const cp_layout *lay);

/* records and variables (access.c) */
pc_kind cp_rec_kind(const pc_record *r);
const char *cp_rec_key(const pc_record *r);
/* Moves rec's contents into a new record (rec is left cleared). */
pc_record *cp_rec_take(pc_record *rec);
/* A deep copy of src. */
pc_record *cp_rec_copy(const pc_record *src);
void cp_rec_free(pc_record *r);
void cp_rec_set_key(pc_record *r, const char *key);
const char *cp_rec_extra(const pc_record *r, const char *name);
bool cp_var_has(cp_eval *ev, int var);
bool cp_var_in_record(cp_eval *ev, int var); /* substituted or not */
/* A text or number variable's value, marked used; NULL if empty or suppressed. */
const char *cp_var_text(cp_eval *ev, int var);
const pc_text *cp_var_rich(cp_eval *ev, int var);
const pc_names *cp_var_names(cp_eval *ev, int var);
const pc_date *cp_var_date(cp_eval *ev, int var, const char **literal);
void cp_var_count(cp_eval *ev, bool nonempty);
bool cp_var_is_suppressed(const cp_eval *ev, int var);
void cp_var_suppress(cp_eval *ev, int var);
int cp_var_kind(const cp_style *st, int var); /* PC_FK_* */

/* the parts: names.c, dates.c, numbers.c */
cp_out *cp_eval_names(cp_eval *ev, const cp_el *el);
cp_out *cp_eval_date(cp_eval *ev, const cp_el *el);
/* A date as a sort key: era, zero-padded year, month and day, both ends. */
void cp_date_sort_key(const pc_date *d, unsigned parts, pc_buf *b); /* parts: 1 y, 2 m, 4 d */
cp_out *cp_eval_number(cp_eval *ev, const cp_el *el);
cp_out *cp_eval_label(cp_eval *ev, int var, int form, int plural, const cp_fmt *fmt);
/* numbers.c */
cp_out *cp_number_out(cp_eval *ev, const char *s, int form, int gender);
void cp_ordinal(const cp_locale *l, long n, int gender, pc_buf *out);
void cp_roman(long n, pc_buf *out);
cp_out *cp_page_range(cp_eval *ev, const char *s, bool is_page);
bool cp_is_numeric(const char *s);
bool cp_is_plural_number(const char *s);
/* The text of a term as output (tagged CP_T_TERM), NULL when absent or empty. */
cp_out *cp_term_out(cp_eval *ev, const char *name, int form, bool plural);

/* ---- rendering (render.c, textcase.c, rich.c) --------------------------------- */

/* Parses CSL rich text (<i>, <b>, <sc>, <span class="nocase">, quotes...). */
cp_rt *cp_rich_parse(cp_arena *a, const cp_locale *loc, const char *s, size_t n);
/* A model text with its spans and case-protected words. */
cp_rt *cp_rich_from_text(cp_arena *a, const cp_locale *loc, const pc_text *t);
cp_rt *cp_rt_text(cp_arena *a, const char *s, size_t n);
cp_rt *cp_rt_wrap(cp_arena *a, int kind, cp_rt *kid);
cp_rt *cp_rt_seq(cp_arena *a, cp_rt **kids, size_t n); /* flattens nested sequences */
bool cp_rt_empty(const cp_rt *r);
void cp_rt_plain(const cp_rt *r, pc_buf *out); /* the text without markup */

/* Renders an output tree into a rich tree (NULL when it is empty). */
cp_rt *cp_render(cp_arena *a, const cp_locale *loc, const cp_out *o);
/* Rich tree -> bytes in a format. */
void cp_emit(const cp_rt *r, pc_citeproc_format fmt, const cp_locale *loc, pc_buf *out);
void cp_text_case(cp_arena *a, cp_rt **r, int tc);
cp_rt *cp_punct_in_quote(cp_arena *a, cp_rt *r);
/* Drops leading characters for which pred holds from the first text. */
/* Which characters to drop: pred(c, arg). */
typedef bool (*cp_char_pred)(int32_t c, const void *arg);
cp_rt *cp_rt_drop_lead(cp_arena *a, cp_rt *r, cp_char_pred pred, const void *arg);
cp_rt *cp_rt_drop_trail(cp_arena *a, cp_rt *r, cp_char_pred pred, const void *arg);
int32_t cp_rt_first(const cp_rt *r);
int32_t cp_rt_last(const cp_rt *r);

/* The per-format callbacks. */
enum { CP_MK_ITALIC, CP_MK_ROMAN, CP_MK_BOLD, CP_MK_UNBOLD, CP_MK_SMALLCAPS, CP_MK_NOSMALLCAPS,
       CP_MK_UNDERLINE, CP_MK_NODECOR, CP_MK_SUP, CP_MK_SUB, CP_MK_BASELINE, CP_MK_DIV,
       CP_MK_LINK };
typedef struct cp_emit_state {
    bool italic, bold, smallcaps;
} cp_emit_state;
/* fs: the format's own state for one cp_emit, CP_FMT_STATE bytes zeroed
 * before the first callback (Markdown keeps its pending marks there); every
 * mark opened is closed before cp_emit returns. */
enum { CP_FMT_STATE = 256 };
typedef struct cp_format_ops {
    void (*text)(pc_buf *out, void *fs, const char *s, size_t n);
    /* mark: CP_MK_*; arg: the display class or URL; st: what is active
     * around (before the mark takes effect) */
    void (*open)(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st);
    void (*close)(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st);
} cp_format_ops;
extern const cp_format_ops cp_format_html, cp_format_text, cp_format_markdown, cp_format_latex;

/* ---- engine internals (engine.c, cite.c, sort.c, disamb.c, bib.c) ----------- */

typedef struct cp_citeitem {
    size_t item;          /* index into items, or SIZE_MAX when unknown */
    const char *id;
    const char *locator, *label, *prefix, *suffix;
    bool suppress_author, author_only;
    unsigned positions;
} cp_citeitem;

typedef struct cp_cluster {
    cp_citeitem *items;
    size_t n;
    int note; /* note number, 0 = none (the cluster's number then) */
    char *prefix, *suffix;
} cp_cluster;

struct pc_citeproc {
    cp_style *style;
    cp_arena la; /* the locale's */
    cp_locale loc;
    cp_locsrc *file_locs; /* loaded locale files */
    size_t n_file_locs;
    cp_item **items;
    size_t n_items, cap_items;
    struct cp_idmap *ids;
    cp_cluster *clusters;
    size_t n_clusters, cap_clusters;
    size_t *bib_order; /* items in bibliography order */
    bool processed;
    cp_arena scratch;
    cp_arena keys; /* sort keys, cite texts */
    pc_buf tmp, tmp2; /* scratch */
    pc_ctx *ctx;
    pc_citeproc_extra_fn extra_text; /* decodes CSL pass-through values; NULL = none */
    pc_buf extra_buf;                /* its output */
};

size_t cp_item_find(const pc_citeproc *cp, const char *id);
void cp_process(pc_citeproc *cp);
void cp_sort_items(pc_citeproc *cp, const cp_layout *lay, size_t *order, size_t n, bool bib);
char **cp_sort_keys(pc_citeproc *cp, const cp_layout *lay, cp_item *it, cp_arena *a);
int cp_sort_cmp(const cp_layout *lay, char **a, char **b);
void cp_positions(pc_citeproc *cp);
void cp_sort_clusters(pc_citeproc *cp);
void cp_bib_prepare(pc_citeproc *cp);
void cp_disambiguate(pc_citeproc *cp);
/* Renders one citation item (no cluster), for disambiguation. */
void cp_cite_plain(pc_citeproc *cp, cp_item *it, pc_buf *out);
int cp_name_hint(const cp_item *it, const pc_name *nm);
/* cite.c, collapse.c */
cp_out *cp_drop_names(cp_eval *ev, cp_out *o, int depth);
cp_out *cp_cite_affixes(cp_eval *ev, const cp_citeitem *ci, cp_out *o);
cp_out *cp_collapse(pc_citeproc *cp, cp_eval *ev, const cp_cluster *cl, cp_out **outs, size_t n);
cp_rt *cp_cluster_render(pc_citeproc *cp, size_t ci, cp_arena *a);
cp_rt *cp_bib_entry_render(pc_citeproc *cp, size_t k, cp_arena *a);
void cp_finish(pc_citeproc *cp, cp_rt **r, cp_arena *a);

#endif
