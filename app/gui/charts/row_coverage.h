// SPDX-License-Identifier: Apache-2.0
// Which pixel columns of each pixel row a horizontal run of a line already
// covers, so that a run lying under it on the same row need not be drawn.
// PlotLinesItem plans its lines from the top one down (the selected line,
// then the last row to the first) and draws only what is not covered: a
// view over every process has hundreds of idle processes on the same row
// (0 %, an unchanged working set), and drawing each of them costs its
// length in pixels although only the top one can be seen.
#pragma once

#include <QtGlobal>

#include <utility>
#include <vector>

namespace perfscope::gui {

class RowCoverage {
public:
    // Forgets everything; rows from `top` to `bottom` (pixel rows of the plot
    // area) are tracked, others are never covered.
    void reset(int top, int bottom);
    // Whether columns [from, to] of `row` are all covered already.
    bool covered(int row, int from, int to) const;
    // Marks columns [from, to] of `row` covered.
    void cover(int row, int from, int to);

private:
    // Per row, disjoint column intervals in ascending order, never adjacent
    // (touching intervals are merged).
    std::vector<std::vector<std::pair<int, int>>> m_rows;
    int m_top = 0;
};

}  // namespace perfscope::gui
