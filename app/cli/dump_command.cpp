// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/dump_formatter.h"
#include "format/object_query.h"
#include "query/sample.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

namespace perfscope::cli {

using wpo::query::LeftOutWarnings;
using wpo::query::Sample;

wpo::Status run_dump(const Options& options, Context& c)
{
    std::vector<std::uint32_t> objects;
    for (const std::string& text : options.objects) {
        auto index = resolve_object(c.names, text, &c.source, c.list_command());
        if (!index)
            return index.error();
        objects.push_back(*index);
    }
    const std::string query = objects.empty() ? "Global" : wpo::ObjectQuery::list(objects);
    LeftOutWarnings warnings(c.err, c.names);
    Sample first, second;
    if (wpo::Status status = first.collect(c.source, query, warnings); !status)
        return status;
    for (std::size_t i = 0; i < objects.size(); ++i)
        if (!first.block.find_object(objects[i]))
            return wpo::Error(wpo::Errc::not_found,
                              "object \"" + options.objects[i] + "\" is not served by this source");
    const Sample* current = &first;
    const Sample* previous = nullptr;
    if (!options.single_sample && c.replay) {
        // A recording's next sample, however far apart they were recorded.
        auto more = c.replay->next();
        if (!more)
            return more.error();
        if (!*more)
            return wpo::Error(wpo::Errc::not_found, "the recording has no sample after the first one dumped; "
                                                    "add --once for raw values");
        if (wpo::Status status = second.collect(c.source, query, warnings); !status)
            return status;
        current = &second;
        previous = &first;
    } else if (!options.single_sample) {
        using Clock = std::chrono::steady_clock;
        const Clock::time_point until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                           std::chrono::duration<double>(options.interval_s));
        while (Clock::now() < until && !stop_requested())
            std::this_thread::sleep_for(
                std::min<Clock::duration>(std::chrono::milliseconds(100), until - Clock::now()));
        if (wpo::Status status = second.collect(c.source, query, warnings); !status)
            return status;
        current = &second;
        previous = &first;
    }
    const std::string text =
        format_dump(c.names, current->block, previous ? &previous->block : nullptr, objects, {.cap_percent = false});
    std::fputs(text.c_str(), c.out);
    return {};
}

}  // namespace perfscope::cli
