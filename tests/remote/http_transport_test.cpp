// SPDX-License-Identifier: Apache-2.0
// What HttpTransport tells a user who cannot reach an agent: the reason in words, with the address.
#include "remote/http_transport.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

using wpo::remote::HttpTransport;

// A loopback port where nothing listens: bound, then closed, so connecting to it is refused.
int closed_port()
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    socklen_t length = sizeof address;
    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    close(fd);
    return ntohs(address.sin_port);
}

TEST(HttpTransport, ARefusedConnectionSaysNoAgentListens)
{
    const int port = closed_port();
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
