// SPDX-License-Identifier: Apache-2.0
// Edits one view's settings: title, kind, interval, time window (the
// bounds of files/view_limits.h), history capacity, the value axis (automatic or fixed minimum and
// maximum) and whether percentages are capped at 100 %. The two time fields
// take seconds or [[hh:]mm:]ss as --interval does ("1:00:00" is one hour).
#pragma once

#include "gui/window/view_settings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace perfscope::gui {

class ViewSettingsDialog : public QDialog {
    Q_OBJECT
public:
    ViewSettingsDialog(const ViewSettings& settings, QWidget* parent = nullptr);
    ViewSettings settings() const;

    // The time fields, as checked by OK (within files/view_limits.h): false
    // with the reason in `error`.
    bool readTimes(double* interval_s, double* window_s, QString* error) const;

private:
    ViewSettings m_settings;
    QLineEdit* m_title = nullptr;
    QComboBox* m_kind = nullptr;
    QLineEdit* m_interval = nullptr;
    QLineEdit* m_window = nullptr;
    QLabel* m_time_error = nullptr;
    QSpinBox* m_capacity = nullptr;
    QCheckBox* m_y_auto = nullptr;
    QDoubleSpinBox* m_y_min = nullptr;
    QDoubleSpinBox* m_y_max = nullptr;
    QCheckBox* m_cap_percent = nullptr;
};

}  // namespace perfscope::gui
