// SPDX-License-Identifier: Apache-2.0
// The path a save dialog's answer stands for. A user who types "cpu" with the
// filter "PNG image (*.png)" selected means cpu.png: the file dialogs do not
// add the extension themselves, and a file without it is refused by the
// exporter or hidden by the Open dialog's filter.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfscope::files {

// The extensions a dialog filter names, with their dot and in lower case:
// "Logs (*.csv *.TSV)" -> {".csv", ".tsv"}; "All files (*)" -> {}.
std::vector<std::string> filter_extensions(std::string_view filter);

// `path` with the first extension of `selected_filter` appended when its file
// name has none of the extensions any of `filters` (Qt's ";;"-separated list)
// names: "cpu" -> "cpu.png", "cpu.2026" -> "cpu.2026.png", "cpu.svg" and
// "cpu.PNG" stay. A selected filter without an extension ("All files (*)")
// keeps the path as typed.
std::string path_with_filter_extension(std::string_view path, std::string_view selected_filter,
                                       std::string_view filters);

}  // namespace perfscope::files
