// Edits one view's settings: title, kind, interval (0.1 s to 1 h), time
// window, history capacity, the value axis (automatic or fixed minimum and
// maximum) and whether percentages are capped at 100 %.
#pragma once

#include "gui/window/view_settings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace perfscope::gui {

class ViewSettingsDialog : public QDialog {
    Q_OBJECT
public:
    ViewSettingsDialog(const ViewSettings& settings, QWidget* parent = nullptr);
    ViewSettings settings() const;

private:
    ViewSettings m_settings;
    QLineEdit* m_title = nullptr;
    QComboBox* m_kind = nullptr;
    QDoubleSpinBox* m_interval = nullptr;
    QDoubleSpinBox* m_window = nullptr;
    QSpinBox* m_capacity = nullptr;
    QCheckBox* m_y_auto = nullptr;
    QDoubleSpinBox* m_y_min = nullptr;
    QDoubleSpinBox* m_y_max = nullptr;
    QCheckBox* m_cap_percent = nullptr;
};

}  // namespace perfscope::gui
