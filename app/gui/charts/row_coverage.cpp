// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/row_coverage.h"

#include <algorithm>

namespace perfscope::gui {

void RowCoverage::reset(int top, int bottom)
{
    m_top = top;
    const auto rows = static_cast<size_t>(std::max(0, bottom - top + 1));
    // Rows keep their capacity from one paint to the next.
    for (auto& row : m_rows)
        row.clear();
    m_rows.resize(rows);
}

bool RowCoverage::covered(int row, int from, int to) const
{
    const int i = row - m_top;
    if (i < 0 || i >= static_cast<int>(m_rows.size()) || from > to)
        return false;
    const auto& spans = m_rows[static_cast<size_t>(i)];
    // The first interval that ends at or after `from` is the only one that can hold it.
    const auto it = std::lower_bound(spans.begin(), spans.end(), from,
                                     [](const std::pair<int, int>& s, int x) { return s.second < x; });
    return it != spans.end() && it->first <= from && to <= it->second;
}

void RowCoverage::cover(int row, int from, int to)
{
    const int i = row - m_top;
    if (i < 0 || i >= static_cast<int>(m_rows.size()) || from > to)
        return;
    auto& spans = m_rows[static_cast<size_t>(i)];
    // Intervals that overlap or touch [from, to] merge with it.
    auto first = std::lower_bound(spans.begin(), spans.end(), from,
                                  [](const std::pair<int, int>& s, int x) { return s.second + 1 < x; });
    auto last = first;
    while (last != spans.end() && last->first <= to + 1) {
        from = std::min(from, last->first);
        to = std::max(to, last->second);
        ++last;
    }
    if (first == last) {
        spans.insert(first, {from, to});
        return;
    }
    *first = {from, to};
    spans.erase(first + 1, last);
}

}  // namespace perfscope::gui
