// Stands in for the charts library's ViewWidget until it lands (branch
// charts): the series of a ViewData with their last values in a table, with
// the same calls the main window makes (kind, window, freeze, clear, zoom,
// selection, removal, highlight), so replacing it is a one-line change in
// view_pane.h.
#pragma once

#include "view_data.h"
#include "window/view_settings.h"

#include <QTableWidget>

namespace perfscope::gui {

class PlaceholderViewWidget : public QTableWidget {
    Q_OBJECT
public:
    explicit PlaceholderViewWidget(ViewData* data, QWidget* parent = nullptr);

    void setKind(ViewKind kind) { m_kind = kind; }
    void setTimeWindow(double seconds) { m_window_s = seconds; }
    void setFrozen(bool frozen);
    bool isFrozen() const { return m_frozen; }
    void clearData();
    void resetZoom() {}
    int selectedRow() const;
    void removeSelected();
    void highlightSelected(bool on);

private:
    void refresh();

    ViewData* m_data;
    ViewKind m_kind = ViewKind::line;
    double m_window_s = 100;
    bool m_frozen = false;
};

}  // namespace perfscope::gui
