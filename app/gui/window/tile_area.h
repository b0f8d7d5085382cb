// SPDX-License-Identifier: Apache-2.0
// The views shown side by side: a grid whose column count follows the
// window's shape (the tiles as large and as close to 4:3 as the area allows),
// inside a scroll area so that no number of tiles ever asks the window for
// more room than the screen has: below kMinTile a tile stops shrinking and the
// grid scrolls instead.
#pragma once

#include <QPointer>
#include <QScrollArea>
#include <QVector>

class QGridLayout;

namespace perfscope::gui {

class TileArea : public QScrollArea {
    Q_OBJECT
public:
    static constexpr int kMinTileWidth = 220;
    static constexpr int kMinTileHeight = 160;

    explicit TileArea(QWidget* parent = nullptr);

    // Takes these widgets into the grid, in order (reparenting them).
    void setTiles(const QVector<QWidget*>& tiles);
    // Lets every tile go (their minimum sizes restored); the caller reparents them.
    void releaseTiles();
    int columns() const { return m_columns; }

    // Columns for `count` tiles in `area`: the one giving the largest 4:3 tile.
    static int columnsFor(int count, QSize area);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrange(bool force);

    QWidget* m_inner = nullptr;
    QGridLayout* m_grid = nullptr;
    QVector<QPointer<QWidget>> m_tiles;
    int m_columns = 0;
};

}  // namespace perfscope::gui
