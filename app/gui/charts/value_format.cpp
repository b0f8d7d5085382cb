// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/value_format.h"

#include "format/counter_type.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace perfscope::gui {

namespace {

namespace ct = wpo::counter_type;

int digits_of(ValueDetail detail)
{
    return detail == ValueDetail::compact ? 3 : 4;
}

// At most this many decimals while they show a digit other than 0: a small
// value gives up significant digits first ("0.071 %", not "0.07141 %", which
// the legend's value columns cut to "0.0714…"), as PerfMon shows three
// decimals. Below 0.001 three decimals would read 0, so such a value keeps
// its significant digits ("0.0004").
constexpr int kMaxDecimals = 3;

// `value` with `digits` significant digits (and at most kMaxDecimals while
// they suffice), trailing zeros of the fraction dropped ("1.20" reads as
// more precise than the value is rounded to).
QString significant(double value, int digits, const QLocale& locale)
{
    const double rounded = roundSignificant(value, digits);
    if (rounded == 0.0)
        return locale.toString(0);
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(rounded))));
    int decimals = std::clamp(digits - 1 - magnitude, 0, 15);
    const bool capped = decimals > kMaxDecimals && magnitude >= -kMaxDecimals;
    if (capped)
        decimals = kMaxDecimals;
    // Capped, the value itself is rounded, once, by toString: 0.07149 reads
    // 0.071, not 0.0715 rounded again to 0.072.
    QString text = locale.toString(capped ? value : rounded, 'f', decimals);
    if (decimals > 0) {
        const QString point = locale.decimalPoint();
        const qsizetype at = text.lastIndexOf(point);
        if (at >= 0) {
            qsizetype end = text.size();
            while (end > at + point.size() && text.at(end - 1) == locale.zeroDigit().at(0))
                --end;
            if (end == at + point.size())
                end = at;
            text.truncate(end);
        }
    }
    return text;
}

struct Prefix {
    double factor;
    const char* name;
};

constexpr std::array<Prefix, 6> kBinary{{{1.0, "B"},
                                         {1024.0, "KiB"},
                                         {1048576.0, "MiB"},
                                         {1073741824.0, "GiB"},
                                         {1099511627776.0, "TiB"},
                                         {1125899906842624.0, "PiB"}}};
constexpr std::array<Prefix, 6> kDecimal{{{1.0, ""}, {1e3, "k"}, {1e6, "M"}, {1e9, "G"}, {1e12, "T"}, {1e15, "P"}}};

// The largest prefix at or below |value| (the first for |value| < 1).
template <std::size_t N>
std::size_t prefix_for(double value, const std::array<Prefix, N>& prefixes)
{
    std::size_t k = 0;
    while (k + 1 < N && std::abs(value) >= prefixes[k + 1].factor)
        ++k;
    return k;
}

QString with_unit(const QString& number, const QString& unit)
{
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

QString bytes_text(double value, int digits, const QLocale& locale)
{
    std::size_t k = prefix_for(value, kBinary);
    double mantissa = roundSignificant(value / kBinary[k].factor, digits);
    // 1023.99 KiB at 4 digits rounds to 1024 KiB: that is 1 MiB.
    if (std::abs(mantissa) >= 1024.0 && k + 1 < kBinary.size()) {
        ++k;
        mantissa = roundSignificant(value / kBinary[k].factor, digits);
    }
    return with_unit(significant(mantissa, digits, locale), QString::fromLatin1(kBinary[k].name));
}

QString count_text(double value, ValueDetail detail, const QLocale& locale)
{
    const int digits = digits_of(detail);
    const double magnitude = std::abs(value);
    if (magnitude != 0.0 && magnitude < 1e-3)
        return locale.toString(value, 'g', digits);
    if (detail == ValueDetail::table) {
        if (magnitude >= 1000.0)
            return locale.toString(std::round(value), 'f', 0);
        return significant(value, digits, locale);
    }
    // Compact: up to four integer digits in full, then decimal prefixes.
    const double rounded = roundSignificant(value, digits);
    if (std::abs(rounded) < 1e4)
        return significant(value, digits, locale);
    std::size_t k = prefix_for(rounded, kDecimal);
    double mantissa = roundSignificant(value / kDecimal[k].factor, digits);
    if (std::abs(mantissa) >= 1000.0 && k + 1 < kDecimal.size())
        mantissa = roundSignificant(value / kDecimal[++k].factor, digits);
    return with_unit(significant(mantissa, digits, locale), QString::fromLatin1(kDecimal[k].name));
}

QString seconds_text(double value, int digits, const QLocale& locale)
{
    struct Span {
        double seconds;
        const char* name;
    };
    static constexpr std::array<Span, 7> kSpans{
        {{1e-6, "µs"}, {1e-3, "ms"}, {1.0, "s"}, {60.0, "min"}, {3600.0, "h"}, {86400.0, "d"}, {1e300, ""}}};
    const double rounded = roundSignificant(value, digits);
    if (rounded == 0.0)
        return with_unit(locale.toString(0), QStringLiteral("s"));
    std::size_t k = 0;
    while (k + 2 < kSpans.size() && std::abs(rounded) >= kSpans[k + 1].seconds)
        ++k;
    const double mantissa = roundSignificant(value / kSpans[k].seconds, digits);
    return with_unit(significant(mantissa, digits, locale), QString::fromUtf8(kSpans[k].name));
}

bool ends_with(const QString& text, const char* tail)
{
    return text.endsWith(QLatin1String(tail), Qt::CaseInsensitive);
}

bool contains(const QString& text, const char* part)
{
    return text.contains(QLatin1String(part), Qt::CaseInsensitive);
}

}  // namespace

double roundSignificant(double value, int digits)
{
    if (value == 0.0 || !std::isfinite(value) || digits < 1)
        return value;
    // Through the shortest decimal text: 9.995 at 3 digits rounds up as a
    // person rounds it, and 0.1 stays the double nearest 0.1.
    return QString::number(value, 'e', digits - 1).toDouble();
}

QString formatScaleFactor(int exponent)
{
    if (exponent < -3 || exponent > 3)
        return QStringLiteral("10^%1").arg(exponent);
    if (exponent >= 0)
        return QLatin1Char('1') + QString(exponent, QLatin1Char('0'));
    return QStringLiteral("0.") + QString(-exponent - 1, QLatin1Char('0')) + QLatin1Char('1');
}

ValueUnit unitOf(const QString& counter, std::optional<std::uint32_t> counter_type)
{
    const QString name = counter.trimmed();
    if (counter_type) {
        switch (*counter_type & ct::kDisplayMask) {
        case ct::kDisplayPercent: return ValueUnit::percent;
        case ct::kDisplaySeconds: return ValueUnit::seconds;
        case ct::kDisplayPerSec: return contains(name, "Bytes") ? ValueUnit::bytes_per_second : ValueUnit::per_second;
        default: break;
        }
    }
    if (name.startsWith(QLatin1Char('%')) || name.endsWith(QLatin1Char('%')))
        return ValueUnit::percent;
    if (contains(name, "Bytes/s"))
        return ValueUnit::bytes_per_second;
    if (ends_with(name, "/sec") || ends_with(name, "/s") || ends_with(name, " per second"))
        return ValueUnit::per_second;
    // Avg. Disk sec/Read, Elapsed Time.
    if (name.startsWith(QLatin1String("Avg. Disk sec/"), Qt::CaseInsensitive) ||
        name.compare(QLatin1String("Elapsed Time"), Qt::CaseInsensitive) == 0)
        return ValueUnit::seconds;
    // Counts of kilobytes and megabytes (Available KBytes, Available MBytes,
    // Free Megabytes) are numbers in their own unit, not bytes.
    if (contains(name, "KBytes") || contains(name, "MBytes") || contains(name, "Kilobytes") ||
        contains(name, "Megabytes"))
        return ValueUnit::none;
    if (contains(name, "Bytes") || name.startsWith(QLatin1String("Working Set"), Qt::CaseInsensitive))
        return ValueUnit::bytes;
    // Byte counts whose names do not say so (Memory, Process Memory Detail).
    static const char* const kByteCounters[] = {"Commit Limit", "Rss",           "Pss",           "Shared Clean",
                                                "Shared Dirty", "Private Clean", "Private Dirty", "Swap"};
    for (const char* known : kByteCounters)
        if (name.compare(QLatin1String(known), Qt::CaseInsensitive) == 0)
            return ValueUnit::bytes;
    return ValueUnit::none;
}

QString formatValue(double value, ValueUnit unit, ValueDetail detail, const QLocale& locale)
{
    if (std::isnan(value))
        return QStringLiteral("—");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    const int digits = digits_of(detail);
    switch (unit) {
    case ValueUnit::percent: return with_unit(significant(value, digits, locale), QStringLiteral("%"));
    case ValueUnit::bytes: return bytes_text(value, digits, locale);
    case ValueUnit::bytes_per_second: return bytes_text(value, digits, locale) + QStringLiteral("/s");
    case ValueUnit::per_second: {
        // "12.3 /s", but "1.23 k/s" after a prefix.
        const QString count = count_text(value, detail, locale);
        return count + (count.back().isDigit() ? QStringLiteral(" /s") : QStringLiteral("/s"));
    }
    case ValueUnit::seconds: return seconds_text(value, digits, locale);
    case ValueUnit::none: break;
    }
    return count_text(value, detail, locale);
}

AxisScale axisScale(double lo, double hi, ValueUnit unit, int target_ticks)
{
    AxisScale scale;
    const double largest = std::max(std::abs(lo), std::abs(hi));
    QString suffix;
    switch (unit) {
    case ValueUnit::bytes:
    case ValueUnit::bytes_per_second: {
        const std::size_t k = prefix_for(largest, kBinary);
        scale.divisor = kBinary[k].factor;
        suffix = QString::fromLatin1(kBinary[k].name);
        if (unit == ValueUnit::bytes_per_second)
            suffix += QStringLiteral("/s");
        break;
    }
    case ValueUnit::percent: suffix = QStringLiteral("%"); break;
    case ValueUnit::none:
    case ValueUnit::per_second: {
        // Large counts in decimal prefixes, so the axis never reads 1e+10.
        if (largest >= 1e4) {
            const std::size_t k = prefix_for(largest, kDecimal);
            scale.divisor = kDecimal[k].factor;
            suffix = QString::fromLatin1(kDecimal[k].name);
        }
        if (unit == ValueUnit::per_second)
            suffix += QStringLiteral("/s");
        break;
    }
    case ValueUnit::seconds: suffix = QStringLiteral("s"); break;
    }
    scale.suffix = suffix.isEmpty() ? QString() : QLatin1Char(' ') + suffix;
    const NiceRange r = niceRange(lo / scale.divisor, hi / scale.divisor, target_ticks);
    scale.range = {r.min * scale.divisor, r.max * scale.divisor, r.ticks};
    return scale;
}

AxisScale dataAxisScale(double y_min, double y_max, ValueUnit unit, int target_ticks)
{
    if (!(y_min <= y_max))
        return axisScale(0.0, 100.0, unit, target_ticks);
    if (unit == ValueUnit::percent && y_min >= 0.0 && y_max <= 100.0)
        return {{0.0, 100.0, 6}, 1.0, QStringLiteral(" %")};
    const double lo = std::min(0.0, y_min);
    double hi = y_max > lo ? y_max : lo + 1.0;
    hi += (hi - lo) * 0.05;
    return axisScale(lo, hi, unit, target_ticks);
}

}  // namespace perfscope::gui
