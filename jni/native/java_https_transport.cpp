// SPDX-License-Identifier: Apache-2.0
#include "native/java_https_transport.h"

#include "native/guarded.h"
#include "native/java_text.h"
#include "remote/machine_address.h"
#include "remote/remote_protocol.h"

#include <cstdlib>
#include <optional>

namespace perfscope::jni {
namespace {

JavaVM* g_vm = nullptr;
jclass g_fetch_class = nullptr;  // a global reference
jmethodID g_open = nullptr;
jmethodID g_fetch = nullptr;
jmethodID g_body = nullptr;
jmethodID g_message = nullptr;  // Throwable.toString
constexpr jint kTooLarge = -1;  // HttpsFetch.TOO_LARGE

// The JNIEnv of this thread, attached as a daemon for this object's life when the JVM does not know it.
class ThreadEnv {
public:
    ThreadEnv()
    {
        if (!g_vm)
            return;
        const jint got = g_vm->GetEnv(reinterpret_cast<void**>(&m_env), JNI_VERSION_1_8);
        if (got == JNI_EDETACHED) {
            JavaVMAttachArgs args{JNI_VERSION_1_8, const_cast<char*>("perfscope-https"), nullptr};
            if (g_vm->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&m_env), &args) == JNI_OK)
                m_attached = true;
            else
                m_env = nullptr;
        } else if (got != JNI_OK) {
            m_env = nullptr;
        }
    }
    ~ThreadEnv()
    {
        if (m_attached)
            g_vm->DetachCurrentThread();
    }
    ThreadEnv(const ThreadEnv&) = delete;
    ThreadEnv& operator=(const ThreadEnv&) = delete;

    JNIEnv* env() const { return m_env; }

private:
    JNIEnv* m_env = nullptr;
    bool m_attached = false;
};

// The local references of one call, freed when it ends.
class LocalFrame {
public:
    explicit LocalFrame(JNIEnv* env) : m_env(env), m_pushed(env->PushLocalFrame(8) == 0) {}
    ~LocalFrame()
    {
        if (m_pushed)
            m_env->PopLocalFrame(nullptr);
    }
    LocalFrame(const LocalFrame&) = delete;
    LocalFrame& operator=(const LocalFrame&) = delete;

    bool pushed() const { return m_pushed; }

private:
    JNIEnv* m_env;
    bool m_pushed;
};

std::string utf8_of(JNIEnv* env, jstring text)
{
    std::u16string chars(static_cast<std::size_t>(env->GetStringLength(text)), u'\0');
    env->GetStringRegion(text, 0, static_cast<jsize>(chars.size()), reinterpret_cast<jchar*>(chars.data()));
    std::string out;
    std::size_t bad_at = 0;
    if (env->ExceptionCheck() || !utf8_from_java(chars, out, bad_at))
        env->ExceptionClear();
    return out;
}

// The pending Java exception as text, cleared; nothing when none is pending.
std::optional<std::string> take_exception(JNIEnv* env)
{
    if (!env->ExceptionCheck())
        return std::nullopt;
    const jthrowable thrown = env->ExceptionOccurred();
    env->ExceptionClear();
    std::string text = "a Java exception without a message";
    if (thrown) {
        const auto message = static_cast<jstring>(env->CallObjectMethod(thrown, g_message));
        if (env->ExceptionCheck())
            env->ExceptionClear();
        else if (message)
            text = utf8_of(env, message);
        // HttpsFetch's own failures are IOExceptions whose message is already the reason in a user's words.
        for (const std::string_view prefix : {"java.io.IOException: ", "java.lang.IllegalArgumentException: "})
            if (text.starts_with(prefix))
                text.erase(0, prefix.size());
    }
    return text;
}

}  // namespace

bool JavaHttpsTransport::load(JavaVM* vm, JNIEnv* env)
{
    g_vm = vm;
    const jclass fetch = env->FindClass("org/perfscope/wpo/HttpsFetch");
    const jclass throwable = env->FindClass("java/lang/Throwable");
    if (!fetch || !throwable)
        return false;
    g_open = env->GetStaticMethodID(fetch, "open",
                                    "(Lorg/perfscope/wpo/Machine$Credentials;Ljava/lang/String;Ljava/lang/String;"
                                    "Ljava/lang/String;I)Lorg/perfscope/wpo/HttpsFetch;");
    g_fetch = env->GetMethodID(fetch, "fetch", "(Ljava/lang/String;)I");
    g_body = env->GetMethodID(fetch, "body", "()[B");
    g_message = env->GetMethodID(throwable, "toString", "()Ljava/lang/String;");
    if (!g_open || !g_fetch || !g_body || !g_message)
        return false;
    g_fetch_class = static_cast<jclass>(env->NewGlobalRef(fetch));
    env->DeleteLocalRef(fetch);
    env->DeleteLocalRef(throwable);
    return g_fetch_class != nullptr;
}

wpo::Result<MachineBridge::TlsConnect> JavaHttpsTransport::connector(JNIEnv* env, std::string_view machine,
                                                                     jobject credentials)
{
    auto address = wpo::remote::MachineAddress::parse(machine);
    if (!address || address->kind != wpo::remote::MachineAddress::Kind::https)
        return MachineBridge::TlsConnect{};  // the bridge parses again and tells what is wrong
    if (!g_fetch_class)
        return wpo::Error(wpo::Errc::unsupported,
                          "\\\\" + std::string(machine) + ": the library was not loaded by a JVM");
    const auto defaults = wpo::remote::MachineAddress::credentials_from(std::getenv("PERFSCOPE_REMOTE_CA"),
                                                                        std::getenv("PERFSCOPE_REMOTE_USER"),
                                                                        std::getenv("PERFSCOPE_REMOTE_PASSWORD"));
    LocalFrame frame(env);
    if (!frame.pushed()) {
        env->ExceptionClear();
        return wpo::Error(wpo::Errc::io_error, "\\\\" + std::string(machine) + ": out of Java memory");
    }
    const jstring ca = new_java_string(env, defaults.ca_file);
    const jstring user = ca ? new_java_string(env, defaults.user) : nullptr;
    const jstring password = user ? new_java_string(env, defaults.password) : nullptr;
    jobject fetch = nullptr;
    if (password)
        fetch = env->CallStaticObjectMethod(g_fetch_class, g_open, credentials, ca, user, password,
                                            static_cast<jint>(wpo::remote::kMaxResponseBytes));
    if (auto thrown = take_exception(env))
        return wpo::Error(wpo::Errc::invalid_argument,
                          "\\\\" + std::string(machine) + ": the certificates or user cannot be used: " + *thrown);
    if (!fetch)
        return wpo::Error(wpo::Errc::io_error, "\\\\" + std::string(machine) + ": no HTTPS client");
    // Deleted on a thread the JVM knows (a Java thread closing the machine); at the process's exit, when no
    // thread is attached any more, the reference is left to the JVM's end.
    std::shared_ptr<_jobject> global(env->NewGlobalRef(fetch), [](jobject ref) {
        JNIEnv* own = nullptr;
        if (ref && g_vm && g_vm->GetEnv(reinterpret_cast<void**>(&own), JNI_VERSION_1_8) == JNI_OK)
            own->DeleteGlobalRef(ref);
    });
    if (!global)
        return wpo::Error(wpo::Errc::io_error, "\\\\" + std::string(machine) + ": out of Java memory");
    return MachineBridge::TlsConnect([global](const std::string& host,
                                              int port) -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
        const std::string where =
            "https://" + (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(port);
        return std::unique_ptr<wpo::remote::Transport>(std::make_unique<JavaHttpsTransport>(global, where));
    });
}

JavaHttpsTransport::JavaHttpsTransport(std::shared_ptr<_jobject> fetch, std::string where)
    : m_fetch(std::move(fetch)), m_where(std::move(where))
{}

wpo::Result<wpo::remote::Reply> JavaHttpsTransport::get(std::string_view target)
{
    const auto failed = [&](const std::string& why) {
        return wpo::Error(wpo::Errc::io_error, "cannot reach the agent at " + m_where + ": " + why);
    };
    ThreadEnv thread;
    JNIEnv* env = thread.env();
    if (!env)
        return failed("this thread cannot be attached to the JVM");
    LocalFrame frame(env);
    if (!frame.pushed()) {
        env->ExceptionClear();
        return failed("out of Java memory");
    }
    const jstring url = new_java_string(env, m_where + std::string(target));
    const jint status = url ? env->CallIntMethod(m_fetch.get(), g_fetch, url) : 0;
    if (auto thrown = take_exception(env))
        return failed(*thrown);
    if (status == kTooLarge)
        return wpo::Error(wpo::Errc::too_large, "the agent at " + m_where + " answered more than " +
                                                    std::to_string(wpo::remote::kMaxResponseBytes) + " bytes");
    const auto body = static_cast<jbyteArray>(env->CallObjectMethod(m_fetch.get(), g_body));
    if (auto thrown = take_exception(env))
        return failed(*thrown);
    wpo::remote::Reply reply;
    reply.status = status;
    if (body) {
        reply.body.resize(static_cast<std::size_t>(env->GetArrayLength(body)));
        env->GetByteArrayRegion(body, 0, static_cast<jsize>(reply.body.size()),
                                reinterpret_cast<jbyte*>(reply.body.data()));
        if (auto thrown = take_exception(env))
            return failed(*thrown);
    }
    return reply;
}

}  // namespace perfscope::jni
