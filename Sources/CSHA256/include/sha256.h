#ifndef TABLERENDER_SHA256_H
#define TABLERENDER_SHA256_H
#include <stddef.h>
#include <stdint.h>

/* SHA-256 of len bytes into digest (all zeros if OpenSSL fails, which it does not for SHA-256). */
void tr_sha256(const uint8_t *data, size_t len, uint8_t digest[32]);

#endif
