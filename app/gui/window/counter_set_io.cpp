// SPDX-License-Identifier: Apache-2.0
#include "gui/window/counter_set_io.h"

#include "naming/counter_path.h"

namespace perfscope::gui {

ViewSettings from_core(const files::ViewSettings& s)
{
    ViewSettings out;
    out.title = QString::fromStdString(s.title);
    out.kind = s.kind;
    out.interval_s = s.interval_s;
    out.window_s = s.window_s;
    out.history_capacity = static_cast<qsizetype>(s.history_capacity);
    out.y_auto = s.y_auto;
    out.y_min = s.y_min;
    out.y_max = s.y_max;
    out.cap_percent = s.cap_percent;
    return out;
}

files::ViewSettings to_core(const ViewSettings& s)
{
    files::ViewSettings out;
    out.title = s.title.toStdString();
    out.kind = s.kind;
    out.interval_s = s.interval_s;
    out.window_s = s.window_s;
    out.history_capacity = static_cast<std::size_t>(s.history_capacity);
    out.y_auto = s.y_auto;
    out.y_min = s.y_min;
    out.y_max = s.y_max;
    out.cap_percent = s.cap_percent;
    return out;
}

bool path_covers(const QString& text, const SeriesInfo& series)
{
    auto path = wpo::CounterPath::parse(text.toStdString());
    return path && path_covers(*path, series);
}

bool path_covers(const wpo::CounterPath& path, const SeriesInfo& series)
{
    auto same = [](const std::string& a, const QString& b) {
        return QString::fromStdString(a).compare(b, Qt::CaseInsensitive) == 0;
    };
    if (!same(path.object, series.object))
        return false;
    if (!path.wildcard_counter && !same(path.counter, series.counter))
        return false;
    if (!path.has_instance)
        return series.instance.isEmpty();
    return path.wildcard_instance ? !series.instance.isEmpty() : same(path.instance_text(), series.instance);
}

QString instance_key(const SeriesInfo& series)
{
    return series.parent.isEmpty() ? series.instance : series.parent + QLatin1Char('/') + series.instance;
}

namespace {

template <typename Look>
SeriesLook to_look(const QString& path, const Look& from)
{
    SeriesLook look{path, std::nullopt, from.scale_exponent, from.visible, {}, false};
    if (from.color)
        look.color = QColor::fromRgb(static_cast<QRgb>(*from.color | 0xFF000000u));
    return look;
}

}  // namespace

QVector<SeriesLook> looks_of(const files::CounterSetEntry& entry)
{
    const QString path = QString::fromStdString(entry.path);
    QVector<SeriesLook> looks;
    for (const files::InstanceLook& one : entry.instances) {
        SeriesLook look = to_look(path, one);
        look.instance = QString::fromStdString(one.instance);
        looks.push_back(look);
    }
    for (const std::string& name : entry.removed)
        looks.push_back({path, std::nullopt, std::nullopt, true, QString::fromStdString(name), true});
    looks.push_back(to_look(path, entry));
    return looks;
}

}  // namespace perfscope::gui
