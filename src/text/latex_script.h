/* SPDX-License-Identifier: MIT */
/* latex_script.h — the characters Unicode has as superscripts and
 * subscripts that LaTeX's \textsuperscript / \textsubscript text is made
 * of: digits, + - = ( ), the set pandoc's plain writer uses.  Private to
 * the LaTeX decoder (latex.c) and encoder (latex_encode.c). */
#ifndef PC_LATEX_SCRIPT_H
#define PC_LATEX_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>

/* The script form of ASCII c (sub: subscript), or 0 if it has none. */
static inline int32_t pc_latex_script_cp(unsigned char c, bool sub)
{
    static const int32_t sup_digit[10] = {0x2070, 0x00B9, 0x00B2, 0x00B3, 0x2074,
                                          0x2075, 0x2076, 0x2077, 0x2078, 0x2079};
    if (c >= '0' && c <= '9')
        return sub ? 0x2080 + (c - '0') : sup_digit[c - '0'];
    static const char signs[] = "+-=()";
    for (int k = 0; signs[k]; k++)
        if (c == (unsigned char)signs[k])
            return (sub ? 0x208A : 0x207A) + k;
    return 0;
}

/* The ASCII character a script code point stands for (0 if cp is none),
 * and whether it is a subscript. */
static inline char pc_latex_script_ascii(int32_t cp, bool *sub)
{
    static const char signs[] = "+-=()";
    *sub = cp >= 0x2080;
    if (cp == 0x00B9 || cp == 0x00B2 || cp == 0x00B3)
        return cp == 0x00B9 ? '1' : (char)('2' + (cp - 0x00B2));
    if (cp == 0x2070 || (cp >= 0x2074 && cp <= 0x2079) || (cp >= 0x2080 && cp <= 0x2089))
        return (char)('0' + (cp - (*sub ? 0x2080 : 0x2070)));
    if (cp >= 0x207A && cp <= 0x207E)
        return signs[cp - 0x207A];
    if (cp >= 0x208A && cp <= 0x208E)
        return signs[cp - 0x208A];
    return 0;
}

#endif
