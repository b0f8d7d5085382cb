// SPDX-License-Identifier: Apache-2.0
// The view properties' time fields read seconds or [[hh:]mm:]ss as --interval
// does: expected seconds are hh * 3600 + mm * 60 + ss of the typed text.
#include "window/view_settings_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

using namespace perfscope::gui;

class ViewSettingsDialogTest : public QObject {
    Q_OBJECT
private slots:
    void timeFieldsShowAndReadHoursMinutesSeconds()
    {
        ViewSettings start;
        start.interval_s = 1.5;
        start.window_s = 90;
        ViewSettingsDialog dialog(start);
        auto* interval = dialog.findChild<QLineEdit*>("interval");
        auto* window = dialog.findChild<QLineEdit*>("timeWindow");
        QVERIFY(interval && window);
        QCOMPARE(interval->text(), QString("1.5"));
        QCOMPARE(window->text(), QString("1:30"));

        interval->setText("0:05");
        window->setText("1:00:00");
        QCOMPARE(dialog.settings().interval_s, 5.0);
        QCOMPARE(dialog.settings().window_s, 1 * 3600.0);
        window->setText(" 2:30:15 ");
        QCOMPARE(dialog.settings().window_s, 2 * 3600.0 + 30 * 60 + 15);
        window->setText("45");
        QCOMPARE(dialog.settings().window_s, 45.0);
    }

    void okRefusesWhatDoesNotParseAndSaysWhy()
    {
        ViewSettings start;
        ViewSettingsDialog dialog(start);
        dialog.show();
        auto* window = dialog.findChild<QLineEdit*>("timeWindow");
        auto* interval = dialog.findChild<QLineEdit*>("interval");
        auto* error = dialog.findChild<QLabel*>("timeError");
        QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        window->setText("one hour");
        ok->click();
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY2(error->isVisibleTo(&dialog) && error->text().contains("Time window"), qPrintable(error->text()));
        // Out of the view's bounds: a sample interval over an hour.
        window->setText("10:00");
        interval->setText("1:00:01");
        ok->click();
        QVERIFY(dialog.isVisible());
        QVERIFY2(error->text().contains("Sample interval must be between 0.1 and 1:00:00"), qPrintable(error->text()));
        // Settings keep the previous values while a field does not parse.
        QCOMPARE(dialog.settings().interval_s, start.interval_s);
        interval->setText("1:00:00");
        ok->click();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.settings().interval_s, 3600.0);
        QCOMPARE(dialog.settings().window_s, 600.0);
    }
};

QTEST_MAIN(ViewSettingsDialogTest)
#include "view_settings_dialog_test.moc"
