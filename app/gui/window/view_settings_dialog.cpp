#include "gui/window/view_settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace perfscope::gui {

ViewSettingsDialog::ViewSettingsDialog(const ViewSettings& settings, QWidget* parent)
    : QDialog(parent), m_settings(settings)
{
    setWindowTitle(tr("View properties"));
    auto* form = new QFormLayout(this);
    m_title = new QLineEdit(settings.title, this);
    form->addRow(tr("&Title:"), m_title);
    m_kind = new QComboBox(this);
    for (ViewKind kind : {ViewKind::line, ViewKind::histogram, ViewKind::report})
        m_kind->addItem(to_string(kind), static_cast<int>(kind));
    m_kind->setCurrentIndex(static_cast<int>(settings.kind));
    form->addRow(tr("&Graph type:"), m_kind);
    m_interval = new QDoubleSpinBox(this);
    m_interval->setRange(0.1, 3600);
    m_interval->setDecimals(1);
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(settings.interval_s);
    m_interval->setToolTip(tr("How often this view samples: 0.1 s to 1 h"));
    form->addRow(tr("Sample &interval:"), m_interval);
    m_window = new QDoubleSpinBox(this);
    m_window->setRange(1, 7 * 86400);
    m_window->setDecimals(0);
    m_window->setSuffix(tr(" s"));
    m_window->setValue(settings.window_s);
    m_window->setToolTip(tr("The time the graph shows"));
    form->addRow(tr("Time &window:"), m_window);
    m_capacity = new QSpinBox(this);
    m_capacity->setRange(10, 10'000'000);
    m_capacity->setValue(static_cast<int>(settings.history_capacity));
    m_capacity->setToolTip(tr("Values kept per counter (86,400 = 24 h at 1 s)"));
    form->addRow(tr("&History (values):"), m_capacity);
    m_y_auto = new QCheckBox(tr("&Automatic"), this);
    m_y_auto->setChecked(settings.y_auto);
    m_y_auto->setToolTip(tr("The value axis follows the data; off: it shows the minimum to the maximum below"));
    form->addRow(tr("Value axis:"), m_y_auto);
    const auto limit = [this](double value) {
        auto* box = new QDoubleSpinBox(this);
        box->setRange(-1e15, 1e15);
        box->setDecimals(3);
        box->setValue(value);
        return box;
    };
    m_y_min = limit(settings.y_min);
    m_y_max = limit(settings.y_max);
    form->addRow(tr("Mi&nimum:"), m_y_min);
    form->addRow(tr("Ma&ximum:"), m_y_max);
    const auto follow = [this](bool automatic) {
        m_y_min->setEnabled(!automatic);
        m_y_max->setEnabled(!automatic);
    };
    follow(settings.y_auto);
    connect(m_y_auto, &QCheckBox::toggled, this, follow);
    m_cap_percent = new QCheckBox(tr("&Cap percentages at 100 %"), this);
    m_cap_percent->setChecked(settings.cap_percent);
    m_cap_percent->setToolTip(tr("As Performance Monitor does by default. Off, a counter such as "
                                 "\\Process(_Total)\\% Processor Time shows more than 100 % on several cores, "
                                 "as perfscope-cli query does."));
    form->addRow(QString(), m_cap_percent);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    // A fixed axis needs a maximum above its minimum.
    const auto check = [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(m_y_auto->isChecked() || m_y_max->value() > m_y_min->value());
    };
    connect(m_y_auto, &QCheckBox::toggled, this, check);
    connect(m_y_min, &QDoubleSpinBox::valueChanged, this, check);
    connect(m_y_max, &QDoubleSpinBox::valueChanged, this, check);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

ViewSettings ViewSettingsDialog::settings() const
{
    ViewSettings s = m_settings;
    s.title = m_title->text();
    s.kind = static_cast<ViewKind>(m_kind->currentData().toInt());
    s.interval_s = m_interval->value();
    s.window_s = m_window->value();
    s.history_capacity = m_capacity->value();
    s.y_auto = m_y_auto->isChecked();
    s.y_min = m_y_min->value();
    s.y_max = m_y_max->value();
    s.cap_percent = m_cap_percent->isChecked();
    return s;
}

}  // namespace perfscope::gui
