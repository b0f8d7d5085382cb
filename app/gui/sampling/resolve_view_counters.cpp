#include "resolve_view_counters.h"

#include "format/block_view.h"
#include "object_resolver.h"
#include "query_columns.h"

#include <set>

namespace perfscope::gui {

wpo::Result<QVector<ViewCounter>> resolve_view_counters(SourceHub& hub, const QStringList& texts)
{
    std::vector<core::QueryPath> paths;
    std::set<std::uint32_t> objects;
    for (const QString& qtext : texts) {
        const std::string text = qtext.toStdString();
        auto path = wpo::CounterPath::parse(text);
        if (!path)
            return wpo::Error(path.error().code(), "\"" + text + "\": " + path.error().message());
        wpo::Result<std::uint32_t> object = [&] {
            // The hint collects from the source: hold it as a sampler would.
            auto held = hub.shared().lock();
            return core::resolve_object(hub.names(), path->object, &hub.shared().source());
        }();
        if (!object)
            return wpo::Error(object.error().code(), "\"" + text + "\": " + object.error().message());
        objects.insert(*object);
        paths.push_back({text, std::move(*path), *object, {}});
    }
    if (paths.empty())
        return QVector<ViewCounter>{};

    std::vector<std::byte> bytes;
    if (wpo::Status status = hub.shared().collect(core::object_query({objects.begin(), objects.end()}), bytes); !status)
        return status.error();
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return block.error();
    auto columns = core::resolve_columns(paths, *block, hub.names());
    if (!columns)
        return columns.error();

    QVector<ViewCounter> out;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const core::QueryPath& p = paths[i];
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
            for (const core::QueryColumn& column : *columns) {
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
