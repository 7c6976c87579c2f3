#include "sha256.h"
#include <string.h>
#include <openssl/evp.h>

/* SHA-256 through OpenSSL's one-shot digest, which uses the CPU's SHA instructions where it has
   them (about ten times faster than portable C on a frame's 4 MB of pixels). */
void tr_sha256(const uint8_t *data, size_t len, uint8_t digest[32]) {
    unsigned int n = 32;
    if (!EVP_Digest(data, len, digest, &n, EVP_sha256(), NULL)) memset(digest, 0, 32);
}
