// SPDX-License-Identifier: Apache-2.0
// Prints the bcrypt hash of its argument, for the web configs of the TLS tests (`basic_auth_users`): libcrypt,
// which the serve tests already need, is on every machine that builds them, unlike htpasswd or mkpasswd.
//
//   perfscope_java_bcrypt PASSWORD
#include <crypt.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: perfscope_java_bcrypt PASSWORD\n");
        return 2;
    }
    // Cost 4, the lowest: the tests check who may read, not how slowly a guess is checked.
    char* setting = crypt_gensalt_ra("$2b$", 4, nullptr, 0);
    crypt_data data{};
    const char* hash = setting ? crypt_r(argv[1], setting, &data) : nullptr;
    std::free(setting);
    if (!hash || hash[0] != '$') {
        std::fprintf(stderr, "perfscope_java_bcrypt: this libcrypt has no bcrypt\n");
        return 1;
    }
    std::printf("%s\n", hash);
    return 0;
}
