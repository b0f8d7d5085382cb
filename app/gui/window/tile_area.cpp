// SPDX-License-Identifier: Apache-2.0
#include "gui/window/tile_area.h"

#include <QGridLayout>
#include <QResizeEvent>

#include <algorithm>

namespace perfscope::gui {

TileArea::TileArea(QWidget* parent) : QScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
    m_inner = new QWidget;
    m_grid = new QGridLayout(m_inner);
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);
    setWidget(m_inner);
}

int TileArea::columnsFor(int count, QSize area)
{
    if (count <= 1)
        return 1;
    const double width = std::max(1, area.width());
    const double height = std::max(1, area.height());
    int best = 1;
    double best_side = -1.0;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        // The side of the largest 4:3 box that fits one cell.
        const double side = std::min(width / columns / 4.0, height / rows / 3.0);
        if (side > best_side + 1e-9) {
            best_side = side;
            best = columns;
        }
    }
    return best;
}

void TileArea::setTiles(const QVector<QWidget*>& tiles)
{
    releaseTiles();
    for (QWidget* tile : tiles) {
        // An explicit minimum takes the place of the tile's own (larger) hint.
        tile->setMinimumSize(kMinTileWidth, kMinTileHeight);
        tile->setParent(m_inner);
        m_tiles.push_back(tile);
    }
    arrange(true);
    for (QWidget* tile : tiles)
        tile->show();
}

void TileArea::releaseTiles()
{
    for (const QPointer<QWidget>& tile : m_tiles) {
        if (!tile)
            continue;
        m_grid->removeWidget(tile);
        tile->setMinimumSize(0, 0);
    }
    m_tiles.clear();
    m_columns = 0;
}

void TileArea::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    arrange(false);
}

void TileArea::arrange(bool force)
{
    m_tiles.removeAll(QPointer<QWidget>());
    const int count = static_cast<int>(m_tiles.size());
    const int columns = columnsFor(count, viewport()->size());
    if (!force && columns == m_columns)
        return;
    m_columns = columns;
    for (const QPointer<QWidget>& tile : m_tiles)
        m_grid->removeWidget(tile);
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, 0);
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);
    for (int i = 0; i < count; ++i)
        m_grid->addWidget(m_tiles[i], i / columns, i % columns);
    // Equal cells, however much each tile's content would like.
    const int rows = (count + columns - 1) / std::max(columns, 1);
    for (int c = 0; c < columns; ++c)
        m_grid->setColumnStretch(c, 1);
    for (int r = 0; r < rows; ++r)
        m_grid->setRowStretch(r, 1);
}

}  // namespace perfscope::gui
