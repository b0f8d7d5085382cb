#include "placeholder_view_widget.h"

#include <QHeaderView>

namespace perfscope::gui {

PlaceholderViewWidget::PlaceholderViewWidget(ViewData* data, QWidget* parent) : QTableWidget(parent), m_data(data)
{
    setColumnCount(3);
    setHorizontalHeaderLabels({tr("Counter"), tr("Instance"), tr("Last")});
    horizontalHeader()->setStretchLastSection(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(m_data, &ViewData::appended, this, &PlaceholderViewWidget::refresh);
    connect(m_data, &ViewData::seriesAdded, this, &PlaceholderViewWidget::refresh);
    connect(m_data, &ViewData::seriesRemoved, this, &PlaceholderViewWidget::refresh);
}

void PlaceholderViewWidget::setFrozen(bool frozen)
{
    m_frozen = frozen;
    if (!frozen)
        refresh();
}

void PlaceholderViewWidget::clearData()
{
    m_data->clear();
    refresh();
}

int PlaceholderViewWidget::selectedRow() const
{
    const auto rows = selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void PlaceholderViewWidget::removeSelected()
{
    const int row = selectedRow();
    if (row >= 0 && row < m_data->seriesCount())
        m_data->removeSeries(row);
}

void PlaceholderViewWidget::highlightSelected(bool on)
{
    QFont font = this->font();
    font.setBold(on);
    const int row = selectedRow();
    for (int c = 0; row >= 0 && c < columnCount(); ++c)
        if (QTableWidgetItem* cell = item(row, c))
            cell->setFont(font);
}

void PlaceholderViewWidget::refresh()
{
    if (m_frozen)
        return;
    setRowCount(m_data->seriesCount());
    for (int row = 0; row < m_data->seriesCount(); ++row) {
        const ViewSeries& s = m_data->series(row);
        auto set = [&](int column, const QString& text) {
            QTableWidgetItem* cell = item(row, column);
            if (!cell) {
                cell = new QTableWidgetItem;
                setItem(row, column, cell);
            }
            if (cell->text() != text)
                cell->setText(text);
            cell->setForeground(column == 0 ? s.color : palette().text().color());
        };
        set(0, s.info.counter);
        set(1, s.ended ? s.info.instance + tr(" (ended)") : s.info.instance);
        const bool has = !s.history.isEmpty() && s.history.validAt(s.history.size() - 1);
        set(2, has ? QString::number(s.history.valueAt(s.history.size() - 1) * s.scaleFactor(), 'g', 6) : QString());
    }
}

}  // namespace perfscope::gui
