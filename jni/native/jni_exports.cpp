// SPDX-License-Identifier: Apache-2.0
// The JNI functions of org.perfscope.wpo: argument marshalling only. Every
// check and every engine call is in Bridge (bridge.h), which runs without a
// JVM (tests, fuzzing); here Java arrays are measured, read and written.
//
// The thesis's methods (docs/java.md §2) return codes and never throw. The plain API's
// Sampler methods throw org.perfscope.wpo.WPOException naming the problem.
// Class, field and constructor IDs are looked up once in JNI_OnLoad; the
// sampling path makes no callbacks into Java. Every body runs inside
// guarded() (native/guarded.h), so no C++ exception reaches the JVM, and
// every string crosses as UTF-16 (native/java_text.h).
#include "native/bridge.h"
#include "native/error_codes.h"
#include "native/guarded.h"
#include "native/java_text.h"
#ifdef PERFSCOPE_JNI_REMOTE
#include "native/java_https_transport.h"
#endif
#include "native/machine_bridge.h"
#include "native/recording_bridge.h"
#include "native/sampler_owner.h"
#include "native/thread_start.h"

#include <jni.h>

#ifdef PERFSCOPE_JNI_HEADERS
// javac -h output: the compiler checks each definition against its declaration.
#include "org_perfscope_wpo_FaultInjection.h"
#include "org_perfscope_wpo_JWPONames.h"
#include "org_perfscope_wpo_JWPOSnapshot.h"
#include "org_perfscope_wpo_NativeThread.h"
#include "org_perfscope_wpo_Machine.h"
#include "org_perfscope_wpo_Recording.h"
#include "org_perfscope_wpo_Sampler.h"
#include "org_perfscope_wpo_ThreadCpu.h"
#include "org_perfscope_wpo_jpmf_SensorNames.h"
#endif

#include <algorithm>
#include <limits>
#include <memory>
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif

static_assert(sizeof(jint) == sizeof(std::int32_t));
static_assert(sizeof(jchar) == sizeof(char16_t));

using perfscope::jni::Bridge;
using perfscope::jni::CounterRecordOut;
using perfscope::jni::guarded;
using perfscope::jni::guarded_throwing;
using perfscope::jni::InputInfo;
using perfscope::jni::new_java_string;
using perfscope::jni::throw_wpo;
namespace code = perfscope::jni::code;

namespace {

struct Ids {
    jfieldID input_object = nullptr;
    jfieldID input_counter = nullptr;

    jfieldID record_description = nullptr;
    jfieldID record_index = nullptr;
    jfieldID record_type = nullptr;
    jfieldID record_kind = nullptr;
    jfieldID record_value_type_int = nullptr;
    jfieldID record_value_type = nullptr;
    jfieldID record_detail_level = nullptr;
    jfieldID record_default_scale = nullptr;

    jfieldID calc_double = nullptr;
    jfieldID calc_int = nullptr;
    jfieldID calc_long = nullptr;
    jfieldID calc_value_type = nullptr;
    jfieldID calc_object = nullptr;
    jfieldID calc_counter = nullptr;
    jfieldID calc_instance = nullptr;
    jfieldID calc_value_type_int = nullptr;
    jfieldID calc_status = nullptr;

    jobject value_types[3] = {};  // global refs: ValueType.INTEGER, LONG, DOUBLE
    jclass string = nullptr;      // global ref: java.lang.String
};

Ids g_ids;

bool load_ids(JNIEnv* env)
{
    auto cls = [&](const char* name) { return env->FindClass(name); };
    jclass input = cls("org/perfscope/wpo/WPOSnapshotInputInfo");
    if (!input)
        return false;
    g_ids.input_object = env->GetFieldID(input, "perfObjectIndex", "I");
    g_ids.input_counter = env->GetFieldID(input, "counterIndex", "I");

    jclass record = cls("org/perfscope/wpo/CounterRecord");
    if (!record)
        return false;
    g_ids.record_description = env->GetFieldID(record, "counterDescription", "I");
    g_ids.record_index = env->GetFieldID(record, "counterIndex", "I");
    g_ids.record_type = env->GetFieldID(record, "counterType", "I");
    g_ids.record_kind = env->GetFieldID(record, "counterKind", "I");
    g_ids.record_value_type_int = env->GetFieldID(record, "valueTypeInt", "I");
    g_ids.record_value_type = env->GetFieldID(record, "valueType", "Lorg/perfscope/wpo/ValueType;");
    g_ids.record_detail_level = env->GetFieldID(record, "detailLevel", "I");
    g_ids.record_default_scale = env->GetFieldID(record, "defaultScale", "I");

    jclass calc = cls("org/perfscope/wpo/CalcValue");
    if (!calc)
        return false;
    g_ids.calc_double = env->GetFieldID(calc, "doubleValue", "D");
    g_ids.calc_int = env->GetFieldID(calc, "intValue", "I");
    g_ids.calc_long = env->GetFieldID(calc, "longValue", "J");
    g_ids.calc_value_type = env->GetFieldID(calc, "valueType", "Lorg/perfscope/wpo/ValueType;");
    g_ids.calc_object = env->GetFieldID(calc, "perfObjectIndex", "I");
    g_ids.calc_counter = env->GetFieldID(calc, "counterIndex", "I");
    g_ids.calc_instance = env->GetFieldID(calc, "instanceIndex", "I");
    g_ids.calc_value_type_int = env->GetFieldID(calc, "valueTypeInt", "I");
    g_ids.calc_status = env->GetFieldID(calc, "status", "I");

    jclass type = cls("org/perfscope/wpo/ValueType");
    if (!type)
        return false;
    const char* names[3] = {"INTEGER", "LONG", "DOUBLE"};
    for (int i = 0; i < 3; ++i) {
        jfieldID f = env->GetStaticFieldID(type, names[i], "Lorg/perfscope/wpo/ValueType;");
        if (!f)
            return false;
        jobject constant = env->GetStaticObjectField(type, f);
        g_ids.value_types[i] = env->NewGlobalRef(constant);
        env->DeleteLocalRef(constant);
    }

    if (!perfscope::jni::load_guard_ids(env))
        return false;
    jclass string = cls("java/lang/String");
    if (!string)
        return false;
    g_ids.string = static_cast<jclass>(env->NewGlobalRef(string));
    return !env->ExceptionCheck();
}

// -1 for null: the bridge's convention for a missing array.
std::int64_t capacity(JNIEnv* env, jarray array)
{
    return array ? env->GetArrayLength(array) : -1;
}

// A Java string as UTF-8. False with an exception pending: OutOfMemoryError,
// or WPOException(invalid_argument) for an unpaired surrogate, which names
// no character and so no counter, file or instance.
bool read_string(JNIEnv* env, jstring s, std::string& out, const char* what)
{
    thread_local std::u16string chars;
    const jsize n = env->GetStringLength(s);
    chars.resize(static_cast<std::size_t>(n));
    env->GetStringRegion(s, 0, n, reinterpret_cast<jchar*>(chars.data()));
    if (env->ExceptionCheck())
        return false;
    std::size_t bad_at = 0;
    if (!perfscope::jni::utf8_from_java(chars, out, bad_at)) {
        char unit[8];
        std::snprintf(unit, sizeof unit, "%04X", static_cast<unsigned>(chars[bad_at]));
        throw_wpo(env, code::invalid_argument,
                  std::string(what) + " has an unpaired surrogate U+" + unit + " at character " +
                      std::to_string(bad_at) + " (a Java string that is not valid Unicode)");
        return false;
    }
    return true;
}

}  // namespace

namespace {

// The bridge a sampler lives in (sampler_owner.h), this machine's for owner 0. Outside the extern "C"
// block: it returns a C++ type.
using SamplerBridge = perfscope::jni::SamplerOwner;

SamplerBridge find_sampler_bridge(jint owner)
{
    if (owner == 0)
        return {nullptr, &Bridge::instance()};
    return perfscope::jni::find_sampler_owner(owner);
}

// The same, with WPOException thrown when the recording or machine is closed.
SamplerBridge sampler_bridge(JNIEnv* env, jint owner)
{
    SamplerBridge found = find_sampler_bridge(owner);
    if (!found.bridge)
        throw_wpo(env, code::invalid_handle,
                  owner > 0 ? "the recording is closed (recording handle " + std::to_string(owner) + ")"
                            : "the machine is closed (machine handle " + std::to_string(-std::int64_t{owner}) + ")");
    return found;
}

}  // namespace

extern "C" {

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*)
{
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK)
        return JNI_ERR;
    if (!load_ids(env))
        return JNI_ERR;
#ifdef PERFSCOPE_JNI_REMOTE
    if (!perfscope::jni::JavaHttpsTransport::load(vm, env))
        return JNI_ERR;
#endif
    return JNI_VERSION_1_8;
}

// --- JWPONames -----------------------------------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_getCount(JNIEnv* env, jclass)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().names_count(); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_getByteLength(JNIEnv* env, jclass)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().names_length(); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_getNames(JNIEnv* env, jclass, jcharArray names,
                                                                 jintArray indices)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const char16_t> chars;
        std::span<const std::int32_t> ids;
        const int c = Bridge::instance().names(capacity(env, names), capacity(env, indices), chars, ids);
        if (c != code::ok)
            return c;
        env->SetCharArrayRegion(names, 0, static_cast<jsize>(chars.size()),
                                reinterpret_cast<const jchar*>(chars.data()));
        env->SetIntArrayRegion(indices, 0, static_cast<jsize>(ids.size()), reinterpret_cast<const jint*>(ids.data()));
        return code::ok;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_getHelpCount(JNIEnv* env, jclass)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().help_count(); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_getHelpLength(JNIEnv* env, jclass)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().help_length(); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_getHelps(JNIEnv* env, jclass, jcharArray texts,
                                                                 jintArray indices)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const char16_t> chars;
        std::span<const std::int32_t> ids;
        const int c = Bridge::instance().helps(capacity(env, texts), capacity(env, indices), chars, ids);
        if (c != code::ok)
            return c;
        env->SetCharArrayRegion(texts, 0, static_cast<jsize>(chars.size()),
                                reinterpret_cast<const jchar*>(chars.data()));
        env->SetIntArrayRegion(indices, 0, static_cast<jsize>(ids.size()), reinterpret_cast<const jint*>(ids.data()));
        return code::ok;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPONames_reloadNames(JNIEnv* env, jclass)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().reload_names(); });
}

// --- JWPOSnapshot: creation ------------------------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_createSnapshot(JNIEnv* env, jclass, jint type,
                                                                          jobjectArray inputs)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::vector<InputInfo> infos;
        if (inputs) {
            const jsize n = env->GetArrayLength(inputs);
            infos.resize(static_cast<std::size_t>(n));
            for (jsize i = 0; i < n; ++i) {
                jobject element = env->GetObjectArrayElement(inputs, i);
                if (!element) {
                    infos[static_cast<std::size_t>(i)].present = false;
                    continue;
                }
                infos[static_cast<std::size_t>(i)].object = env->GetIntField(element, g_ids.input_object);
                infos[static_cast<std::size_t>(i)].counter = env->GetIntField(element, g_ids.input_counter);
                env->DeleteLocalRef(element);
            }
        }
        return Bridge::instance().create(type, infos, inputs == nullptr);
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_destroySnapshot(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().destroy(handle); });
}

// --- structure --------------------------------------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectCount(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().object_count(handle); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectNames(JNIEnv* env, jclass, jint handle,
                                                                                      jintArray out)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const std::int32_t> ids;
        const int c = Bridge::instance().object_names(handle, capacity(env, out), ids);
        if (c < 0)
            return c;
        env->SetIntArrayRegion(out, 0, static_cast<jsize>(ids.size()), reinterpret_cast<const jint*>(ids.data()));
        return c;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectCountersCount(JNIEnv* env, jclass,
                                                                                              jint handle, jint object)
{
    return guarded(env, jint{code::failure},
                   [&]() -> jint { return Bridge::instance().counter_count(handle, object); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectCounters(JNIEnv* env, jclass,
                                                                                         jint handle, jint object,
                                                                                         jobjectArray out)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const CounterRecordOut> records;
        const int c = Bridge::instance().counters(handle, object, capacity(env, out), records);
        if (c < 0)
            return c;
        for (std::size_t i = 0; i < records.size(); ++i) {
            jobject element = env->GetObjectArrayElement(out, static_cast<jsize>(i));
            if (!element)
                return code::null_argument;
            const CounterRecordOut& r = records[i];
            env->SetIntField(element, g_ids.record_description, r.description);
            env->SetIntField(element, g_ids.record_index, r.index);
            env->SetIntField(element, g_ids.record_type, r.type);
            env->SetIntField(element, g_ids.record_kind, r.kind);
            env->SetIntField(element, g_ids.record_value_type_int, r.value_type);
            env->SetObjectField(element, g_ids.record_value_type, g_ids.value_types[r.value_type]);
            env->SetIntField(element, g_ids.record_detail_level, r.detail_level);
            env->SetIntField(element, g_ids.record_default_scale, r.default_scale);
            env->DeleteLocalRef(element);
        }
        return c;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectInstancesCount(JNIEnv* env, jclass,
                                                                                               jint handle, jint object)
{
    return guarded(env, jint{code::failure},
                   [&]() -> jint { return Bridge::instance().instance_count(handle, object); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectInstancesLength(JNIEnv* env, jclass,
                                                                                                jint handle,
                                                                                                jint object)
{
    return guarded(env, jint{code::failure},
                   [&]() -> jint { return Bridge::instance().instance_length(handle, object); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectInstances(JNIEnv* env, jclass,
                                                                                          jint handle, jint object,
                                                                                          jcharArray names,
                                                                                          jintArray ids)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const char16_t> chars;
        std::span<const std::int32_t> parents;
        const int c =
            Bridge::instance().instances(handle, object, capacity(env, names), capacity(env, ids), chars, parents);
        if (c < 0)
            return c;
        env->SetCharArrayRegion(names, 0, static_cast<jsize>(chars.size()),
                                reinterpret_cast<const jchar*>(chars.data()));
        env->SetIntArrayRegion(ids, 0, static_cast<jsize>(parents.size()),
                               reinterpret_cast<const jint*>(parents.data()));
        return c;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectInstanceDisplayNames(
    JNIEnv* env, jclass, jint handle, jint object, jcharArray names)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const char16_t> chars;
        const int c = Bridge::instance().instance_display_names(handle, object, capacity(env, names), chars);
        if (c < 0)
            return c;
        env->SetCharArrayRegion(names, 0, static_cast<jsize>(chars.size()),
                                reinterpret_cast<const jchar*>(chars.data()));
        return c;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectSensorInstanceNames(JNIEnv* env, jclass,
                                                                                                    jint handle,
                                                                                                    jint object,
                                                                                                    jcharArray names)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const char16_t> chars;
        const int c = Bridge::instance().instance_display_names(handle, object, capacity(env, names), chars, true);
        if (c < 0)
            return c;
        env->SetCharArrayRegion(names, 0, static_cast<jsize>(chars.size()),
                                reinterpret_cast<const jchar*>(chars.data()));
        return c;
    });
}

// --- measuring -----------------------------------------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_prepareSnapshot(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().prepare(handle); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_sampleSnapshot(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().sample(handle); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_decodeSnapshot(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().decode(handle); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotItemCount(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().item_count(handle); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotItems(JNIEnv* env, jclass, jint handle,
                                                                            jobjectArray out)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        std::span<const wpo::CalculatedValue> values;
        const int c = Bridge::instance().items(handle, capacity(env, out), values);
        if (c < 0)
            return c;
        for (std::size_t i = 0; i < values.size(); ++i) {
            jobject element = env->GetObjectArrayElement(out, static_cast<jsize>(i));
            if (!element)
                return code::null_argument;
            const wpo::CalculatedValue& v = values[i];
            const int type = v.value.type == wpo::ValueType::int32 ? 0 : v.value.type == wpo::ValueType::int64 ? 1 : 2;
            const bool valid = v.value.valid();
            env->SetDoubleField(element, g_ids.calc_double, valid && type == 2 ? v.value.f64 : 0.0);
            env->SetIntField(element, g_ids.calc_int, valid && type == 0 ? v.value.i32 : 0);
            env->SetLongField(element, g_ids.calc_long, valid && type == 1 ? v.value.i64 : 0);
            env->SetObjectField(element, g_ids.calc_value_type, g_ids.value_types[type]);
            env->SetIntField(element, g_ids.calc_object, static_cast<jint>(v.object_index));
            env->SetIntField(element, g_ids.calc_counter, static_cast<jint>(v.counter_index));
            env->SetIntField(element, g_ids.calc_instance, v.instance);
            env->SetIntField(element, g_ids.calc_value_type_int, type);
            env->SetIntField(element, g_ids.calc_status, static_cast<jint>(v.value.status));
            env->DeleteLocalRef(element);
        }
        return c;
    });
}

// Writes into the Java array's own storage. The critical region opens only
// inside Bridge::values, with the snapshot's lock already held and the count
// checked, and holds nothing but the conversion loop: no JNI call, no wait.
class CriticalDoubles final : public perfscope::jni::DoubleSink {
public:
    CriticalDoubles(JNIEnv* env, jdoubleArray array) : m_env(env), m_array(array) {}
    std::int64_t capacity() const override { return m_array ? m_env->GetArrayLength(m_array) : -1; }
    double* begin(std::size_t) override
    {
        return static_cast<double*>(m_env->GetPrimitiveArrayCritical(m_array, nullptr));
    }
    void end(double* storage) override { m_env->ReleasePrimitiveArrayCritical(m_array, storage, 0); }

private:
    JNIEnv* m_env;
    jdoubleArray m_array;
};

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotValues(JNIEnv* env, jclass, jint handle,
                                                                             jdoubleArray out)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        CriticalDoubles sink(env, out);
        return Bridge::instance().values(handle, sink);
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotValueBits(JNIEnv* env, jclass, jint handle,
                                                                                jlongArray values, jbyteArray types)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        const std::int64_t room = !values || !types ? -1 : std::min(capacity(env, values), capacity(env, types));
        std::span<const std::int64_t> bits;
        std::span<const std::int8_t> kinds;
        const int n = Bridge::instance().value_bits(handle, room, bits, kinds);
        if (n > 0) {
            env->SetLongArrayRegion(values, 0, n, reinterpret_cast<const jlong*>(bits.data()));
            env->SetByteArrayRegion(types, 0, n, reinterpret_cast<const jbyte*>(kinds.data()));
        }
        return n;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotValueKeys(JNIEnv* env, jclass, jint handle,
                                                                                jintArray objects, jintArray counters,
                                                                                jintArray instances)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        // The keys go through scratch sized by the values, not by the arrays.
        std::span<const std::int32_t> keys;
        const int n = Bridge::instance().value_keys(handle, capacity(env, objects), capacity(env, counters),
                                                    capacity(env, instances), keys);
        if (n > 0) {
            const auto* k = reinterpret_cast<const jint*>(keys.data());
            env->SetIntArrayRegion(objects, 0, n, k);
            env->SetIntArrayRegion(counters, 0, n, k + n);
            env->SetIntArrayRegion(instances, 0, n, k + 2 * n);
        }
        return n;
    });
}

// --- freshness and time ----------------------------------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_setSnapshotMaxAge(JNIEnv* env, jclass, jint handle,
                                                                             jlong nanos)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().set_max_age(handle, nanos); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotCollectionTime(JNIEnv* env, jclass, jint handle,
                                                                                     jlongArray out)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        if (!out)
            return code::null_argument;
        if (env->GetArrayLength(out) < 1)
            return code::buffer_too_small;
        std::int64_t epoch = 0;
        const int c = Bridge::instance().collection_time(handle, epoch);
        if (c != code::ok)
            return c;
        const jlong value = epoch;
        env->SetLongArrayRegion(out, 0, 1, &value);
        return code::ok;
    });
}

JNIEXPORT jlong JNICALL Java_org_perfscope_wpo_JWPOSnapshot_nowEpochNanos0(JNIEnv* env, jclass)
{
    return guarded(env, jlong{0}, [&]() -> jlong { return Bridge::now_epoch_ns(); });
}

// --- NativeThread ---------------------------------------------------------------------

JNIEXPORT jlong JNICALL Java_org_perfscope_wpo_NativeThread_currentThreadId(JNIEnv* env, jclass)
{
    return guarded(env, jlong{0}, [&]() -> jlong {
#ifdef _WIN32
        return static_cast<jlong>(GetCurrentThreadId());
#else
        return static_cast<jlong>(syscall(SYS_gettid));
#endif
    });
}

JNIEXPORT jlong JNICALL Java_org_perfscope_wpo_NativeThread_currentThreadStart(JNIEnv* env, jclass)
{
    return guarded(env, jlong{0}, [&]() -> jlong { return perfscope::jni::current_thread_start(); });
}

// --- SensorNames (JPMF; throws WPOException) -----------------------------------------------

JNIEXPORT jstring JNICALL Java_org_perfscope_wpo_jpmf_SensorNames_format(JNIEnv* env, jclass, jstring object,
                                                                         jstring counter, jstring instance)
{
    return guarded_throwing(env, static_cast<jstring>(nullptr), [&]() -> jstring {
        if (!object || !counter) {
            throw_wpo(env, code::null_argument, "object and counter names are required");
            return nullptr;
        }
        std::string o, c, i;
        if (!read_string(env, object, o, "object name") || !read_string(env, counter, c, "counter name") ||
            (instance && !read_string(env, instance, i, "instance name")))
            return nullptr;
        std::string out;
        const int r = Bridge::format_sensor(o, c, i, out);
        if (r < 0) {
            throw_wpo(env, r, "empty object or counter name");
            return nullptr;
        }
        return new_java_string(env, out);
    });
}

JNIEXPORT jobjectArray JNICALL Java_org_perfscope_wpo_jpmf_SensorNames_parse(JNIEnv* env, jclass, jstring text)
{
    return guarded_throwing(env, static_cast<jobjectArray>(nullptr), [&]() -> jobjectArray {
        if (!text) {
            throw_wpo(env, code::null_argument, "sensor name is null");
            return nullptr;
        }
        std::string t;
        if (!read_string(env, text, t, "sensor name"))
            return nullptr;
        std::string parts[3];
        bool has_instance = false;
        std::string message;
        const int r = Bridge::parse_sensor(t, parts, has_instance, message);
        if (r < 0) {
            throw_wpo(env, r, "sensor name \"" + t + "\": " + message);
            return nullptr;
        }
        const jsize n = has_instance ? 3 : 2;
        jobjectArray out = env->NewObjectArray(n, g_ids.string, nullptr);
        if (!out)
            return nullptr;
        for (jsize k = 0; k < n; ++k) {
            jstring s = new_java_string(env, parts[k]);
            if (!s)
                return nullptr;
            env->SetObjectArrayElement(out, k, s);
            env->DeleteLocalRef(s);
        }
        return out;
    });
}

// --- Sampler (plain API; throws WPOException) -------------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Sampler_open0(JNIEnv* env, jclass, jint recording, jobjectArray paths)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        if (!paths) {
            throw_wpo(env, code::null_argument, "no counter paths (null array)");
            return code::null_argument;
        }
        const jsize n = env->GetArrayLength(paths);
        std::vector<std::string> texts(static_cast<std::size_t>(n));
        for (jsize i = 0; i < n; ++i) {
            auto s = static_cast<jstring>(env->GetObjectArrayElement(paths, i));
            if (!s) {
                throw_wpo(env, code::null_argument, "counter path " + std::to_string(i) + " is null");
                return code::null_argument;
            }
            const std::string what = "counter path " + std::to_string(i);
            const bool ok = read_string(env, s, texts[static_cast<std::size_t>(i)], what.c_str());
            env->DeleteLocalRef(s);
            if (!ok)
                return code::invalid_argument;  // exception pending
        }
        const SamplerBridge in = sampler_bridge(env, recording);
        if (!in.bridge)
            return code::invalid_handle;
        std::string message;
        const int c = in.bridge->open_sampler(texts, message);
        if (c < 0)
            throw_wpo(env, c, message);
        return c;
    });
}

JNIEXPORT jobjectArray JNICALL Java_org_perfscope_wpo_Sampler_columns0(JNIEnv* env, jclass, jint recording, jint handle,
                                                                       jintArray path_of_column)
{
    return guarded_throwing(env, static_cast<jobjectArray>(nullptr), [&]() -> jobjectArray {
        const SamplerBridge in = sampler_bridge(env, recording);
        if (!in.bridge)
            return nullptr;
        std::vector<std::string> headers;
        std::vector<std::int32_t> paths;
        const int c = in.bridge->sampler_columns(handle, headers, paths);
        if (c < 0) {
            throw_wpo(env, c, "sampler handle " + std::to_string(handle));
            return nullptr;
        }
        if (!path_of_column || env->GetArrayLength(path_of_column) < c) {
            throw_wpo(env, code::buffer_too_small, "the path array must hold " + std::to_string(c) + " columns");
            return nullptr;
        }
        env->SetIntArrayRegion(path_of_column, 0, c, reinterpret_cast<const jint*>(paths.data()));
        jobjectArray out = env->NewObjectArray(c, g_ids.string, nullptr);
        if (!out)
            return nullptr;
        for (jsize i = 0; i < c; ++i) {
            jstring s = new_java_string(env, headers[static_cast<std::size_t>(i)]);
            if (!s)
                return nullptr;
            env->SetObjectArrayElement(out, i, s);
            env->DeleteLocalRef(s);
        }
        return out;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Sampler_columnCount0(JNIEnv* env, jclass, jint recording, jint handle)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        const SamplerBridge in = sampler_bridge(env, recording);
        if (!in.bridge)
            return code::invalid_handle;
        std::vector<std::string> headers;
        std::vector<std::int32_t> paths;
        const int c = in.bridge->sampler_columns(handle, headers, paths);
        if (c < 0)
            throw_wpo(env, c, "sampler handle " + std::to_string(handle));
        return c;
    });
}

// Flags of sample0's result.
constexpr jint kSampleAnomaly = 1;
constexpr jint kSampleColumnsChanged = 2;

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Sampler_sample0(JNIEnv* env, jclass, jint recording, jint handle,
                                                              jdoubleArray values, jlongArray info)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        if (!values || !info || env->GetArrayLength(info) < 2) {
            throw_wpo(env, code::null_argument, "sample0 needs a value array and a 2-long info array");
            return code::null_argument;
        }
        // Scratch sized by the sampler's columns, never by the caller's array;
        // the array gets as many values as it holds, and info[1] says how many there are.
        thread_local std::vector<double> buffer;
        perfscope::jni::PathSampler::Sample sample;
        std::string message;
        const SamplerBridge in = sampler_bridge(env, recording);
        if (!in.bridge)
            return code::invalid_handle;
        Bridge& bridge = *in.bridge;
        int c = bridge.sampler_sample(handle, buffer, sample, message);
        if (c < 0 && c != code::anomaly) {
            throw_wpo(env, c, message);
            return c;
        }
        if (buffer.size() < sample.columns) {
            buffer.resize(sample.columns);
            const int n = bridge.sampler_values(handle, buffer);
            if (n < 0) {
                throw_wpo(env, n, "sampler handle " + std::to_string(handle));
                return n;
            }
        }
        const std::size_t fit = std::min(sample.columns, static_cast<std::size_t>(env->GetArrayLength(values)));
        env->SetDoubleArrayRegion(values, 0, static_cast<jsize>(fit), buffer.data());
        const jlong out[2] = {sample.collected_ns, static_cast<jlong>(sample.columns)};
        env->SetLongArrayRegion(info, 0, 2, out);
        return (c == code::anomaly ? kSampleAnomaly : 0) | (sample.columns_changed ? kSampleColumnsChanged : 0);
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Sampler_values0(JNIEnv* env, jclass, jint recording, jint handle,
                                                              jdoubleArray values)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        if (!values) {
            throw_wpo(env, code::null_argument, "no value array (null)");
            return code::null_argument;
        }
        thread_local std::vector<double> buffer;
        const SamplerBridge in = sampler_bridge(env, recording);
        if (!in.bridge)
            return code::invalid_handle;
        Bridge& bridge = *in.bridge;
        int n = bridge.sampler_values(handle, buffer);
        if (n >= 0 && buffer.size() < static_cast<std::size_t>(n)) {
            buffer.resize(static_cast<std::size_t>(n));
            n = bridge.sampler_values(handle, buffer);
        }
        if (n < 0) {
            throw_wpo(env, n, "sampler handle " + std::to_string(handle));
            return n;
        }
        const jsize fit = std::min(static_cast<jsize>(n), env->GetArrayLength(values));
        env->SetDoubleArrayRegion(values, 0, fit, buffer.data());
        return n;
    });
}

JNIEXPORT void JNICALL Java_org_perfscope_wpo_Sampler_setMaxAge0(JNIEnv* env, jclass, jint recording, jint handle,
                                                                 jlong nanos)
{
    guarded_throwing(env, 0, [&]() -> int {
        const SamplerBridge in = sampler_bridge(env, recording);
        if (!in.bridge)
            return code::invalid_handle;
        std::string message;
        const int c = in.bridge->sampler_set_max_age(handle, nanos, message);
        if (c != code::ok)
            throw_wpo(env, c, message.empty() ? "sampler handle " + std::to_string(handle) : message);
        return c;
    });
}

JNIEXPORT jlong JNICALL Java_org_perfscope_wpo_Sampler_nowEpochNanos0(JNIEnv* env, jclass)
{
    return guarded(env, jlong{0}, [&]() -> jlong { return Bridge::now_epoch_ns(); });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Sampler_close0(JNIEnv* env, jclass, jint recording, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        // A closed recording or machine took its samplers with it.
        const SamplerBridge in = find_sampler_bridge(recording);
        return in.bridge ? in.bridge->close_sampler(handle) : code::invalid_handle;
    });
}

// --- Machine (plain API; throws WPOException, UnsupportedOperationException) ------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Machine_connect0(JNIEnv* env, jclass, jstring machine,
                                                               [[maybe_unused]] jobject credentials)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        if (!machine) {
            throw_wpo(env, code::null_argument, "no machine (null)");
            return code::null_argument;
        }
        std::string text;
        if (!read_string(env, machine, text, "machine"))
            return code::invalid_argument;
        if (perfscope::jni::MachineBridge::is_this_machine(text))
            return 0;
#ifdef PERFSCOPE_JNI_REMOTE
        // https:// through the JVM's TLS; the caller's own credentials make a connection of their own.
        auto tls = perfscope::jni::JavaHttpsTransport::connector(env, text, credentials);
        auto connected = tls ? perfscope::jni::MachineBridge::connect(text, *tls, credentials == nullptr)
                             : wpo::Result<std::shared_ptr<perfscope::jni::MachineBridge>>(tls.error());
#else
        auto connected = perfscope::jni::MachineBridge::connect(text);
#endif
        if (!connected) {
#ifdef PERFSCOPE_JNI_REMOTE
            // This build reads other machines: what the engine refuses is a combination asked for (a user from
            // the environment with a plain HTTP machine, whose password would cross in the clear).
            const bool refused = connected.error().code() == wpo::Errc::unsupported;
#else
            constexpr bool refused = false;
            if (connected.error().code() == wpo::Errc::unsupported) {
                jclass unsupported = env->FindClass("java/lang/UnsupportedOperationException");
                if (unsupported)
                    env->ThrowNew(unsupported, connected.error().message().c_str());
                return code::failure;
            }
#endif
            const int c = refused ? code::invalid_argument : perfscope::jni::code_of(connected.error());
            throw_wpo(env, c, connected.error().message());
            return c;
        }
        const std::int32_t handle = perfscope::jni::MachineBridge::table().add(std::move(*connected));
        if (handle == 0) {
            throw_wpo(env, code::too_many_handles, "too many open machines");
            return code::too_many_handles;
        }
        return handle;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Machine_close0(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        return perfscope::jni::MachineBridge::table().remove(handle) ? code::ok : code::invalid_handle;
    });
}

// --- Recording (plain API; throws WPOException) -----------------------------------------

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Recording_open0(JNIEnv* env, jclass, jstring path)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        if (!path) {
            throw_wpo(env, code::null_argument, "no recording path (null)");
            return code::null_argument;
        }
        std::string text;
        if (!read_string(env, path, text, "recording path"))
            return code::invalid_argument;  // exception pending
        auto opened = perfscope::jni::RecordingBridge::open(text);
        if (!opened) {
            const int c = perfscope::jni::code_of(opened.error());
            throw_wpo(env, c, opened.error().message());
            return c;
        }
        const std::int32_t handle = perfscope::jni::RecordingBridge::table().add(std::move(*opened));
        if (handle <= 0) {
            throw_wpo(env, code::too_many_handles, "too many open recordings");
            return code::too_many_handles;
        }
        return handle;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Recording_close0(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        return perfscope::jni::RecordingBridge::table().remove(handle) ? code::ok : code::invalid_handle;
    });
}

JNIEXPORT jobjectArray JNICALL Java_org_perfscope_wpo_Recording_info0(JNIEnv* env, jclass, jint handle,
                                                                      jlongArray times)
{
    return guarded_throwing(env, static_cast<jobjectArray>(nullptr), [&]() -> jobjectArray {
        auto recording = perfscope::jni::RecordingBridge::table().lookup(handle);
        if (!recording) {
            throw_wpo(env, code::invalid_handle, "the recording is closed");
            return nullptr;
        }
        if (!times || env->GetArrayLength(times) < 3) {
            throw_wpo(env, code::null_argument, "info0 needs a 3-long time array");
            return nullptr;
        }
        const auto& info = recording->info();
        const jlong out[3] = {info.first_ns, info.last_ns, info.index_rebuilt ? 1 : 0};
        env->SetLongArrayRegion(times, 0, 3, out);
        jobjectArray texts = env->NewObjectArray(2, g_ids.string, nullptr);
        if (!texts)
            return nullptr;
        const std::string* parts[2] = {&info.machine, &info.os};
        for (jsize i = 0; i < 2; ++i) {
            jstring s = new_java_string(env, *parts[i]);
            if (!s)
                return nullptr;
            env->SetObjectArrayElement(texts, i, s);
            env->DeleteLocalRef(s);
        }
        return texts;
    });
}

// `seek`: false = next(), true = seek to `epoch_ns`. 1 when positioned, 0 past the end.
JNIEXPORT jint JNICALL Java_org_perfscope_wpo_Recording_move0(JNIEnv* env, jclass, jint handle, jboolean seek,
                                                              jlong epoch_ns)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        auto recording = perfscope::jni::RecordingBridge::table().lookup(handle);
        if (!recording) {
            throw_wpo(env, code::invalid_handle, "the recording is closed");
            return code::invalid_handle;
        }
        auto moved = seek ? recording->seek(epoch_ns) : recording->next();
        if (!moved) {
            const int c = perfscope::jni::code_of(moved.error());
            throw_wpo(env, c, moved.error().message());
            return c;
        }
        return *moved ? 1 : 0;
    });
}

JNIEXPORT jlong JNICALL Java_org_perfscope_wpo_Recording_time0(JNIEnv* env, jclass, jint handle)
{
    return guarded_throwing(env, jlong{0}, [&]() -> jlong {
        auto recording = perfscope::jni::RecordingBridge::table().lookup(handle);
        if (!recording) {
            throw_wpo(env, code::invalid_handle, "the recording is closed");
            return 0;
        }
        return recording->time_ns();
    });
}

// --- ThreadCpu (plain API; throws WPOException) -----------------------------------------

namespace {

using perfscope::jni::ThreadCpuReader;

thread_local std::vector<ThreadCpuReader::Row> t_thread_rows;
thread_local std::vector<jlong> t_thread_column;
thread_local std::vector<jdouble> t_thread_percent;

// The rows into the four arrays when they all hold them (else nothing: the
// caller grows its arrays and asks for the rows again). Returns the row count.
jint copy_thread_rows(JNIEnv* env, jlongArray ids, jlongArray starts, jlongArray cpu, jdoubleArray percent)
{
    const auto& rows = t_thread_rows;
    const auto n = static_cast<jsize>(rows.size());
    if (!ids || !starts || !cpu || !percent) {
        throw_wpo(env, code::null_argument, "a ThreadCpu array is null");
        return code::null_argument;
    }
    if (env->GetArrayLength(ids) < n || env->GetArrayLength(starts) < n || env->GetArrayLength(cpu) < n ||
        env->GetArrayLength(percent) < n)
        return n;
    auto& column = t_thread_column;
    column.resize(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        column[i] = rows[i].id;
    env->SetLongArrayRegion(ids, 0, n, column.data());
    for (std::size_t i = 0; i < rows.size(); ++i)
        column[i] = rows[i].start;
    env->SetLongArrayRegion(starts, 0, n, column.data());
    for (std::size_t i = 0; i < rows.size(); ++i)
        column[i] = rows[i].cpu_100ns;
    env->SetLongArrayRegion(cpu, 0, n, column.data());
    t_thread_percent.resize(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        t_thread_percent[i] = rows[i].percent;
    env->SetDoubleArrayRegion(percent, 0, n, t_thread_percent.data());
    return n;
}

}  // namespace

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_ThreadCpu_open0(JNIEnv* env, jclass, jlong process_id)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        if (process_id <= 0 || process_id > jlong{UINT32_MAX}) {
            throw_wpo(env, code::invalid_argument, "process id " + std::to_string(process_id) + " out of range");
            return code::invalid_argument;
        }
        std::string message;
        const int c = Bridge::instance().open_thread_cpu(static_cast<std::uint32_t>(process_id), message);
        if (c < 0)
            throw_wpo(env, c, message);
        return c;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_ThreadCpu_sample0(JNIEnv* env, jclass, jint handle, jlongArray ids,
                                                                jlongArray starts, jlongArray cpu, jdoubleArray percent)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        std::string message;
        const int c = Bridge::instance().thread_cpu_sample(handle, t_thread_rows, message);
        if (c < 0) {
            throw_wpo(env, c, message.empty() ? "ThreadCpu handle " + std::to_string(handle) : message);
            return c;
        }
        return copy_thread_rows(env, ids, starts, cpu, percent);
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_ThreadCpu_rows0(JNIEnv* env, jclass, jint handle, jlongArray ids,
                                                              jlongArray starts, jlongArray cpu, jdoubleArray percent)
{
    return guarded_throwing(env, jint{code::failure}, [&]() -> jint {
        const int c = Bridge::instance().thread_cpu_rows(handle, t_thread_rows);
        if (c < 0) {
            throw_wpo(env, c, "ThreadCpu handle " + std::to_string(handle));
            return c;
        }
        return copy_thread_rows(env, ids, starts, cpu, percent);
    });
}

JNIEXPORT jobjectArray JNICALL Java_org_perfscope_wpo_ThreadCpu_names0(JNIEnv* env, jclass, jint handle)
{
    return guarded_throwing(env, static_cast<jobjectArray>(nullptr), [&]() -> jobjectArray {
        std::vector<std::string> names;
        const int c = Bridge::instance().thread_cpu_names(handle, names);
        if (c < 0) {
            throw_wpo(env, c, "ThreadCpu handle " + std::to_string(handle));
            return nullptr;
        }
        jobjectArray out = env->NewObjectArray(c, g_ids.string, nullptr);
        if (!out)
            return nullptr;
        for (jsize i = 0; i < c; ++i) {
            jstring s = new_java_string(env, names[static_cast<std::size_t>(i)]);
            if (!s)
                return nullptr;
            env->SetObjectArrayElement(out, i, s);
            env->DeleteLocalRef(s);
        }
        return out;
    });
}

JNIEXPORT jint JNICALL Java_org_perfscope_wpo_ThreadCpu_close0(JNIEnv* env, jclass, jint handle)
{
    return guarded(env, jint{code::failure}, [&]() -> jint { return Bridge::instance().close_thread_cpu(handle); });
}

// --- FaultInjection (tests only; package-private) ------------------------------------------

// Arms the calling thread: its next guarded call throws (native/guarded.h).
JNIEXPORT void JNICALL Java_org_perfscope_wpo_FaultInjection_arm0(JNIEnv*, jclass, jint fault)
{
    using perfscope::jni::Fault;
    perfscope::jni::t_armed_fault = fault == 1 ? Fault::bad_alloc : fault == 2 ? Fault::runtime_error : Fault::none;
}

#ifdef PERFSCOPE_JNI_REMOTE
// Reloads the names of a sampler owner (a machine: minus its handle) on a new native thread, one the JVM does not
// know: an https:// machine's GET then attaches it to the JVM and detaches it again.
JNIEXPORT jint JNICALL Java_org_perfscope_wpo_FaultInjection_reloadNamesOnNewThread0(JNIEnv* env, jclass, jint owner)
{
    return guarded(env, jint{code::failure}, [&]() -> jint {
        const SamplerBridge in = find_sampler_bridge(owner);
        if (!in.bridge)
            return code::invalid_handle;
        int result = code::failure;
        std::thread([&] { result = in.bridge->reload_names(); }).join();
        return result;
    });
}
#else
// Every native method of the Java classes is exported by every build (the export checks hold them to it); a build
// that reads this machine only has no machine to reload, and fails.
JNIEXPORT jint JNICALL Java_org_perfscope_wpo_FaultInjection_reloadNamesOnNewThread0(JNIEnv*, jclass, jint)
{
    return code::failure;
}
#endif

}  // extern "C"
