/* SPDX-License-Identifier: MIT */
/* encoding_guess.c — which encoding bytes that are not UTF-8 are in: the
 * "try --encoding" hint.
 *
 * A small scorer over a table of candidates, with iconv as the validator:
 * a candidate whose decoder rejects the bytes is out; each remaining one
 * reads them, and every character it gets scores by its class (a Latin
 * letter beside an ASCII letter, punctuation, a Han character among CJK
 * text, kana, Hangul; C1 controls, private-use and stray characters count
 * against), plus a bonus for the most frequent characters of the
 * language.  Candidates that read the bytes alike (Latin-1 and
 * Windows-1252 without 0x80-0x9F) are one.  The best is named (if it makes
 * half a point per byte above 0x7F), and the second too when it scores
 * nearly as well. */
#include "io/encoding.h"

#include "text/unicode.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>

enum { GUESS_SAMPLE = 4096 };

/* The text a candidate's reading is judged as. */
typedef enum lang { LANG_LATIN, LANG_ZH, LANG_JA, LANG_KO, LANG_N } lang;

static const struct candidate {
    const char *iconv;  /* the decoder */
    const char *option; /* what to give --encoding */
    const char *label;  /* how the text is named */
    lang lang;
} candidates[] = {
    {"ISO-8859-1", "latin1", "Latin-1", LANG_LATIN},
    {"WINDOWS-1252", "windows-1252", "Windows-1252", LANG_LATIN},
    {"ISO-8859-15", "latin9", "Latin-9", LANG_LATIN},
    {"GB18030", "gb18030", "GB18030 (Chinese)", LANG_ZH},
    {"BIG5", "big5", "Big5 (Chinese)", LANG_ZH},
    {"SHIFT_JIS", "shift_jis", "Shift_JIS (Japanese)", LANG_JA},
    {"EUC-JP", "euc-jp", "EUC-JP (Japanese)", LANG_JA},
    {"EUC-KR", "euc-kr", "EUC-KR (Korean)", LANG_KO},
};
enum { N_CANDIDATES = sizeof candidates / sizeof *candidates };

typedef enum cls {
    C_ASCII = 0,
    C_ASCII_LETTER,
    C_LATIN,     /* a Latin letter past ASCII */
    C_SYMBOL,    /* punctuation and signs text uses: « » ° ½ – — “ ” € ™ */
    C_RARE,      /* signs text hardly uses: ¤ ¦ ¨ ¯ ´ ¸ */
    C_CONTROL,   /* C1 controls: never text */
    C_HAN,       /* CJK ideographs */
    C_KANA,      /* hiragana, katakana */
    C_HANGUL,    /* Hangul syllables */
    C_CJK_PUNCT, /* CJK punctuation, full-width forms */
    C_HALF_KANA, /* half-width katakana: what Shift_JIS makes of single bytes */
    C_STRAY,     /* private use, U+FFFD */
    C_OTHER,     /* other scripts, box drawing, ... */
    C_N
} cls;

/* Points per character, by class and language.  C_LATIN's count only
 * beside an ASCII letter (not alone: "œ" where Latin-1 has "½"), C_HAN's
 * only beside other CJK text (Latin text read as GBK makes single
 * ideographs between letters). */
static const signed char points[C_N][LANG_N] = {
    [C_LATIN] = {2, 0, 0, 0},     [C_SYMBOL] = {1, 0, 0, 0},      [C_CONTROL] = {-8, -8, -8, -8},
    [C_HAN] = {0, 4, 3, 1},       [C_KANA] = {0, 1, 4, 0},        [C_HANGUL] = {0, 0, 0, 4},
    [C_CJK_PUNCT] = {0, 2, 2, 2}, [C_HALF_KANA] = {0, -2, 0, -2}, [C_STRAY] = {-4, -4, -4, -4},
    [C_OTHER] = {-1, -1, -1, -1},
};
enum { COMMON_BONUS = 3 };

/* The most frequent characters of each language (sorted): Chinese, both
 * simplified and traditional; Japanese kana and kanji; Hangul syllables.
 * They tell GB18030 from Big5 and EUC-KR, which read each other's bytes
 * as (other) ideographs. */
static const uint16_t common_zh[] = {
    0x4E00, 0x4E09, 0x4E0A, 0x4E0B, 0x4E0D, 0x4E0E, 0x4E1A, 0x4E24, 0x4E2A, 0x4E2D, 0x4E3A, 0x4E3B,
    0x4E48, 0x4E4B, 0x4E5F, 0x4E86, 0x4E8B, 0x4E8E, 0x4E9B, 0x4EBA, 0x4ECE, 0x4ED6, 0x4EE5, 0x4EEC,
    0x4F1A, 0x4F46, 0x4F53, 0x4F5C, 0x4F60, 0x4F7F, 0x4F86, 0x500B, 0x5011, 0x5168, 0x5169, 0x516C,
    0x5173, 0x5176, 0x51FA, 0x5206, 0x5230, 0x524D, 0x529B, 0x52A8, 0x52D5, 0x5341, 0x53BB, 0x53C8,
    0x53D1, 0x53EA, 0x53EF, 0x540C, 0x540E, 0x5411, 0x548C, 0x554F, 0x56E0, 0x56FD, 0x570B, 0x5728,
    0x5730, 0x5916, 0x591A, 0x5927, 0x5929, 0x5934, 0x597D, 0x5982, 0x5B50, 0x5B66, 0x5B78, 0x5B83,
    0x5B9A, 0x5B9E, 0x5BB6, 0x5BE6, 0x5BF9, 0x5C06, 0x5C07, 0x5C0D, 0x5C0F, 0x5C31, 0x5DE5, 0x5DF2,
    0x5E74, 0x5E76, 0x5E94, 0x5F00, 0x5F53, 0x5F88, 0x5F8C, 0x5F97, 0x5F9E, 0x5FC3, 0x6027, 0x60C5,
    0x60F3, 0x610F, 0x6210, 0x6211, 0x6240, 0x624B, 0x628A, 0x6587, 0x65B9, 0x65BC, 0x65E0, 0x65E5,
    0x65F6, 0x660E, 0x662F, 0x6642, 0x6700, 0x6703, 0x6709, 0x672C, 0x673A, 0x6765, 0x6837, 0x696D,
    0x6A23, 0x6A5F, 0x6B63, 0x6B64, 0x6C11, 0x6C92, 0x6CA1, 0x6CD5, 0x70B9, 0x70BA, 0x7121, 0x7136,
    0x7269, 0x73B0, 0x73FE, 0x7406, 0x751F, 0x7528, 0x7531, 0x7576, 0x767C, 0x7684, 0x770B, 0x7740,
    0x77E5, 0x79CD, 0x7A2E, 0x7B2C, 0x7D93, 0x7ECF, 0x8005, 0x800C, 0x80FD, 0x81EA, 0x8207, 0x8457,
    0x8655, 0x884C, 0x88E1, 0x8981, 0x8AAA, 0x8AD6, 0x8BF4, 0x8D77, 0x8FC7, 0x8FD8, 0x8FD9, 0x8FDB,
    0x9019, 0x9032, 0x904E, 0x9053, 0x9084, 0x90A3, 0x90E8, 0x90FD, 0x91CC, 0x91CD, 0x9577, 0x957F,
    0x958B, 0x9593, 0x95DC, 0x95EE, 0x95F4, 0x9762, 0x984C, 0x9AD4, 0x9AD8, 0x9EBC, 0x9EDE,
};
static const uint16_t common_ja[] = {
    0x3042, 0x3044, 0x3046, 0x3048, 0x304A, 0x304B, 0x304C, 0x304D, 0x304F, 0x3051, 0x3053, 0x3055,
    0x3057, 0x3059, 0x305B, 0x305D, 0x305F, 0x3063, 0x3064, 0x3066, 0x3067, 0x3068, 0x306A, 0x306B,
    0x306E, 0x306F, 0x307E, 0x307F, 0x3082, 0x3088, 0x3089, 0x308A, 0x308B, 0x308C, 0x3092, 0x3093,
    0x4E00, 0x4E0A, 0x4E2D, 0x4E8B, 0x4EBA, 0x4F1A, 0x51FA, 0x5206, 0x524D, 0x540C, 0x554F, 0x56FD,
    0x5927, 0x5B66, 0x5E74, 0x5F8C, 0x601D, 0x624B, 0x65B9, 0x65E5, 0x6642, 0x6708, 0x672C, 0x751F,
    0x7684, 0x8005, 0x81EA, 0x884C, 0x898B, 0x9577, 0x9593,
};
static const uint16_t common_ko[] = {
    0xAC00, 0xAC8C, 0xACE0, 0xACFC, 0xAD6C, 0xAD6D, 0xADF8, 0xAE30, 0xB098, 0xB294, 0xB2E4, 0xB300,
    0xB3C4, 0xB418, 0xB77C, 0xB85C, 0xB97C, 0xB9AC, 0xB9CC, 0xBC1C, 0xBCF4, 0xBD80, 0xC0AC, 0xC0C1,
    0xC11C, 0xC218, 0xC2DC, 0xC544, 0xC5B4, 0xC5D0, 0xC5EC, 0xC5F0, 0xC6B0, 0xC6D0, 0xC73C, 0xC744,
    0xC758, 0xC774, 0xC778, 0xC77C, 0xC788, 0xC790, 0xC7A5, 0xC801, 0xC804, 0xC815, 0xC81C, 0xC8FC,
    0xC9C0, 0xD558, 0xD559, 0xD55C, 0xD574,
};
static const struct {
    const uint16_t *cps;
    size_t n;
} common[LANG_N] = {
    [LANG_ZH] = {common_zh, sizeof common_zh / sizeof *common_zh},
    [LANG_JA] = {common_ja, sizeof common_ja / sizeof *common_ja},
    [LANG_KO] = {common_ko, sizeof common_ko / sizeof *common_ko},
};

static bool is_common(lang l, int32_t cp)
{
    const uint16_t *a = common[l].cps;
    size_t lo = 0, hi = common[l].n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] == cp)
            return true;
        if (a[mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* Classes past U+024F, by range (sorted). */
static const struct {
    int32_t lo, hi;
    cls c;
} ranges[] = {
    {0x02C6, 0x02C6, C_SYMBOL},    {0x02DC, 0x02DC, C_SYMBOL},    {0x2010, 0x2044, C_SYMBOL},
    {0x20AC, 0x20AC, C_SYMBOL},    {0x2122, 0x2122, C_SYMBOL},    {0x3000, 0x303F, C_CJK_PUNCT},
    {0x3040, 0x30FF, C_KANA},      {0x3400, 0x4DBF, C_HAN},       {0x4E00, 0x9FFF, C_HAN},
    {0xAC00, 0xD7A3, C_HANGUL},    {0xE000, 0xF8FF, C_STRAY},     {0xF900, 0xFAFF, C_HAN},
    {0xFF01, 0xFF5E, C_CJK_PUNCT}, {0xFF61, 0xFF9F, C_HALF_KANA}, {0xFFFD, 0xFFFD, C_STRAY},
};

static cls classify(int32_t cp)
{
    if (cp < 0x80)
        return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z' ? C_ASCII_LETTER : C_ASCII;
    if (cp < 0xA0)
        return C_CONTROL;
    if (cp < 0xC0)
        return cp == 0xA4 || cp == 0xA6 || cp == 0xA8 || cp == 0xAF || cp == 0xB4 || cp == 0xB8 ? C_RARE
                                                                                               : C_SYMBOL;
    if (cp == 0xD7 || cp == 0xF7)
        return C_SYMBOL;
    if (cp < 0x250)
        return C_LATIN;
    for (size_t i = 0; i < sizeof ranges / sizeof *ranges && ranges[i].lo <= cp; i++)
        if (cp <= ranges[i].hi)
            return ranges[i].c;
    return C_OTHER;
}

static bool is_cjk(cls c) { return c == C_HAN || c == C_KANA || c == C_HANGUL || c == C_CJK_PUNCT; }

/* The class of the code point at s[*i] (valid UTF-8: iconv's output), *i
 * moved past it; C_ASCII at the end. */
static cls next_class(const char *s, size_t n, size_t *i, int32_t *cp)
{
    *cp = 0;
    if (*i >= n)
        return C_ASCII;
    int len = pc_utf8_next(s + *i, n - *i, cp);
    *i += len > 0 ? (size_t)len : 1;
    return len > 0 ? classify(*cp) : C_STRAY;
}

/* The points of a candidate's reading t[0, n), read as language l. */
static long score_text(const char *t, size_t n, lang l)
{
    long total = 0;
    size_t i = 0;
    int32_t cp, next_cp;
    bool have = n > 0;
    /* the sample starts at the first bad byte, most often inside a word */
    cls prev = C_ASCII_LETTER, cur = next_class(t, n, &i, &cp);
    while (have) {
        have = i < n;
        cls next = next_class(t, n, &i, &next_cp);
        int p = points[cur][l];
        if (cur == C_LATIN && prev != C_ASCII_LETTER && next != C_ASCII_LETTER)
            p = 0; /* alone: "à", or "œ" where Latin-1 has "½" */
        if (cur == C_HAN && !is_cjk(prev) && !is_cjk(next))
            p = 0;
        if (is_cjk(cur) && is_common(l, cp))
            p += COMMON_BONUS;
        total += p;
        prev = cur;
        cur = next;
        cp = next_cp;
    }
    return total;
}

/* s[0, n) read as `name` into *out; false if the bytes are not that
 * encoding (a character cut by the end is left out). */
static bool read_as(const char *name, const char *s, size_t n, pc_buf *out)
{
    pc_buf_clear(out);
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1)
        return false;
    pc_buf_grow(out, n * 4 + 4);
    char *ip = (char *)s, *op = out->ptr;
    size_t il = n, ol = n * 4 + 4;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    bool ok = r != (size_t)-1 || errno == EINVAL;
    iconv_close(cd);
    out->len = (size_t)(op - out->ptr);
    out->ptr[out->len] = '\0';
    return ok;
}

/* UTF-8 cut short (a lead byte and continuation bytes, then something
 * else) with valid UTF-8 after it: a damaged UTF-8 file, not a charset. */
static bool cut_utf8(const unsigned char *s, size_t n)
{
    if (n < 2 || s[0] < 0xC2 || s[0] > 0xF4 || (s[1] & 0xC0) != 0x80)
        return false;
    size_t i = 1, bad;
    while (i < n && (s[i] & 0xC0) == 0x80)
        i++;
    return pc_utf8_valid((const char *)s + i, n - i, &bad) || bad + 4 > n - i;
}

/* The sample: at most GUESS_SAMPLE bytes, ending after an ASCII byte so no
 * character is cut (unless it has none). */
static size_t sample_len(const char *s, size_t n)
{
    n = n < GUESS_SAMPLE ? n : GUESS_SAMPLE;
    size_t k = n;
    while (k > 1 && (unsigned char)s[k - 1] >= 0x80)
        k--;
    return k > 1 ? k : n;
}

/* Whether the runner-up is as likely: candidates of one script (Latin-1
 * and Latin-9) read most bytes alike, so only the points they differ by
 * count (less than two: one "¤"/"€" decides nothing); candidates of
 * different scripts read every byte differently, so their points per
 * byte are compared. */
static bool unsure(int best, int second, const long *total, size_t high)
{
    if (second < 0 || total[second] <= 0)
        return false;
    if (candidates[best].lang == candidates[second].lang && candidates[best].lang == LANG_LATIN)
        return total[best] - total[second] < 2;
    return (double)total[second] >= 0.8 * (double)total[best] && high > 0;
}

void pc_encoding_guess(const char *s, size_t n, pc_buf *hint)
{
    if (!n || (unsigned char)s[0] < 0x80 || cut_utf8((const unsigned char *)s, n < GUESS_SAMPLE ? n : GUESS_SAMPLE))
        return; /* NUL or a control: not a charset question; or damaged UTF-8 */
    n = sample_len(s, n);
    size_t high = 0;
    for (size_t i = 0; i < n; i++)
        high += (unsigned char)s[i] >= 0x80;
    pc_buf text[N_CANDIDATES];
    long total[N_CANDIDATES];
    bool fits[N_CANDIDATES];
    int best = -1, second = -1;
    for (int i = 0; i < N_CANDIDATES; i++) {
        pc_buf_init(&text[i]);
        fits[i] = read_as(candidates[i].iconv, s, n, &text[i]);
        bool same = false; /* reads as an earlier candidate does: that one stands for both */
        for (int j = 0; j < i && fits[i] && !same; j++)
            same = fits[j] && text[j].len == text[i].len && !memcmp(text[j].ptr, text[i].ptr, text[i].len);
        if (!fits[i] || same) {
            fits[i] = false;
            continue;
        }
        total[i] = score_text(text[i].ptr, text[i].len, candidates[i].lang);
        if (best < 0 || total[i] > total[best]) {
            second = best;
            best = i;
        } else if (second < 0 || total[i] > total[second]) {
            second = i;
        }
    }
    for (int i = 0; i < N_CANDIDATES; i++)
        pc_buf_free(&text[i]);
    if (best < 0 || (double)total[best] < 0.5 * (double)high)
        return; /* nothing reads as text */
    if (unsure(best, second, total, high))
        pc_buf_printf(hint, "; the text looks like %s or %s: try --encoding %s (or %s)", candidates[best].label,
                      candidates[second].label, candidates[best].option, candidates[second].option);
    else
        pc_buf_printf(hint, "; the text looks like %s: try --encoding %s", candidates[best].label,
                      candidates[best].option);
}

const char *pc_encoding_hint(const char *s, size_t n)
{
    static _Thread_local char hint[256];
    pc_buf b = PC_BUF_INIT;
    pc_encoding_guess(s, n, &b);
    size_t k = b.len < sizeof hint - 1 ? b.len : sizeof hint - 1;
    memcpy(hint, b.ptr, k);
    hint[k] = '\0';
    pc_buf_free(&b);
    return hint;
}
