// SPDX-License-Identifier: Apache-2.0
// The RowPlot of every row of a view, in row order. Each lives on the heap
// and stays where it is: a view of thousands of processes inserts and
// removes rows every second, and moving every later row's decimated columns
// on each removal cost more than all the drawing.
#pragma once

#include "gui/charts/row_plot.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace perfscope::gui {

class RowPlots {
public:
    template <typename Base, typename Value>
    class Iterator {
    public:
        explicit Iterator(Base it) : m_it(it) {}
        Value& operator*() const { return **m_it; }
        Iterator& operator++()
        {
            ++m_it;
            return *this;
        }
        bool operator==(const Iterator& other) const { return m_it == other.m_it; }

    private:
        Base m_it;
    };
    using Plots = std::vector<std::unique_ptr<RowPlot>>;
    using iterator = Iterator<Plots::iterator, RowPlot>;
    using const_iterator = Iterator<Plots::const_iterator, const RowPlot>;

    size_t size() const { return m_plots.size(); }
    RowPlot& operator[](size_t row) { return *m_plots[row]; }
    const RowPlot& operator[](size_t row) const { return *m_plots[row]; }
    void insert(size_t row)
    {
        m_plots.insert(m_plots.begin() + static_cast<std::ptrdiff_t>(row), std::make_unique<RowPlot>());
    }
    void erase(size_t row) { m_plots.erase(m_plots.begin() + static_cast<std::ptrdiff_t>(row)); }

    iterator begin() { return iterator(m_plots.begin()); }
    iterator end() { return iterator(m_plots.end()); }
    const_iterator begin() const { return const_iterator(m_plots.begin()); }
    const_iterator end() const { return const_iterator(m_plots.end()); }

private:
    Plots m_plots;
};

}  // namespace perfscope::gui
