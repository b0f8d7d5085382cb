// SPDX-License-Identifier: Apache-2.0
#include "cli/set_instance_guard.h"

#include <tuple>

namespace perfscope::cli {

wpo::Result<exporter::InstanceGuard> set_instance_guard(const files::CounterSet& set, exporter::InstanceGuard base,
                                                        const std::string& file)
{
    if (!set.instance_guard)
        return base;
    const files::SetInstanceGuard& own = *set.instance_guard;
    if (own.max_instances)
        base.max_instances = *own.max_instances;
    if (own.rank_counter)
        base.rank_counter = *own.rank_counter;
    for (const auto& [text, pattern, key] :
         {std::tuple{&own.include, &base.include, "include"}, std::tuple{&own.exclude, &base.exclude, "exclude"}}) {
        if (!*text)
            continue;
        auto compiled = exporter::compile_instance_pattern(**text, file + ": instance_guard." + key);
        if (!compiled)
            return compiled.error();
        *pattern = std::move(*compiled);
    }
    return base;
}

}  // namespace perfscope::cli
