// SPDX-License-Identifier: Apache-2.0
// A save dialog's answer gets the selected filter's extension when the typed
// name has none of the dialog's extensions; the expected paths are the typed
// path plus the filter's first pattern without its '*'.
#include "files/dialog_path.h"

#include <gtest/gtest.h>

namespace perfscope::files {
namespace {

const std::string kExport = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;PDH-CSV data (*.csv)";
const std::string kSets = "Counter sets (*.json);;All files (*)";

TEST(DialogPath, FilterExtensions)
{
    EXPECT_EQ(filter_extensions("PNG image (*.png)"), (std::vector<std::string>{".png"}));
    EXPECT_EQ(filter_extensions("Logs (*.csv *.TSV)"), (std::vector<std::string>{".csv", ".tsv"}));
    EXPECT_TRUE(filter_extensions("All files (*)").empty());
    EXPECT_TRUE(filter_extensions("Data (data-*.csv)").empty());
    EXPECT_TRUE(filter_extensions("no patterns").empty());
    EXPECT_TRUE(filter_extensions("").empty());
}

TEST(DialogPath, AppendsTheSelectedFiltersExtension)
{
    // Each export filter: the first pattern's extension, "*" cut off.
    for (const std::string filter :
         {"PNG image (*.png)", "SVG drawing (*.svg)", "PDF document (*.pdf)", "PDH-CSV data (*.csv)"}) {
        const std::string extension = filter.substr(filter.find("*.") + 1, 4);
        EXPECT_EQ(path_with_filter_extension("/home/u/cpu", filter, kExport), "/home/u/cpu" + extension);
        // A name with a dot that is no extension of the dialog's.
        EXPECT_EQ(path_with_filter_extension("/home/u/cpu.2026-11-25", filter, kExport),
                  "/home/u/cpu.2026-11-25" + extension);
        EXPECT_EQ(path_with_filter_extension("/home/u/cpu.", filter, kExport), "/home/u/cpu" + extension);
    }
    EXPECT_EQ(path_with_filter_extension("/home/u/my.sets/web", "Counter sets (*.json)", kSets),
              "/home/u/my.sets/web.json");
    EXPECT_EQ(path_with_filter_extension(".profile", "Counter sets (*.json)", kSets), ".profile.json");
    EXPECT_EQ(path_with_filter_extension("C:\\Users\\u\\web", "Counter sets (*.json)", kSets),
              "C:\\Users\\u\\web.json");
}

TEST(DialogPath, KeepsWhatTheUserTyped)
{
    // An extension of any of the dialog's filters, in any case.
    EXPECT_EQ(path_with_filter_extension("/t/cpu.svg", "PNG image (*.png)", kExport), "/t/cpu.svg");
    EXPECT_EQ(path_with_filter_extension("/t/cpu.PNG", "PNG image (*.png)", kExport), "/t/cpu.PNG");
    EXPECT_EQ(path_with_filter_extension("/t/web.json", "Counter sets (*.json)", kSets), "/t/web.json");
    // "All files": as typed.
    EXPECT_EQ(path_with_filter_extension("/t/web", "All files (*)", kSets), "/t/web");
    EXPECT_EQ(path_with_filter_extension("", "PNG image (*.png)", kExport), "");
    EXPECT_EQ(path_with_filter_extension("/t/dir/", "PNG image (*.png)", kExport), "/t/dir/");
}

}  // namespace
}  // namespace perfscope::files
