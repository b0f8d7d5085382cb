// SPDX-License-Identifier: Apache-2.0
/* Publishes one raw counter through the C API, built with
 * `pkg-config --cflags --libs perfscope-publish` (tests/package/deb_dev_test.sh):
 *   publish_c NAME VALUE FLAG
 * Object "NAME", counter "Value" = VALUE; prints "ready" once published and
 * keeps publishing while the file FLAG exists (at most 30 s). */
#define _POSIX_C_SOURCE 200809L
#include "perfscope_publish.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char** argv)
{
    if (argc != 4)
        return 2;
    unsigned long long value = strtoull(argv[2], NULL, 10);
    char text[1024];
    snprintf(text, sizeof text,
             "publisher = pkgc%llu\n[object]\nname = %s\nhelp = Package test (C).\n"
             "[counter]\nname = Value\nhelp = The value the test chose.\ntype = raw32\n",
             value, argv[1]);
    char error[256];
    perfscope_publisher* pub = perfscope_start_text(text, error, sizeof error);
    if (!pub) {
        fprintf(stderr, "publish_c: %s\n", error);
        return 1;
    }
    int object = perfscope_find_object(pub, argv[1]);
    perfscope_set(perfscope_values(pub, object), perfscope_find_counter(pub, object, "Value"), value);
    printf("ready\n");
    fflush(stdout);
    struct timespec pause = {0, 50000000};
    for (int i = 0; i < 600 && access(argv[3], F_OK) == 0; ++i)
        nanosleep(&pause, NULL);
    perfscope_stop(pub);
    return 0;
}
