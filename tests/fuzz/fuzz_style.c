/* SPDX-License-Identifier: MIT */
/* fuzz_style.c — libFuzzer targets for the CSL processor's parsers, built
 * twice from this file: fuzz_style, whose input is a CSL style (parsed by
 * cp_style_parse, src/citeproc/style.c), and fuzz_locale (-DPC_FUZZ_LOCALE),
 * whose input is a locale file, locales-xx-XX.xml (cp_locsrc_parse,
 * src/citeproc/locale.c).  An input that parses is put to work: an engine
 * (the input as its style; fuzz_locale: a fixed style, with the input as
 * its locale's first source over the installed en-US) renders two fixed
 * items, read from CSL-JSON by the project's CSL reader, as citation
 * clusters and a bibliography in every output format, and aborts if an
 * output is not valid UTF-8 (everything it is made from is).  A parse error
 * is an expected outcome: messages go to a sink that drops them.  Nothing
 * is fetched (the XML reader sets XML_PARSE_NONET and refuses a DOCTYPE);
 * a dependent style is not followed to its parent, which would parse an
 * installed style rather than the input.  The engine needs the installed
 * locales-en-US.xml (citation-style-language-locales); without it only the
 * parsers run. */
#include "citeproc/cp.h"
#include "csl/csl.h"       /* pc_csl_read_item */
#include "text/unicode.h"

#include <jansson.h>
#include <libxml/tree.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The items every engine renders: names with a particle, a literal and
 * an editor, rich text and quotes in a title, a date range with a season,
 * pages, a locator-worthy article and a book by the same name (so that
 * disambiguation has work). */
static const char items_json[] =
    "[{\"id\": \"a\", \"type\": \"article-journal\","
    "  \"title\": \"On the <i>origin</i> of \\\"things\\\": a study\","
    "  \"author\": [{\"family\": \"Beethoven\", \"given\": \"Ludwig\", \"non-dropping-particle\": \"van\"},"
    "              {\"family\": \"Doe\", \"given\": \"Jane Q.\", \"suffix\": \"Jr.\"},"
    "              {\"literal\": \"The Collective\"}],"
    "  \"container-title\": \"Journal of Tests\", \"container-title-short\": \"J. Tests\","
    "  \"volume\": \"12\", \"issue\": \"3\", \"page\": \"101-119\", \"edition\": \"2\","
    "  \"issued\": {\"date-parts\": [[2001, 3, 15]]}, \"DOI\": \"10.1000/xyz\","
    "  \"accessed\": {\"date-parts\": [[2020, 1, 2]]}, \"language\": \"en\"},"
    " {\"id\": \"b\", \"type\": \"book\", \"title\": \"Über Bücher\","
    "  \"author\": [{\"family\": \"Beethoven\", \"given\": \"Karl\", \"non-dropping-particle\": \"van\"}],"
    "  \"editor\": [{\"family\": \"Doe\", \"given\": \"Jane Q.\"}],"
    "  \"translator\": [{\"family\": \"Roe\", \"given\": \"R.\"}],"
    "  \"publisher\": \"Press\", \"publisher-place\": \"Berlin\", \"number-of-pages\": \"300\","
    "  \"issued\": {\"date-parts\": [[2001], [2003]], \"season\": 2, \"circa\": true},"
    "  \"URL\": \"https://example.org/b\", \"note\": \"A note\", \"collection-title\": \"Series\","
    "  \"collection-number\": 4}]";

static void quiet(void *u, const pc_diag *d)
{
    (void)u;
    (void)d;
}

static void check_utf8(const char *what, const pc_buf *b)
{
    size_t bad;
    if (b->len && !pc_utf8_valid(b->ptr, b->len, &bad)) {
        fprintf(stderr, "fuzz: %s is not valid UTF-8 at byte %zu\n%.*s\n", what, bad,
                (int)(b->len > 2000 ? 2000 : b->len), b->ptr);
        abort();
    }
}

/* Feeds cp the items and three clusters (a locator with affixes, an
 * ibid with a locator and a suppressed author, an unknown id and an
 * author-only cite). */
static void feed(pc_citeproc *cp, pc_ctx *ctx)
{
    json_error_t e;
    json_t *items = json_loads(items_json, 0, &e);
    if (!items)
        abort(); /* the harness's own JSON */
    for (size_t i = 0; i < json_array_size(items); i++) {
        pc_record rec;
        pc_record_init(&rec);
        if (pc_csl_read_item(json_array_get(items, i), &rec, ctx, "items", 0, PC_CSL_HTML))
            pc_citeproc_add(cp, &rec);
        pc_record_clear(&rec);
    }
    json_decref(items);
    const pc_citeproc_item c1[] = {
        {.id = "a", .locator = "12-15", .prefix = "see ", .suffix = ", <i>passim</i>"},
    };
    const pc_citeproc_item c2[] = {
        {.id = "a", .locator = "12", .label = "chapter"},
        {.id = "b", .suppress_author = true},
    };
    const pc_citeproc_item c3[] = {
        {.id = "missing"},
        {.id = "b", .author_only = true},
    };
    pc_citeproc_cite(cp, c1, 1, 1);
    pc_citeproc_cite(cp, c2, 2, 2);
    pc_citeproc_cite(cp, c3, 2, 3);
}

/* Every cluster and bibliography entry of cp in every format. */
static void render(pc_citeproc *cp)
{
    pc_buf out = PC_BUF_INIT;
    for (int f = 0; f < PC_CITEPROC_NFORMATS; f++) {
        for (size_t i = 0; i < pc_citeproc_cluster_count(cp); i++) {
            pc_buf_clear(&out);
            pc_citeproc_cluster(cp, i, (pc_citeproc_format)f, &out);
            check_utf8("a citation", &out);
        }
        if (!pc_citeproc_has_bibliography(cp))
            continue;
        for (size_t i = 0; i < pc_citeproc_bib_count(cp); i++) {
            pc_buf_clear(&out);
            pc_citeproc_bib_entry(cp, i, (pc_citeproc_format)f, &out);
            check_utf8("a bibliography entry", &out);
            if (!pc_citeproc_bib_id(cp, i))
                abort();
        }
    }
    (void)pc_citeproc_hanging_indent(cp);
    (void)pc_citeproc_second_field_align(cp);
    pc_buf_free(&out);
}

#ifndef PC_FUZZ_LOCALE

/* The input as a style: parsed once here; when it parses, is not a
 * dependent style, and is text an engine reads as XML (no NUL, '<' first,
 * as pc_citeproc_new wants; anything else would be looked up as a style
 * name), the engine parses it again and renders the items. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pc_buf err = PC_BUF_INIT;
    cp_style *st = cp_style_parse((const char *)data, size, "fuzz", &err);
    bool usable = st && !st->parent;
    cp_style_free(st);
    pc_buf_free(&err);
    size_t lead = 0;
    while (lead < size &&
           (data[lead] == ' ' || data[lead] == '\n' || data[lead] == '\t' || data[lead] == '\r'))
        lead++;
    if (!usable || lead == size || data[lead] != '<' || memchr(data, '\0', size))
        return 0;
    char *xml = pc_xstrndup((const char *)data, size);
    pc_ctx ctx;
    pc_ctx_init(&ctx, quiet, NULL);
    pc_citeproc *cp = pc_citeproc_new(xml, NULL, &ctx);
    if (cp) {
        feed(cp, &ctx);
        render(cp);
    }
    pc_citeproc_free(cp);
    pc_ctx_free(&ctx);
    pc_free(xml);
    return 0;
}

#else

/* fuzz_locale's style: what a locale gives a style (terms in each form
 * and number, ordinals, localized dates in both forms, quotes, labels). */
static const char locale_style[] =
    "<style xmlns=\"http://purl.org/net/xbiblio/csl\" class=\"note\" version=\"1.0\">\n"
    " <citation et-al-min=\"3\" et-al-use-first=\"1\">\n"
    "  <layout delimiter=\"; \" suffix=\".\">\n"
    "   <group delimiter=\", \">\n"
    "    <choose>\n"
    "     <if position=\"ibid-with-locator\"><text term=\"ibid\" text-case=\"capitalize-first\"/></if>\n"
    "     <else><names variable=\"author\"><name and=\"text\" form=\"short\"/><et-al/></names></else>\n"
    "    </choose>\n"
    "    <date variable=\"issued\" form=\"text\"/>\n"
    "    <group delimiter=\" \">\n"
    "     <label variable=\"locator\" form=\"short\"/><text variable=\"locator\"/></group>\n"
    "   </group>\n"
    "  </layout>\n"
    " </citation>\n"
    " <bibliography>\n"
    "  <layout suffix=\".\">\n"
    "   <group delimiter=\", \">\n"
    "    <names variable=\"author editor translator\" delimiter=\"; \">\n"
    "     <name and=\"symbol\" name-as-sort-order=\"first\" initialize-with=\". \"/>\n"
    "     <label form=\"verb-short\" prefix=\" \"/></names>\n"
    "    <text variable=\"title\" quotes=\"true\"/>\n"
    "    <group delimiter=\" \">\n"
    "     <number variable=\"edition\" form=\"ordinal\"/><text term=\"edition\" form=\"short\"/></group>\n"
    "    <group delimiter=\" \">\n"
    "     <number variable=\"edition\" form=\"long-ordinal\"/><label variable=\"edition\"/></group>\n"
    "    <group delimiter=\" \"><label variable=\"page\" form=\"short\"/><text variable=\"page\"/></group>\n"
    "    <date variable=\"issued\" form=\"numeric\"/>\n"
    "    <date variable=\"accessed\" form=\"text\" prefix=\"(\" suffix=\")\"/>\n"
    "    <date variable=\"issued\">\n"
    "     <date-part name=\"month\" form=\"short\"/><date-part name=\"day\" form=\"ordinal\"/>\n"
    "     <date-part name=\"year\"/></date>\n"
    "    <number variable=\"collection-number\" form=\"roman\"/>\n"
    "    <text term=\"and others\"/><text term=\"circa\" form=\"short\"/>\n"
    "    <text term=\"page\" plural=\"true\"/>\n"
    "   </group>\n"
    "  </layout>\n"
    " </bibliography>\n"
    "</style>\n";

/* The input as a locale file, read as the engine reads one
 * (load_locale_file in engine.c): a <locale> root parsed into a source.
 * When it parses, an engine of locale_style re-merges its locale with the
 * input first, over the en-US file it loaded (setup_locale's order for a
 * locale file of the style's language). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pc_buf err = PC_BUF_INIT;
    xmlDocPtr doc = cp_xml_read((const char *)data, size, "fuzz", &err);
    xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
    cp_arena a = {0};
    cp_locsrc src = {0};
    bool ok = root && strcmp((const char *)root->name, "locale") == 0 &&
              cp_locsrc_parse(&a, root, &src, &err);
    xmlFreeDoc(doc);
    pc_buf_free(&err);
    pc_ctx ctx;
    pc_ctx_init(&ctx, quiet, NULL);
    pc_citeproc *cp = ok ? pc_citeproc_new(locale_style, "en-US", &ctx) : NULL;
    if (cp) {
        const cp_locsrc *srcs[16] = {&src};
        size_t n = 1;
        for (size_t i = 0; i < cp->n_file_locs && n < 16; i++)
            srcs[n++] = &cp->file_locs[i];
        cp_locale_merge(&cp->la, srcs, n, &cp->loc);
        cp->loc.lang = cp_strdup(&cp->la, src.lang ? src.lang : "en-US");
        feed(cp, &ctx);
        render(cp);
    }
    pc_citeproc_free(cp); /* before the arena: its locale points into it */
    pc_ctx_free(&ctx);
    cp_arena_free(&a);
    return 0;
}

#endif
