// SPDX-License-Identifier: Apache-2.0
// The Java library's transport to https:// agents: the GETs are made by the JVM's own TLS
// (org.perfscope.wpo.HttpsFetch, HttpsURLConnection), since the library carries no TLS library and must load
// without the system's OpenSSL (docs/java.md, "Remote machines"). Plain HTTP and ssh:// machines keep the
// engine's transports.
//
// A collection may run on a thread the JVM does not know (a native thread of the library): each GET attaches
// it as a daemon for its duration and detaches it afterwards. Every Java exception is caught, cleared and
// returned as the error, naming the agent's address and the reason.
#pragma once

#include "native/machine_bridge.h"
#include "remote/transport.h"

#include <jni.h>

#include <memory>
#include <string>
#include <string_view>

namespace perfscope::jni {

class JavaHttpsTransport : public wpo::remote::Transport {
public:
    // From JNI_OnLoad: keeps the JavaVM and looks up HttpsFetch's class and methods once. False with a Java
    // exception pending when they are missing.
    static bool load(JavaVM* vm, JNIEnv* env);

    // How the bridge of `machine` reaches it when `machine` is https:// (empty for any other): an HttpsFetch
    // made now, on this Java thread, from `credentials` (a Machine.Credentials, or null) over the environment's
    // defaults (MachineAddress::credentials_from), shared by the machine's connections.
    static wpo::Result<MachineBridge::TlsConnect> connector(JNIEnv* env, std::string_view machine, jobject credentials);

    // `fetch`: the HttpsFetch (a global reference); `where`: https://HOST:PORT.
    JavaHttpsTransport(std::shared_ptr<_jobject> fetch, std::string where);

    wpo::Result<wpo::remote::Reply> get(std::string_view target) override;

private:
    std::shared_ptr<_jobject> m_fetch;
    std::string m_where;
};

}  // namespace perfscope::jni
