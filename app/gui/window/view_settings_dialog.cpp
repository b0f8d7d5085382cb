// SPDX-License-Identifier: Apache-2.0
#include "gui/window/view_settings_dialog.h"

#include "files/view_limits.h"
#include "query/interval.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
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
    for (ViewKind kind : files::kViewKinds)
        m_kind->addItem(kind_label(kind), static_cast<int>(kind));
    m_kind->setCurrentIndex(static_cast<int>(settings.kind));
    form->addRow(tr("&Graph type:"), m_kind);
    const QString time_syntax = tr("seconds, or [[hh:]mm:]ss as in 1:30 or 1:00:00");
    m_interval = new QLineEdit(QString::fromStdString(wpo::query::format_interval(settings.interval_s)), this);
    m_interval->setObjectName(QStringLiteral("interval"));
    m_interval->setToolTip(tr("How often this view samples: %1 s to %2 h (%3)")
                               .arg(files::kMinIntervalS)
                               .arg(files::kMaxIntervalS / 3600)
                               .arg(time_syntax));
    form->addRow(tr("Sample &interval:"), m_interval);
    m_window = new QLineEdit(QString::fromStdString(wpo::query::format_interval(settings.window_s)), this);
    m_window->setObjectName(QStringLiteral("timeWindow"));
    m_window->setToolTip(tr("The time the graph shows: %1 s to %2 days (%3)")
                             .arg(files::kMinWindowS)
                             .arg(files::kMaxWindowS / 86400)
                             .arg(time_syntax));
    form->addRow(tr("Time &window:"), m_window);
    m_time_error = new QLabel(this);
    m_time_error->setObjectName(QStringLiteral("timeError"));
    m_time_error->setWordWrap(true);
    m_time_error->hide();
    form->addRow(m_time_error);
    m_capacity = new QSpinBox(this);
    m_capacity->setRange(static_cast<int>(files::kMinHistoryCapacity), static_cast<int>(files::kMaxHistoryCapacity));
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
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        double interval = 0, window = 0;
        QString error;
        if (readTimes(&interval, &window, &error)) {
            accept();
            return;
        }
        m_time_error->setText(error);
        m_time_error->show();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

ViewSettings ViewSettingsDialog::settings() const
{
    ViewSettings s = m_settings;
    s.title = m_title->text();
    s.kind = static_cast<ViewKind>(m_kind->currentData().toInt());
    double interval = 0, window = 0;
    if (readTimes(&interval, &window, nullptr)) {
        s.interval_s = interval;
        s.window_s = window;
    }
    s.history_capacity = m_capacity->value();
    s.y_auto = m_y_auto->isChecked();
    s.y_min = m_y_min->value();
    s.y_max = m_y_max->value();
    s.cap_percent = m_cap_percent->isChecked();
    return s;
}

bool ViewSettingsDialog::readTimes(double* interval_s, double* window_s, QString* error) const
{
    // parse_interval's own message names the field; the bounds are the view's.
    auto read = [error](const QLineEdit* field, const QString& name, double low, double high, double* out) {
        auto seconds = wpo::query::parse_interval(field->text().trimmed().toStdString(), name.toStdString());
        if (!seconds) {
            if (error)
                *error = QString::fromStdString(seconds.error().message());
            return false;
        }
        if (*seconds < low || *seconds > high) {
            if (error)
                *error = tr("%1 must be between %2 and %3, got %4")
                             .arg(name, QString::fromStdString(wpo::query::format_interval(low)),
                                  QString::fromStdString(wpo::query::format_interval(high)), field->text().trimmed());
            return false;
        }
        *out = *seconds;
        return true;
    };
    return read(m_interval, tr("Sample interval"), files::kMinIntervalS, files::kMaxIntervalS, interval_s) &&
           read(m_window, tr("Time window"), files::kMinWindowS, files::kMaxWindowS, window_s);
}

}  // namespace perfscope::gui
