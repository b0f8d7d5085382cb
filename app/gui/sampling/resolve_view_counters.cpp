// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/resolve_view_counters.h"

#include "query/path_resolution.h"

#include <QFuture>
#include <QPromise>
#include <QThreadPool>

#include <memory>

namespace perfscope::gui {

namespace {

ViewCounter view_counter(const wpo::query::PathResolution& resolution, std::size_t i)
{
    const wpo::query::QueryPath& p = resolution.paths[i];
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
        for (const wpo::query::QueryColumn& column : resolution.columns) {
            if (column.entity == i) {
                c.identity = column.instance;
                break;
            }
        }
        c.instance = QString::fromStdString(p.path.instance_text());
    }
    return c;
}

wpo::Result<wpo::query::PathResolution> resolve(SourceHub& hub, const QStringList& texts)
{
    std::vector<std::string> strings;
    strings.reserve(static_cast<std::size_t>(texts.size()));
    for (const QString& text : texts)
        strings.push_back(text.toStdString());
    return wpo::query::resolve_paths(strings, hub.shared(), hub.names());
}

}  // namespace

wpo::Result<QVector<ViewCounter>> resolve_view_counters(SourceHub& hub, const QStringList& texts)
{
    auto resolution = resolve(hub, texts);
    if (!resolution)
        return resolution.error();
    if (wpo::Status first = resolution->first_error(); !first)
        return first.error();
    QVector<ViewCounter> out;
    for (std::size_t i = 0; i < resolution->paths.size(); ++i)
        out.push_back(view_counter(*resolution, i));
    return out;
}

PathsResolution resolve_each_path(SourceHub& hub, const QStringList& texts)
{
    PathsResolution out;
    if (texts.isEmpty())
        return out;
    auto resolution = resolve(hub, texts);
    if (!resolution) {
        out.error = QString::fromStdString(resolution.error().message());
        return out;
    }
    for (std::size_t i = 0; i < resolution->paths.size(); ++i) {
        PathCounters path;
        if (const wpo::Status& status = resolution->status[i]; !status)
            path.error = QString::fromStdString(status.error().message());
        else
            path.counters.push_back(view_counter(*resolution, i));
        out.paths.push_back(path);
    }
    return out;
}

void resolve_each_path_later(SourceHub& hub, const QStringList& paths, QObject* context,
                             std::function<void(const PathsResolution&)> done)
{
    // QThreadPool takes a copyable callable; the promise is move-only. The
    // continuation is attached before the work starts, so it cannot race the
    // result.
    auto promise = std::make_shared<QPromise<PathsResolution>>();
    promise->future().then(context, [done = std::move(done)](const PathsResolution& result) { done(result); });
    promise->start();
    hub.pool().start([promise, &hub, paths] {
        promise->addResult(resolve_each_path(hub, paths));
        promise->finish();
    });
}

}  // namespace perfscope::gui
