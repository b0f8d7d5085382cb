// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/resolve_view_counters.h"

#include "query/path_resolution.h"

namespace perfscope::gui {

wpo::Result<QVector<ViewCounter>> resolve_view_counters(SourceHub& hub, const QStringList& texts)
{
    std::vector<std::string> strings;
    for (const QString& text : texts)
        strings.push_back(text.toStdString());
    auto resolution = wpo::query::resolve_paths(strings, hub.shared(), hub.names());
    if (!resolution)
        return resolution.error();
    if (wpo::Status first = resolution->first_error(); !first)
        return first.error();
    const std::vector<wpo::query::QueryPath>& paths = resolution->paths;
    const std::vector<wpo::query::QueryColumn>& columns = resolution->columns;

    QVector<ViewCounter> out;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const wpo::query::QueryPath& p = paths[i];
        ViewCounter c;
        c.text = QString::fromStdString(p.path.to_string());
        c.object = p.request.object_index;
        c.counter = p.request.counter_index;
        if (!p.path.has_instance) {
            c.instances = ViewCounter::Instances::none;
        } else if (p.path.wildcard_instance) {
            c.instances = ViewCounter::Instances::all;
        } else {
            c.instances = ViewCounter::Instances::one;
            for (const wpo::query::QueryColumn& column : columns) {
                if (column.entity == i) {
                    c.identity = column.instance;
                    break;
                }
            }
            c.instance = QString::fromStdString(p.path.instance_text());
        }
        out.push_back(c);
    }
    return out;
}

}  // namespace perfscope::gui
