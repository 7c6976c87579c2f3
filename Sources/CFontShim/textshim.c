#include "fontshim.h"
#include <fribidi.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
#include <string.h>
#include <stdlib.h>

int32_t tr_bidi_levels(const uint32_t *text, int32_t length, int32_t base, uint8_t *levels) {
    if (length <= 0) return base == 2 ? 2 : 1;
    FriBidiCharType *types = (FriBidiCharType *)malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = (FriBidiBracketType *)malloc(sizeof(FriBidiBracketType) * (size_t)length);
    FriBidiLevel *lv = (FriBidiLevel *)malloc(sizeof(FriBidiLevel) * (size_t)length);
    int32_t result = 0;
    if (types && brackets && lv) {
        fribidi_get_bidi_types(text, length, types);
        fribidi_get_bracket_types(text, length, types, brackets);
        FriBidiParType dir = base == 1 ? FRIBIDI_PAR_LTR : base == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        if (fribidi_get_par_embedding_levels_ex(types, brackets, length, &dir, lv) != 0) {
            for (int32_t i = 0; i < length; i++) levels[i] = (uint8_t)lv[i];
            result = FRIBIDI_IS_RTL(dir) ? 2 : 1;
        }
    }
    free(types);
    free(brackets);
    free(lv);
    return result;
}

void tr_line_breaks(const uint32_t *text, int32_t length, char *breaks) {
    if (length <= 0) return;
    for (int32_t i = 0; i < length; i++) breaks[i] = 2;
    breaks[length - 1] = 0;
    /* ICU works in UTF-16: each code point's end offset maps a boundary back to it. */
    UChar *u16 = (UChar *)malloc(sizeof(UChar) * (size_t)length * 2);
    int32_t *end = (int32_t *)malloc(sizeof(int32_t) * (size_t)length);
    if (!u16 || !end) { free(u16); free(end); return; }
    int32_t n = 0;
    for (int32_t i = 0; i < length; i++) {
        uint32_t c = text[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;
        if (c >= 0x10000) { u16[n++] = (UChar)(0xD800 + ((c - 0x10000) >> 10)); u16[n++] = (UChar)(0xDC00 + ((c - 0x10000) & 0x3FF)); }
        else u16[n++] = (UChar)c;
        end[i] = n;
    }
    UErrorCode status = U_ZERO_ERROR;
    /* The root locale: UAX #14's default rules, the same on every machine with this ICU. */
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", u16, n, &status);
    if (U_SUCCESS(status) && it) {
        int32_t i = 0;
        for (int32_t b = ubrk_first(it); b != UBRK_DONE; b = ubrk_next(it)) {
            while (i < length && end[i] < b) i++;
            if (i < length && end[i] == b) breaks[i] = ubrk_getRuleStatus(it) >= UBRK_LINE_HARD ? 0 : 1;
        }
        breaks[length - 1] = 0;
    }
    if (it) ubrk_close(it);
    free(u16);
    free(end);
}

void tr_fribidi_version(char *out, size_t outlen) {
    /* fribidi_version_info is "(GNU FriBidi) 1.0.8\n..." : the number after the first ") ". */
    if (outlen == 0) return;
    const char *info = fribidi_version_info;
    const char *start = info ? strstr(info, ") ") : NULL;
    start = start ? start + 2 : "";
    size_t n = 0;
    while (start[n] && start[n] != '\n' && start[n] != ' ' && n + 1 < outlen) { out[n] = start[n]; n++; }
    out[n] = 0;
}

void tr_icu_version(char *out, size_t outlen) {
    UVersionInfo v;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(v);
    u_versionToString(v, text);
    size_t n = 0;
    if (outlen == 0) return;
    while (text[n] && n + 1 < outlen) { out[n] = text[n]; n++; }
    out[n] = 0;
}
