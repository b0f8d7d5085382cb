// SPDX-License-Identifier: Apache-2.0
// What a drag from the counter browser carries: the counters its selection
// stands for (CounterBrowser::selectedCounters, the list Add uses), and the
// same as typeperf paths in text/plain, one a line, for other programs. A
// view that receives it adds the counters exactly as Add does
// (ViewPane::addCounters). The drag never leaves the process with identities:
// another program gets the paths only.
#pragma once

#include "gui/sampling/view_counter.h"

#include <QMimeData>

namespace perfscope::gui {

class CounterMimeData : public QMimeData {
    Q_OBJECT
public:
    static constexpr const char* kMimeType = "application/x-perfscope-counters";

    explicit CounterMimeData(QVector<ViewCounter> counters);

    const QVector<ViewCounter>& counters() const { return m_counters; }
    // The counters a drop carries, or none (a drag from elsewhere).
    static QVector<ViewCounter> countersOf(const QMimeData* data);

private:
    QVector<ViewCounter> m_counters;
};

}  // namespace perfscope::gui
