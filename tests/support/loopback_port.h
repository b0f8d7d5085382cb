// SPDX-License-Identifier: Apache-2.0
// A loopback TCP port nothing listens on at the moment (Linux tests): the kernel picks a free one for a
// socket that is bound and closed at once. Connecting to it is refused; a server started on it a moment
// later (Prometheus, an agent) can take it.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace perfscope::tests {

inline int unused_loopback_port()
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    const bool bound = bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                       getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    close(fd);
    return bound ? ntohs(address.sin_port) : 0;
}

}  // namespace perfscope::tests
