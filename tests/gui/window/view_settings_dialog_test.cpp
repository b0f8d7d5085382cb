// SPDX-License-Identifier: Apache-2.0
// The view's properties: the value axis (automatic or a fixed minimum and
// maximum) and the percent cap come back from the dialog as given, a fixed
// axis needs its maximum above its minimum, and both survive the way to a
// counter set and back; the time fields read seconds or [[hh:]mm:]ss as
// --interval does: expected seconds are hh * 3600 + mm * 60 + ss of the typed text.
#include "files/view_limits.h"
#include "gui/window/counter_set_io.h"
#include "gui/window/view_settings_dialog.h"
#include "query/interval.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>

#include <iterator>

using namespace perfscope::gui;

namespace {

ViewSettings fixed_and_capped()
{
    ViewSettings s;
    s.title = QStringLiteral("CPU");
    s.y_auto = false;
    s.y_min = -5.0;
    s.y_max = 250.0;
    s.cap_percent = true;
    return s;
}

QCheckBox* check_box(QDialog& dialog, const QString& text)
{
    for (QCheckBox* box : dialog.findChildren<QCheckBox*>())
        if (box->text().remove(QLatin1Char('&')).startsWith(text))
            return box;
    return nullptr;
}

}  // namespace

class ViewSettingsDialogTest : public QObject {
    Q_OBJECT
private slots:
    void defaultsAreAutomaticAndUncapped()
    {
        const ViewSettings s;
        QVERIFY(s.y_auto);
        QVERIFY(!s.cap_percent);
        ViewSettingsDialog dialog(s);
        QVERIFY(check_box(dialog, QStringLiteral("Automatic"))->isChecked());
        QVERIFY(!check_box(dialog, QStringLiteral("Cap percentages"))->isChecked());
    }

    void fieldsComeBackAsGiven()
    {
        const ViewSettings s = fixed_and_capped();
        ViewSettingsDialog dialog(s);
        const ViewSettings back = dialog.settings();
        QCOMPARE(back.y_auto, false);
        QCOMPARE(back.y_min, -5.0);
        QCOMPARE(back.y_max, 250.0);
        QCOMPARE(back.cap_percent, true);

        check_box(dialog, QStringLiteral("Cap percentages"))->setChecked(false);
        check_box(dialog, QStringLiteral("Automatic"))->setChecked(true);
        QVERIFY(!dialog.settings().cap_percent);
        QVERIFY(dialog.settings().y_auto);
    }

    void fixedAxisNeedsMaxAboveMin()
    {
        ViewSettingsDialog dialog(fixed_and_capped());
        QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        const auto spins = dialog.findChildren<QDoubleSpinBox*>();
        QDoubleSpinBox* max = nullptr;
        for (QDoubleSpinBox* spin : spins)
            if (spin->value() == 250.0)
                max = spin;
        QVERIFY(max);
        QVERIFY(ok->isEnabled());
        max->setValue(-10.0);
        QVERIFY(!ok->isEnabled());
        check_box(dialog, QStringLiteral("Automatic"))->setChecked(true);
        QVERIFY(ok->isEnabled());  // the limits are not used while automatic
    }

    void survivesACounterSet()
    {
        const ViewSettings s = fixed_and_capped();
        const ViewSettings back = from_core(to_core(s));
        QCOMPARE(back.y_auto, s.y_auto);
        QCOMPARE(back.y_min, s.y_min);
        QCOMPARE(back.y_max, s.y_max);
        QCOMPARE(back.cap_percent, s.cap_percent);
        QCOMPARE(back.title, s.title);
    }

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

    void theLimitsAreTheCounterSetsLimits()
    {
        // What the dialog accepts is what a counter set may hold: the bounds, not a value past them.
        ViewSettingsDialog dialog(ViewSettings{});
        auto* window = dialog.findChild<QLineEdit*>("timeWindow");
        auto* interval = dialog.findChild<QLineEdit*>("interval");
        const auto text = [](double seconds) { return QString::fromStdString(wpo::query::format_interval(seconds)); };
        double interval_s = 0, window_s = 0;
        QString error;
        interval->setText(text(perfscope::files::kMinIntervalS));
        window->setText(text(perfscope::files::kMaxWindowS));
        QVERIFY2(dialog.readTimes(&interval_s, &window_s, &error), qPrintable(error));
        QCOMPARE(interval_s, perfscope::files::kMinIntervalS);
        QCOMPARE(window_s, perfscope::files::kMaxWindowS);
        interval->setText(text(perfscope::files::kMaxIntervalS));
        window->setText(text(perfscope::files::kMinWindowS));
        QVERIFY2(dialog.readTimes(&interval_s, &window_s, &error), qPrintable(error));
        QCOMPARE(interval_s, perfscope::files::kMaxIntervalS);
        QCOMPARE(window_s, perfscope::files::kMinWindowS);
        window->setText(QString::number(perfscope::files::kMaxWindowS + 1, 'f', 0));
        QVERIFY(!dialog.readTimes(&interval_s, &window_s, &error));
        QVERIFY2(error.contains("Time window"), qPrintable(error));
        window->setText("0.5");
        QVERIFY(!dialog.readTimes(&interval_s, &window_s, &error));
        interval->setText(QString::number(perfscope::files::kMaxIntervalS + 1, 'f', 0));
        window->setText("60");
        QVERIFY(!dialog.readTimes(&interval_s, &window_s, &error));
        QVERIFY2(error.contains("Sample interval"), qPrintable(error));
        auto* capacity = dialog.findChild<QSpinBox*>();
        QVERIFY(capacity);
        QCOMPARE(capacity->minimum(), int(perfscope::files::kMinHistoryCapacity));
        QCOMPARE(capacity->maximum(), int(perfscope::files::kMaxHistoryCapacity));
        // Every kind, in the enum's order.
        auto* kinds = dialog.findChild<QComboBox*>();
        QVERIFY(kinds);
        QCOMPARE(kinds->count(), int(std::size(perfscope::files::kViewKinds)));
        for (int i = 0; i < kinds->count(); ++i)
            QCOMPARE(kinds->itemData(i).toInt(), int(perfscope::files::kViewKinds[i]));
    }
};

QTEST_MAIN(ViewSettingsDialogTest)
#include "view_settings_dialog_test.moc"
