// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/counter_mime_data.h"

#include <QStringList>

namespace perfscope::gui {

CounterMimeData::CounterMimeData(QVector<ViewCounter> counters) : m_counters(std::move(counters))
{
    QStringList paths;
    for (const ViewCounter& c : m_counters)
        paths << c.text;
    setText(paths.join(QLatin1Char('\n')));
    // The format marks the drag as ours; the counters themselves stay in this object.
    setData(QLatin1String(kMimeType), paths.join(QLatin1Char('\n')).toUtf8());
}

QVector<ViewCounter> CounterMimeData::countersOf(const QMimeData* data)
{
    if (const auto* ours = qobject_cast<const CounterMimeData*>(data))
        return ours->counters();
    return {};
}

}  // namespace perfscope::gui
