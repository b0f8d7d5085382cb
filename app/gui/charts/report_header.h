// SPDX-License-Identifier: Apache-2.0
// The report's instance header: a QHeaderView whose height is one line of
// header text, measured once. QHeaderView's own size hint measures the text
// of up to 200 sections, and the table asks for it after every inserted or
// removed column: with hundreds of instances coming and going that was most
// of the report's cost.
#pragma once

#include <QHeaderView>

namespace perfscope::gui {

class ReportHeader : public QHeaderView {
    Q_OBJECT
public:
    explicit ReportHeader(QWidget* parent = nullptr);

    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    mutable int m_height = -1;  // -1: measure again
};

}  // namespace perfscope::gui
