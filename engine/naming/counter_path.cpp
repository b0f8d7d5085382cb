// SPDX-License-Identifier: Apache-2.0
#include "naming/counter_path.h"

#include <charconv>

namespace wpo {
namespace {

Error bad(std::string_view text, const std::string& why)
{
    return Error(Errc::invalid_argument, "counter path \"" + std::string(text) + "\": " + why);
}

}  // namespace

Result<CounterPath> CounterPath::parse(std::string_view text)
{
    CounterPath path;
    std::string_view rest = text;
    if (rest.starts_with("\\\\")) {
        rest.remove_prefix(2);
        const auto slash = rest.find('\\');
        if (slash == std::string_view::npos || slash == 0)
            return bad(text, "a machine name must be followed by \\Object\\Counter");
        path.machine = rest.substr(0, slash);
        rest.remove_prefix(slash);
    }
    if (!rest.starts_with('\\'))
        return bad(text, "must start with \\Object or \\\\Machine");
    rest.remove_prefix(1);
    const auto last = rest.rfind('\\');
    if (last == std::string_view::npos)
        return bad(text, "no counter after the object (expected \\Object\\Counter)");
    std::string_view object = rest.substr(0, last);
    const std::string_view counter = rest.substr(last + 1);
    if (counter.empty())
        return bad(text, "the counter name is empty");
    path.wildcard_counter = counter == "*";
    path.counter = counter;

    if (!object.empty() && object.back() == ')') {
        const auto open = object.find('(');
        if (open == std::string_view::npos)
            return bad(text, "')' without '(' in the object part");
        std::string_view instance = object.substr(open + 1, object.size() - open - 2);
        object = object.substr(0, open);
        path.has_instance = true;
        if (instance.empty())
            return bad(text, "the instance between the parentheses is empty");
        if (instance == "*") {
            path.wildcard_instance = true;
        } else {
            if (const auto hash = instance.rfind('#'); hash != std::string_view::npos && hash + 1 < instance.size()) {
                const std::string_view digits = instance.substr(hash + 1);
                std::uint32_t n = 0;
                auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
                if (ec == std::errc() && end == digits.data() + digits.size()) {
                    path.index = n;
                    instance = instance.substr(0, hash);
                }
            }
            // "Parent/Instance"; a leading '/' belongs to the name (LogicalDisk "/boot").
            if (const auto slash = instance.find('/'); slash != std::string_view::npos && slash > 0) {
                path.parent = instance.substr(0, slash);
                instance = instance.substr(slash + 1);
            }
            if (instance.empty())
                return bad(text, "the instance name is empty");
            path.wildcard_instance = instance == "*";
            if (path.wildcard_instance && path.index)
                return bad(text, "a wildcard instance takes no #index");
            path.instance = instance;
        }
    } else if (object.find('(') != std::string_view::npos) {
        return bad(text, "'(' without a closing ')' before the counter");
    }
    if (object.empty())
        return bad(text, "the object name is empty");
    if (object.find('\\') != std::string_view::npos)
        return bad(text, "the object name contains '\\'");
    path.object = object;
    return path;
}

std::string CounterPath::instance_text() const
{
    if (!has_instance)
        return {};
    if (wildcard_instance && parent.empty())
        return "*";
    std::string text = parent.empty() ? instance : parent + "/" + instance;
    if (index)
        text += "#" + std::to_string(*index);
    return text;
}

std::string CounterPath::to_string() const
{
    std::string text = "\\" + object;
    if (has_instance)
        text += "(" + instance_text() + ")";
    return text + "\\" + counter;
}

}  // namespace wpo
