// SPDX-License-Identifier: Apache-2.0
// What Record asks before it starts: the file, the objects to record whole
// (those the views use are checked; a few common ones offered besides), the
// interval and the size cap. The interval and the cap are remembered
// (QSettings "record/interval_s", "record/max_mb").
#pragma once

#include "gui/recording/recorder_worker.h"

#include <QDialog>
#include <QVector>

#include <cstdint>

class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace perfscope::gui {

struct RecordChoice {
    std::uint32_t object = 0;
    QString name;
    bool used = false;  // a view uses it: checked at first
};

class RecordDialog : public QDialog {
    Q_OBJECT
public:
    RecordDialog(const QVector<RecordChoice>& objects, const QString& path, QWidget* parent = nullptr);

    // The request as filled in (objects checked, cap in bytes).
    RecordRequest request() const;
    QLineEdit* pathEdit() const { return m_path; }
    QListWidget* objectList() const { return m_objects; }
    QSpinBox* capBox() const { return m_cap; }

    void accept() override;

private:
    QLineEdit* m_path = nullptr;
    QListWidget* m_objects = nullptr;
    QDoubleSpinBox* m_interval = nullptr;
    QSpinBox* m_cap = nullptr;
};

}  // namespace perfscope::gui
