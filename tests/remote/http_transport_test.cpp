// SPDX-License-Identifier: Apache-2.0
// What HttpTransport tells a user who cannot reach an agent: the reason in words, with the address.
#include "remote/http_transport.h"

#include "loopback_port.h"

#include <gtest/gtest.h>

namespace {

using wpo::remote::HttpTransport;

TEST(HttpTransport, ARefusedConnectionSaysNoAgentListens)
{
    const int port = perfscope::tests::unused_loopback_port();
    ASSERT_GT(port, 0);
    HttpTransport transport("127.0.0.1", port);
    auto reply = transport.get("/perfscope/v1/names");
    ASSERT_FALSE(reply);
    EXPECT_EQ(reply.error().code(), wpo::Errc::io_error);
    const std::string& message = reply.error().message();
    EXPECT_NE(message.find("127.0.0.1:" + std::to_string(port)), std::string::npos) << message;
    EXPECT_NE(message.find("no agent listens there"), std::string::npos) << message;
}

// ".invalid" never resolves (RFC 6761, section 6.4).
TEST(HttpTransport, AHostThatDoesNotResolveIsNamed)
{
    HttpTransport transport("nosuchhost.invalid", 9654);
    auto reply = transport.get("/perfscope/v1/names");
    ASSERT_FALSE(reply);
    const std::string& message = reply.error().message();
    EXPECT_NE(message.find("the host name \"nosuchhost.invalid\" does not resolve"), std::string::npos) << message;
}

}  // namespace
