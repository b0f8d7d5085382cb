// SPDX-License-Identifier: Apache-2.0
#include "native/guarded.h"

#include "native/error_codes.h"
#include "native/java_text.h"

#include <exception>
#include <new>
#include <stdexcept>

namespace perfscope::jni {

namespace {

jclass g_out_of_memory = nullptr;  // global ref: java.lang.OutOfMemoryError
jclass g_wpo_exception = nullptr;  // global ref: org.perfscope.wpo.WPOException
jmethodID g_wpo_exception_init = nullptr;

jclass global_class(JNIEnv* env, const char* name)
{
    jclass local = env->FindClass(name);
    if (!local)
        return nullptr;
    auto global = static_cast<jclass>(env->NewGlobalRef(local));
    env->DeleteLocalRef(local);
    return global;
}

void throw_out_of_memory(JNIEnv* env)
{
    if (env->ExceptionCheck())
        return;
    // ThrowNew allocates the message; with no room even for that the JVM
    // raises its own OutOfMemoryError instead, which is what we want anyway.
    if (g_out_of_memory)
        env->ThrowNew(g_out_of_memory, "native memory exhausted in the Perfscope library");
}

}  // namespace

void fire_fault()
{
    const Fault fault = t_armed_fault;
    t_armed_fault = Fault::none;
    if (fault == Fault::bad_alloc)
        throw std::bad_alloc();
    throw std::runtime_error("fault injected by a test");
}

bool load_guard_ids(JNIEnv* env)
{
    g_out_of_memory = global_class(env, "java/lang/OutOfMemoryError");
    g_wpo_exception = global_class(env, "org/perfscope/wpo/WPOException");
    if (!g_out_of_memory || !g_wpo_exception)
        return false;
    g_wpo_exception_init = env->GetMethodID(g_wpo_exception, "<init>", "(ILjava/lang/String;)V");
    return g_wpo_exception_init != nullptr && !env->ExceptionCheck();
}

jstring new_java_string(JNIEnv* env, std::string_view text)
{
    thread_local std::u16string chars;
    java_from_utf8(text, chars);
    return env->NewString(reinterpret_cast<const jchar*>(chars.data()), static_cast<jsize>(chars.size()));
}

void throw_wpo(JNIEnv* env, int c, const std::string& message)
{
    if (env->ExceptionCheck())
        return;
    std::string text(code_name(c));
    if (!message.empty())
        text += ": " + message;
    jstring jtext = new_java_string(env, text);
    if (!jtext)
        return;  // OutOfMemoryError pending
    auto exception = static_cast<jthrowable>(env->NewObject(g_wpo_exception, g_wpo_exception_init, c, jtext));
    if (exception)
        env->Throw(exception);
}

void convert_current_exception(JNIEnv* env, bool as_wpo_exception) noexcept
{
    try {
        try {
            throw;
        } catch (const std::bad_alloc&) {
            throw_out_of_memory(env);
        } catch (const std::exception& e) {
            if (as_wpo_exception)
                throw_wpo(env, code::failure, e.what());
        } catch (...) {
            if (as_wpo_exception)
                throw_wpo(env, code::failure, "unknown native exception");
        }
    } catch (...) {
        // Building the WPOException's message ran out of memory.
        throw_out_of_memory(env);
    }
}

}  // namespace perfscope::jni
