// SPDX-License-Identifier: Apache-2.0
// BasicAuth in a build without bcrypt (the Windows build: no libxcrypt): serve refuses a web configuration
// with users at start, so no request is ever checked here; one that were would be refused.
#include "cli/basic_auth.h"

namespace perfscope::cli {

BasicAuth::BasicAuth(std::vector<std::pair<std::string, std::string>> users) : m_users(std::move(users))
{}

bool BasicAuth::check(std::string_view)
{
    return false;
}

}  // namespace perfscope::cli
