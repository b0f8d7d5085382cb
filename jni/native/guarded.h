// SPDX-License-Identifier: Apache-2.0
// No C++ exception leaves a Java_ function: a JVM cannot unwind through its
// own frames and terminates. Each exported function runs its body through
// guarded() (methods that report by return code) or guarded_throwing()
// (methods that throw WPOException), which convert once, here:
//   std::bad_alloc      -> java.lang.OutOfMemoryError
//   any other exception -> code::failure returned, or WPOException(failure, what())
// and the function returns its fallback value.
//
// Tests make the next guarded call on their thread throw through a
// package-private native (org.perfscope.wpo.FaultInjection); nothing else
// arms it (docs/java.md, "The library as a guest").
#pragma once

#include <jni.h>

#include <string>
#include <string_view>

namespace perfscope::jni {

// What FaultInjection.arm asks for: the next guarded call on the arming thread throws it.
enum class Fault : int { none = 0, bad_alloc = 1, runtime_error = 2 };
inline thread_local Fault t_armed_fault = Fault::none;

// Throws the armed fault (and disarms it).
[[noreturn]] void fire_fault();

// Global references the conversion needs at a time memory may be short; false if not found.
bool load_guard_ids(JNIEnv* env);

// UTF-8 -> a new Java string; null with OutOfMemoryError pending. Converts through a buffer of the thread's, so a
// steady caller allocates only the Java string.
jstring new_java_string(JNIEnv* env, std::string_view text);

// WPOException(code, "<code name>: <message>") unless an exception is pending.
void throw_wpo(JNIEnv* env, int code, const std::string& message);

// Called inside a catch block: raises the Java side of the exception in flight.
void convert_current_exception(JNIEnv* env, bool as_wpo_exception) noexcept;

template <class R, class Fn>
R guard_body(JNIEnv* env, bool as_wpo_exception, R fallback, Fn&& fn) noexcept
{
    try {
        if (t_armed_fault != Fault::none) [[unlikely]]
            fire_fault();
        return fn();
    } catch (...) {
        convert_current_exception(env, as_wpo_exception);
        return fallback;
    }
}

// For the thesis's methods: they return codes and never throw, except
// OutOfMemoryError (a JVM's own way to say the same thing).
template <class R, class Fn>
R guarded(JNIEnv* env, R fallback, Fn&& fn) noexcept
{
    return guard_body(env, false, fallback, static_cast<Fn&&>(fn));
}

// For the plain API's methods, which throw WPOException.
template <class R, class Fn>
R guarded_throwing(JNIEnv* env, R fallback, Fn&& fn) noexcept
{
    return guard_body(env, true, fallback, static_cast<Fn&&>(fn));
}

}  // namespace perfscope::jni
