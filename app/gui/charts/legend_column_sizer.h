// SPDX-License-Identifier: Apache-2.0
// The legend's name columns (Counter and Instance) share the width the value columns leave, as a stretch
// would, but never shrink below what keeps a typical name readable: in a narrow view (a dock opened beside
// it, a small tile) the table scrolls sideways with the names on the left intact, instead of cutting them
// to "…" while the numbers keep their full width.
#pragma once

#include <QObject>

#include <utility>

class QTableView;

namespace perfscope::gui {

class LegendColumnSizer : public QObject {
    Q_OBJECT
public:
    // Sizes `view`'s columns `counter` and `instance` (the others keep the widths they are given) whenever its
    // viewport changes size; parented to `view`.
    LegendColumnSizer(QTableView* view, int counter, int instance);

    // The widths the two columns get for `free` pixels (the viewport's width less the other columns), each at
    // least its minimum: Counter takes 55 % of the free width.
    static std::pair<int, int> widths(int free, int counter_minimum, int instance_minimum);

    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void resize();

    QTableView* m_view;
    // Kept, not asked of m_view in eventFilter(): the viewport's last events arrive while the view is being
    // destroyed, when it is no QAbstractScrollArea any more.
    const QObject* m_viewport;
    int m_counter;
    int m_instance;
};

}  // namespace perfscope::gui
