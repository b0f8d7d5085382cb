// SPDX-License-Identifier: Apache-2.0
// Calls wpojni.dll's exports under Wine without a JVM
// (docs/windows-under-wine.md §6): a fake JNIEnv whose arrays, strings and
// objects are plain C++ objects. Wine serves no performance objects and a fixed two-entry name
// table (1 -> "1847", 1846 -> "End Marker"; docs/windows-under-wine.md §4.1), so
// this checks the library's side: JNI_OnLoad, the name table copy, argument
// checks, handles, a Global snapshot's cycle over no objects, the thread id,
// and an exception thrown through the fake env.
#include <jni.h>
#include <windows.h>

#include <cstdarg>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

int g_failures = 0;

#define CHECK(cond)                                               \
    do {                                                          \
        if (!(cond)) {                                            \
            std::printf("FAILED line %d: %s\n", __LINE__, #cond); \
            ++g_failures;                                         \
        }                                                         \
    } while (0)

struct Fake {
    enum Kind { object, klass, string, int_array, char_array, double_array, object_array } kind = object;
    std::string text;
    std::vector<jint> ints;
    std::vector<jchar> chars;
    std::vector<jdouble> doubles;
    std::vector<Fake*> objects;
    std::map<std::string, jlong> fields;
};

std::vector<Fake*> g_heap;  // never freed: the harness is short-lived

Fake* make(Fake::Kind kind)
{
    g_heap.push_back(new Fake{});
    g_heap.back()->kind = kind;
    return g_heap.back();
}

Fake* F(void* p)
{
    return static_cast<Fake*>(p);
}
jfieldID field_id(const char* name)
{
    return reinterpret_cast<jfieldID>(new std::string(name));
}
const std::string& field_name(jfieldID id)
{
    return *reinterpret_cast<std::string*>(id);
}

Fake* g_thrown = nullptr;

jclass JNICALL FindClass(JNIEnv*, const char* name)
{
    Fake* c = make(Fake::klass);
    c->text = name;
    return reinterpret_cast<jclass>(c);
}
jfieldID JNICALL GetFieldID(JNIEnv*, jclass, const char* name, const char*)
{
    return field_id(name);
}
jfieldID JNICALL GetStaticFieldID(JNIEnv*, jclass, const char* name, const char*)
{
    return field_id(name);
}
jobject JNICALL GetStaticObjectField(JNIEnv*, jclass, jfieldID)
{
    return reinterpret_cast<jobject>(make(Fake::object));
}
jmethodID JNICALL GetMethodID(JNIEnv*, jclass, const char*, const char*)
{
    return reinterpret_cast<jmethodID>(make(Fake::object));
}
jobject JNICALL NewGlobalRef(JNIEnv*, jobject o)
{
    return o;
}
void JNICALL DeleteLocalRef(JNIEnv*, jobject)
{}
jboolean JNICALL ExceptionCheck(JNIEnv*)
{
    return g_thrown ? JNI_TRUE : JNI_FALSE;
}
jint JNICALL Throw(JNIEnv*, jthrowable t)
{
    g_thrown = F(t);
    return 0;
}
jobject JNICALL NewObjectV(JNIEnv*, jclass, jmethodID, va_list args)
{
    Fake* e = make(Fake::object);
    e->fields["code"] = va_arg(args, jint);
    e->text = F(va_arg(args, jstring))->text;
    return reinterpret_cast<jobject>(e);
}
jstring JNICALL NewStringUTF(JNIEnv*, const char* s)
{
    Fake* f = make(Fake::string);
    f->text = s;
    return reinterpret_cast<jstring>(f);
}
const char* JNICALL GetStringUTFChars(JNIEnv*, jstring s, jboolean*)
{
    return F(s)->text.c_str();
}
void JNICALL ReleaseStringUTFChars(JNIEnv*, jstring, const char*)
{}
// The library's strings cross as UTF-16; the harness's are ASCII.
jstring JNICALL NewString(JNIEnv*, const jchar* chars, jsize n)
{
    Fake* f = make(Fake::string);
    for (jsize i = 0; i < n; ++i)
        f->text.push_back(chars[i] < 0x80 ? static_cast<char>(chars[i]) : '?');
    return reinterpret_cast<jstring>(f);
}
jsize JNICALL GetStringLength(JNIEnv*, jstring s)
{
    return static_cast<jsize>(F(s)->text.size());
}
void JNICALL GetStringRegion(JNIEnv*, jstring s, jsize at, jsize n, jchar* out)
{
    for (jsize i = 0; i < n; ++i)
        out[i] = static_cast<unsigned char>(F(s)->text[static_cast<std::size_t>(at + i)]);
}
jint JNICALL ThrowNew(JNIEnv*, jclass, const char* message)
{
    g_thrown = make(Fake::object);
    g_thrown->text = message;
    return 0;
}
jsize JNICALL GetArrayLength(JNIEnv*, jarray a)
{
    Fake* f = F(a);
    switch (f->kind) {
    case Fake::int_array: return static_cast<jsize>(f->ints.size());
    case Fake::char_array: return static_cast<jsize>(f->chars.size());
    case Fake::double_array: return static_cast<jsize>(f->doubles.size());
    default: return static_cast<jsize>(f->objects.size());
    }
}
template <class T>
void set_region(std::vector<T>& v, jsize at, jsize n, const T* from)
{
    if (at < 0 || n < 0 || static_cast<std::size_t>(at + n) > v.size()) {
        std::printf("FAILED: region %ld+%ld outside an array of %zu\n", static_cast<long>(at), static_cast<long>(n),
                    v.size());
        ++g_failures;
        return;
    }
    for (jsize i = 0; i < n; ++i)
        v[static_cast<std::size_t>(at + i)] = from[i];
}
void JNICALL SetIntArrayRegion(JNIEnv*, jintArray a, jsize at, jsize n, const jint* from)
{
    set_region(F(a)->ints, at, n, from);
}
void JNICALL SetCharArrayRegion(JNIEnv*, jcharArray a, jsize at, jsize n, const jchar* from)
{
    set_region(F(a)->chars, at, n, from);
}
void JNICALL SetDoubleArrayRegion(JNIEnv*, jdoubleArray a, jsize at, jsize n, const jdouble* from)
{
    set_region(F(a)->doubles, at, n, from);
}
jobject JNICALL GetObjectArrayElement(JNIEnv*, jobjectArray a, jsize i)
{
    return reinterpret_cast<jobject>(F(a)->objects.at(static_cast<std::size_t>(i)));
}
void JNICALL SetObjectArrayElement(JNIEnv*, jobjectArray a, jsize i, jobject o)
{
    F(a)->objects.at(static_cast<std::size_t>(i)) = F(o);
}
jobjectArray JNICALL NewObjectArray(JNIEnv*, jsize n, jclass, jobject)
{
    Fake* f = make(Fake::object_array);
    f->objects.resize(static_cast<std::size_t>(n));
    return reinterpret_cast<jobjectArray>(f);
}
jint JNICALL GetIntField(JNIEnv*, jobject o, jfieldID id)
{
    return static_cast<jint>(F(o)->fields[field_name(id)]);
}
void JNICALL SetIntField(JNIEnv*, jobject o, jfieldID id, jint v)
{
    F(o)->fields[field_name(id)] = v;
}
void JNICALL SetLongField(JNIEnv*, jobject o, jfieldID id, jlong v)
{
    F(o)->fields[field_name(id)] = v;
}
void JNICALL SetDoubleField(JNIEnv*, jobject o, jfieldID id, jdouble v)
{
    F(o)->fields[field_name(id)] = static_cast<jlong>(v);
}
void JNICALL SetObjectField(JNIEnv*, jobject, jfieldID, jobject)
{}

JNINativeInterface_ g_table = {};
JNIEnv g_env;
JNIInvokeInterface_ g_invoke = {};
JavaVM g_vm;

jint JNICALL GetEnv(JavaVM*, void** env, jint)
{
    *env = &g_env;
    return JNI_OK;
}

template <class Fn>
Fn get(HMODULE dll, const char* name)
{
    auto p = reinterpret_cast<Fn>(reinterpret_cast<void*>(GetProcAddress(dll, name)));
    if (!p) {
        std::printf("FAILED: %s is not exported\n", name);
        ++g_failures;
    }
    return p;
}

Fake* ints(std::size_t n)
{
    Fake* f = make(Fake::int_array);
    f->ints.resize(n);
    return f;
}
Fake* chars(std::size_t n)
{
    Fake* f = make(Fake::char_array);
    f->chars.resize(n);
    return f;
}

}  // namespace

int main()
{
    g_table.FindClass = FindClass;
    g_table.GetFieldID = GetFieldID;
    g_table.GetStaticFieldID = GetStaticFieldID;
    g_table.GetStaticObjectField = GetStaticObjectField;
    g_table.GetMethodID = GetMethodID;
    g_table.NewGlobalRef = NewGlobalRef;
    g_table.DeleteLocalRef = DeleteLocalRef;
    g_table.ExceptionCheck = ExceptionCheck;
    g_table.Throw = Throw;
    g_table.NewObjectV = NewObjectV;
    g_table.NewStringUTF = NewStringUTF;
    g_table.GetStringUTFChars = GetStringUTFChars;
    g_table.ReleaseStringUTFChars = ReleaseStringUTFChars;
    g_table.NewString = NewString;
    g_table.GetStringLength = GetStringLength;
    g_table.GetStringRegion = GetStringRegion;
    g_table.ThrowNew = ThrowNew;
    g_table.GetArrayLength = GetArrayLength;
    g_table.SetIntArrayRegion = SetIntArrayRegion;
    g_table.SetCharArrayRegion = SetCharArrayRegion;
    g_table.SetDoubleArrayRegion = SetDoubleArrayRegion;
    g_table.GetObjectArrayElement = GetObjectArrayElement;
    g_table.SetObjectArrayElement = SetObjectArrayElement;
    g_table.NewObjectArray = NewObjectArray;
    g_table.GetIntField = GetIntField;
    g_table.SetIntField = SetIntField;
    g_table.SetLongField = SetLongField;
    g_table.SetDoubleField = SetDoubleField;
    g_table.SetObjectField = SetObjectField;
    g_env.functions = &g_table;
    g_invoke.GetEnv = GetEnv;
    g_vm.functions = &g_invoke;
    JNIEnv* env = &g_env;
    jclass cls = nullptr;

    HMODULE dll = LoadLibraryA("wpojni.dll");
    if (!dll) {
        std::printf("FAILED: LoadLibrary(wpojni.dll): error %lu\n", GetLastError());
        return 1;
    }
    auto on_load = get<jint(JNICALL*)(JavaVM*, void*)>(dll, "JNI_OnLoad");
    if (!on_load)
        return 1;
    CHECK(on_load(&g_vm, nullptr) == JNI_VERSION_1_8);

    // JWPONames: Wine's table is 1 -> "1847", 1846 -> "End Marker".
    auto get_count = get<jint(JNICALL*)(JNIEnv*, jclass)>(dll, "Java_org_perfscope_wpo_JWPONames_getCount");
    auto get_length = get<jint(JNICALL*)(JNIEnv*, jclass)>(dll, "Java_org_perfscope_wpo_JWPONames_getByteLength");
    auto get_names =
        get<jint(JNICALL*)(JNIEnv*, jclass, jcharArray, jintArray)>(dll, "Java_org_perfscope_wpo_JWPONames_getNames");
    if (get_count && get_length && get_names) {
        const jint count = get_count(env, cls);
        const jint length = get_length(env, cls);
        CHECK(count == 2);
        CHECK(length == 5 + 11 + 1);
        if (count == 2 && length == 17) {
            Fake* c = chars(17);
            Fake* i = ints(2);
            CHECK(get_names(env, cls, reinterpret_cast<jcharArray>(c), reinterpret_cast<jintArray>(i)) == 0);
            const std::u16string expected(u"1847\0End Marker\0\0", 17);
            CHECK(std::u16string(c->chars.begin(), c->chars.end()) == expected);
            CHECK(i->ints[0] == 1 && i->ints[1] == 1846);
            CHECK(get_names(env, cls, nullptr, reinterpret_cast<jintArray>(i)) == -3);
            CHECK(get_names(env, cls, reinterpret_cast<jcharArray>(chars(16)), reinterpret_cast<jintArray>(i)) == -4);
        }
    }

    // JWPOSnapshot: arguments, handles, a Global cycle (no objects under Wine).
    auto create = get<jint(JNICALL*)(JNIEnv*, jclass, jint, jobjectArray)>(
        dll, "Java_org_perfscope_wpo_JWPOSnapshot_createSnapshot");
    auto destroy =
        get<jint(JNICALL*)(JNIEnv*, jclass, jint)>(dll, "Java_org_perfscope_wpo_JWPOSnapshot_destroySnapshot");
    auto prepare =
        get<jint(JNICALL*)(JNIEnv*, jclass, jint)>(dll, "Java_org_perfscope_wpo_JWPOSnapshot_prepareSnapshot");
    auto sample = get<jint(JNICALL*)(JNIEnv*, jclass, jint)>(dll, "Java_org_perfscope_wpo_JWPOSnapshot_sampleSnapshot");
    auto decode = get<jint(JNICALL*)(JNIEnv*, jclass, jint)>(dll, "Java_org_perfscope_wpo_JWPOSnapshot_decodeSnapshot");
    auto item_count =
        get<jint(JNICALL*)(JNIEnv*, jclass, jint)>(dll, "Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotItemCount");
    auto object_count = get<jint(JNICALL*)(JNIEnv*, jclass, jint)>(
        dll, "Java_org_perfscope_wpo_JWPOSnapshot_getSnapshotPerfObjectCount");
    if (create && destroy && prepare && sample && decode && item_count && object_count) {
        Fake* inputs = make(Fake::object_array);
        Fake* process = make(Fake::object);
        process->fields["perfObjectIndex"] = 230;
        process->fields["counterIndex"] = 0;
        inputs->objects = {process};
        CHECK(create(env, cls, 2, reinterpret_cast<jobjectArray>(inputs)) == -5);  // Wine has no Process
        CHECK(create(env, cls, 2, nullptr) == -3);
        CHECK(create(env, cls, 9, nullptr) == -7);
        inputs->objects = {process, nullptr};
        CHECK(create(env, cls, 2, reinterpret_cast<jobjectArray>(inputs)) == -3);
        process->fields["perfObjectIndex"] = -230;
        inputs->objects = {process};
        CHECK(create(env, cls, 2, reinterpret_cast<jobjectArray>(inputs)) == -7);

        const jint h = create(env, cls, 0, nullptr);
        CHECK(h > 0);
        if (h > 0) {
            CHECK(object_count(env, cls, h) == 0);
            CHECK(prepare(env, cls, h) == 0);
            const jint s = sample(env, cls, h);
            CHECK(s == 0 || s == -6);
            CHECK(decode(env, cls, h) == 0);
            CHECK(item_count(env, cls, h) == 0);
            CHECK(destroy(env, cls, h) == 0);
            CHECK(destroy(env, cls, h) == -2);
            CHECK(prepare(env, cls, h) == -2);
        }
        for (jint forged : {0, -1, 1, 0x7fffffff})
            CHECK(prepare(env, cls, forged) == -2);
    }

    auto thread_id = get<jlong(JNICALL*)(JNIEnv*, jclass)>(dll, "Java_org_perfscope_wpo_NativeThread_currentThreadId");
    if (thread_id)
        CHECK(thread_id(env, cls) == static_cast<jlong>(GetCurrentThreadId()));

    // The plain API throws WPOException(code, message) through the env.
    // Recording 0: the machine's sampler.
    auto open = get<jint(JNICALL*)(JNIEnv*, jclass, jint, jobjectArray)>(dll, "Java_org_perfscope_wpo_Sampler_open0");
    if (open) {
        Fake* paths = make(Fake::object_array);
        Fake* path = make(Fake::string);
        path->text = "\\Process(java)\\% Processor Time";
        paths->objects = {path};
        const jint r = open(env, cls, 0, reinterpret_cast<jobjectArray>(paths));
        CHECK(r < 0);
        CHECK(g_thrown != nullptr);
        if (g_thrown) {
            std::printf("thrown: code %lld, \"%s\"\n", static_cast<long long>(g_thrown->fields["code"]),
                        g_thrown->text.c_str());
            CHECK(g_thrown->fields["code"] == r);
            CHECK(g_thrown->text.find("Process") != std::string::npos);
        }
    }

    // A recording that is not there: WPOException naming the file, no handle.
    auto open_recording = get<jint(JNICALL*)(JNIEnv*, jclass, jstring)>(dll, "Java_org_perfscope_wpo_Recording_open0");
    if (open_recording) {
        g_thrown = nullptr;
        Fake* file = make(Fake::string);
        file->text = "Z:\\no\\such\\recording.psrec";
        const jint r = open_recording(env, cls, reinterpret_cast<jstring>(file));
        CHECK(r < 0);
        CHECK(g_thrown != nullptr);
        if (g_thrown) {
            std::printf("thrown: code %lld, \"%s\"\n", static_cast<long long>(g_thrown->fields["code"]),
                        g_thrown->text.c_str());
            CHECK(g_thrown->fields["code"] == r);
            CHECK(g_thrown->text.find("recording.psrec") != std::string::npos);
        }
    }

    std::printf(g_failures == 0 ? "JNI harness: OK\n" : "JNI harness: %d failures\n", g_failures);
    return g_failures == 0 ? 0 : 1;
}
