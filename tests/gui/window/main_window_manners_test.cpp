// SPDX-License-Identifier: Apache-2.0
// The main window's manners: toolbar buttons with icons (the theme's, else
// the app's own SVGs) and short labels that fit the default window without
// an overflow menu; F1 opens the guide shipped in the app; the About box
// states the license; the title names the set or log; the status bar says
// the app's CPU use as a share of one core.
#include "../support/live_test_machine.h"
#include "gui/window/main_window.h"
#include "gui/window/user_guide_dialog.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;

class MainWindowMannersTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void init()
    {
        m_cache = std::make_unique<wpo::PerfObjectCache>();
        auto hub = SourceHub::create(std::make_unique<LiveTestMachine>(), m_cache.get());
        QVERIFY(hub);
        m_hub = std::move(*hub);
        m_window = std::make_unique<MainWindow>(*m_hub);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window.reset();
        m_hub.reset();
        m_cache.reset();
    }

    void toolbarHasIconsAndFitsTheDefaultWindow()
    {
        // The size a first start opens with (no saved geometry).
        QCOMPARE(m_window->size(), QSize(1100, 700));
        auto* bar = m_window->findChild<QToolBar*>("mainToolBar");
        QVERIFY(bar);
        QCOMPARE(bar->toolButtonStyle(), Qt::ToolButtonTextUnderIcon);
        QVERIFY(bar->actions().size() >= 12);
        for (QAction* a : bar->actions()) {
            if (a->isSeparator())
                continue;
            QVERIFY2(!a->icon().pixmap(22, 22).isNull(), qPrintable(a->text()));
            QVERIFY2(!a->iconText().isEmpty() && a->iconText().size() <= 12, qPrintable(a->iconText()));
        }
        QApplication::processEvents();
        auto* overflow = bar->findChild<QToolButton*>("qt_toolbar_ext_button");
        QVERIFY(!overflow || !overflow->isVisible());
        // Every button is inside the bar.
        for (QAction* a : bar->actions())
            if (QWidget* button = bar->widgetForAction(a); button && !a->isSeparator())
                QVERIFY2(button->isVisible() && bar->rect().contains(button->geometry()), qPrintable(a->text()));
    }

    void everyIconHasTheAppsOwnFallback()
    {
        for (const char* name : {"window-new",
                                 "window-close",
                                 "application-exit",
                                 "document-open",
                                 "document-save",
                                 "document-save-as",
                                 "document-open-recent",
                                 "document-export",
                                 "edit-copy",
                                 "list-add",
                                 "list-remove",
                                 "format-text-bold",
                                 "edit-clear",
                                 "media-playback-pause",
                                 "view-statistics",
                                 "zoom-original",
                                 "view-grid",
                                 "document-properties",
                                 "help-contents",
                                 "help-about",
                                 "edit-undo",
                                 "edit-redo"}) {
            const QString path = QStringLiteral(":/perfscope/icons/%1.svg").arg(QLatin1String(name));
            QVERIFY2(QFile::exists(path), name);
            QVERIFY2(!QIcon(path).pixmap(22, 22).isNull(), name);
        }
    }

    void f1OpensTheGuide()
    {
        QAction* guide = m_window->action("userGuide");
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(Qt::Key_F1));
        QVERIFY(m_window->action("closeView")->shortcuts().contains(QKeySequence("Ctrl+W")));
        guide->trigger();
        auto* dialog = m_window->findChild<UserGuideDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        const QString text = dialog->browser().toPlainText();
        QVERIFY2(text.startsWith("Perfscope guide"), qPrintable(text.left(80)));
        // Markdown rendered, not shown as source.
        QVERIFY(!text.contains("## "));
        QVERIFY(!text.contains("**"));
        // The guide names every key the window has; for the desktop's standard
        // keys, one the platform binds.
        const QHash<QString, QKeySequence::StandardKey> standard = {
            {"newView", QKeySequence::New},  {"closeView", QKeySequence::Close}, {"openSet", QKeySequence::Open},
            {"saveSet", QKeySequence::Save}, {"delete", QKeySequence::Delete},   {"undo", QKeySequence::Undo}};
        for (const char* name : {"newView",    "closeView",   "quit",      "addCounters",     "delete",    "undo",
                                 "highlight",  "clear",       "freeze",    "changeGraphType", "zoomReset", "tile",
                                 "properties", "showBrowser", "userGuide", "openSet",         "saveSet",   "saveSetAs",
                                 "openLog",    "export",      "copyGraph"}) {
            QList<QKeySequence> keys = m_window->action(name)->shortcuts();
            if (standard.contains(name))
                keys += QKeySequence::keyBindings(standard.value(name));
            const bool named = std::any_of(keys.cbegin(), keys.cend(), [&](const QKeySequence& key) {
                return text.contains(key.toString(QKeySequence::PortableText));
            });
            QVERIFY2(named, qPrintable(QStringLiteral("%1: %2").arg(name, keys.front().toString())));
        }
        // A second F1 raises the same guide.
        guide->trigger();
        QCOMPARE(m_window->findChildren<UserGuideDialog*>().size(), 1);
    }

    void aboutStatesTheLicense()
    {
        QString shown;
        QTimer::singleShot(0, this, [&shown] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shown = box->text();
                box->accept();
            }
        });
        m_window->action("about")->trigger();
        QVERIFY2(shown.contains("GPL-3.0-or-later"), qPrintable(shown));
        QVERIFY2(shown.contains("Apache License 2.0"), qPrintable(shown));
        QVERIFY(shown.contains("Qt Charts"));
    }

    void titleNamesTheSetOrLog()
    {
        QCOMPARE(m_window->windowTitle(), QString("Perfscope"));
        QTemporaryDir dir;
        const QString set = dir.filePath("cpu.json");
        m_window->addView({.title = "CPU"});
        QString error;
        QVERIFY2(m_window->saveCounterSet(set, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->windowTitle(), QString::fromUtf8("cpu.json \u2014 Perfscope"), 3000);

        const QString log = dir.filePath("disk.csv");
        QFile f(log);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\\\\\HOST\\\\Memory\\\\Available Bytes\"\r\n"
                "\"01/02/2024 10:00:00.000\",\"100\"\r\n");
        f.close();
        m_window->openLog(log);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->windowTitle(), QString::fromUtf8("disk.csv \u2014 Perfscope"), 3000);
        // Back on the set's view: the set's name again.
        m_window->setCurrentView(0);
        QCOMPARE(m_window->windowTitle(), QString::fromUtf8("cpu.json \u2014 Perfscope"));
    }

    void statusBarSaysTheShareOfOneCore()
    {
        m_window->updateStatus();
        QVERIFY2(m_window->statusText().contains(QRegularExpression("Perfscope: \\d+\\.\\d % of one core")),
                 qPrintable(m_window->statusText()));
    }

private:
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(MainWindowMannersTest)
#include "main_window_manners_test.moc"
