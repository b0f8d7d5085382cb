// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/record_dialog.h"

#include "gui/window/save_file_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace perfscope::gui {

RecordDialog::RecordDialog(const QVector<RecordChoice>& objects, const QString& path, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Record"));
    setMinimumWidth(560);
    auto* form = new QFormLayout(this);
    auto* file_row = new QHBoxLayout;
    m_path = new QLineEdit(path, this);
    auto* browse = new QPushButton(tr("Browse..."), this);
    file_row->addWidget(m_path, 1);
    file_row->addWidget(browse);
    form->addRow(tr("File:"), file_row);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = getSaveFileNameWithExtension(this, tr("Record to"), m_path->text(),
                                                            tr("Recordings (*.psrec);;All files (*)"));
        if (!chosen.isEmpty())
            m_path->setText(chosen);
    });

    m_objects = new QListWidget(this);
    m_objects->setToolTip(tr("Objects are recorded whole: every counter and instance can be shown later"));
    for (const RecordChoice& choice : objects) {
        auto* item = new QListWidgetItem(choice.name, m_objects);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(choice.used ? Qt::Checked : Qt::Unchecked);
        item->setData(Qt::UserRole, choice.object);
    }
    form->addRow(tr("Objects:"), m_objects);

    QSettings settings;
    m_interval = new QDoubleSpinBox(this);
    m_interval->setRange(0.1, 3600.0);
    m_interval->setDecimals(1);
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(settings.value(QStringLiteral("record/interval_s"), 1.0).toDouble());
    form->addRow(tr("Interval:"), m_interval);
    m_cap = new QSpinBox(this);
    m_cap->setRange(0, 1024 * 1024);
    m_cap->setSuffix(tr(" MB"));
    m_cap->setSpecialValueText(tr("No cap"));
    m_cap->setValue(settings.value(QStringLiteral("record/max_mb"), 1024).toInt());
    m_cap->setToolTip(tr("The recording stops once its file reaches this size"));
    form->addRow(tr("Size cap:"), m_cap);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Record"));
    connect(buttons, &QDialogButtonBox::accepted, this, &RecordDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RecordDialog::reject);
    form->addRow(buttons);
}

RecordRequest RecordDialog::request() const
{
    RecordRequest out;
    out.path = m_path->text();
    for (int i = 0; i < m_objects->count(); ++i)
        if (m_objects->item(i)->checkState() == Qt::Checked)
            out.objects.push_back(m_objects->item(i)->data(Qt::UserRole).toUInt());
    std::sort(out.objects.begin(), out.objects.end());
    out.interval_ms = static_cast<int>(m_interval->value() * 1000.0);
    out.max_bytes = qint64{m_cap->value()} * 1024 * 1024;
    return out;
}

void RecordDialog::accept()
{
    const RecordRequest chosen = request();
    if (chosen.path.isEmpty() || chosen.objects.empty()) {
        QMessageBox::information(this, tr("Record"), tr("Choose a file and at least one object to record."));
        return;
    }
    if (!QFileInfo(chosen.path).absoluteDir().exists()) {
        QMessageBox::information(this, tr("Record"),
                                 tr("The folder %1 does not exist.").arg(QFileInfo(chosen.path).absolutePath()));
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("record/interval_s"), m_interval->value());
    settings.setValue(QStringLiteral("record/max_mb"), m_cap->value());
    QDialog::accept();
}

}  // namespace perfscope::gui
