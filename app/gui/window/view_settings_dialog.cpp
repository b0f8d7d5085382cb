#include "gui/window/view_settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
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
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
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
    return s;
}

}  // namespace perfscope::gui
