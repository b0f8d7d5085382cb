// SPDX-License-Identifier: Apache-2.0
/* The publishing library's C API (docs/publishing.md, "C API"): for C and
 * for other languages through their foreign function interfaces. Handles
 * are opaque; every function accepts NULL handles and does nothing then.
 *
 *   char error[256];
 *   perfscope_publisher* pub = perfscope_start_file("my.counters", error, sizeof error);
 *   int obj = perfscope_find_object(pub, "My Server");
 *   perfscope_instance* v = perfscope_values(pub, obj);
 *   perfscope_add(v, perfscope_find_counter(pub, obj, "Requests/sec"), 1);
 *   perfscope_stop(pub);
 */
#ifndef PERFSCOPE_PUBLISH_H
#define PERFSCOPE_PUBLISH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct perfscope_publisher perfscope_publisher;
typedef struct perfscope_instance perfscope_instance;

/* Start publishing the definition in a file / in a string. NULL on error,
 * with a message in `error` (NUL-terminated, cut to error_size). */
perfscope_publisher* perfscope_start_file(const char* path, char* error, size_t error_size);
perfscope_publisher* perfscope_start_text(const char* text, char* error, size_t error_size);
/* Stops publishing: the objects vanish from monitors; all handles die. */
void perfscope_stop(perfscope_publisher* publisher);

/* Positions in definition order, -1 when not found. */
int perfscope_find_object(const perfscope_publisher* publisher, const char* name);
int perfscope_find_counter(const perfscope_publisher* publisher, int object, const char* name);

/* The values of an object without instances; NULL for one with instances. */
perfscope_instance* perfscope_values(perfscope_publisher* publisher, int object);
/* A new instance of an object with instances; NULL when all are in use. */
perfscope_instance* perfscope_add_instance(perfscope_publisher* publisher, int object, const char* name);
void perfscope_remove_instance(perfscope_publisher* publisher, perfscope_instance* instance);

/* Updates: one atomic add / store, no lock, no system call. An
 * out-of-range counter does nothing. */
void perfscope_add(perfscope_instance* instance, int counter, uint64_t amount);
void perfscope_set(perfscope_instance* instance, int counter, uint64_t value);
uint64_t perfscope_get(const perfscope_instance* instance, int counter);
/* Values set between these two are read together (fraction and base). */
void perfscope_begin_update(perfscope_instance* instance);
void perfscope_end_update(perfscope_instance* instance);

#ifdef __cplusplus
}
#endif

#endif
