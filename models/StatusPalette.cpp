#include "StatusPalette.h"

#include <QGuiApplication>

namespace {
// A colour in two shades: for text on a light base (Tailwind 700s, readable on white) and on a
// dark base (the 400s of the same hue).
struct Shades
{
    QRgb onLight;
    QRgb onDark;
};

QColor pick(const Shades& s, const QPalette& palette)
{
    return QColor::fromRgb(StatusPalette::isDark(palette) ? s.onDark : s.onLight);
}

constexpr Shades kBlue{0x2563eb, 0x60a5fa};
constexpr Shades kAmber{0xd97706, 0xfbbf24};
constexpr Shades kAmberText{0xb45309, 0xfbbf24};
constexpr Shades kGreen{0x15803d, 0x4ade80};
constexpr Shades kRed{0xb91c1c, 0xf87171};
constexpr Shades kRose{0x9d174d, 0xf472b6};
constexpr Shades kGrey{0x6b7280, 0x9ca3af};
constexpr Shades kPaleGrey{0x9ca3af, 0x6b7280};

Shades statusShades(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open:
        return kBlue; // still in the tool's hands
    case OperationStatus::Unknown:
        return kAmber; // needs a person
    case OperationStatus::Refunded:
        return kGreen;
    case OperationStatus::Failed:
        return kRed;
    case OperationStatus::Reversed:
        return kRose; // confirmed, then failed
    }
    return kGrey;
}

Shades toneShades(StatusPalette::Tone tone)
{
    switch (tone) {
    case StatusPalette::Tone::Info:
        return kBlue;
    case StatusPalette::Tone::Success:
        return kGreen;
    case StatusPalette::Tone::Warning:
        return kAmberText;
    case StatusPalette::Tone::Danger:
        return kRed;
    case StatusPalette::Tone::Muted:
        return kPaleGrey;
    }
    return kGrey;
}
} // namespace

QPalette StatusPalette::applicationPalette()
{
    if (qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return QGuiApplication::palette();
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    return light;
}

bool StatusPalette::isDark(const QPalette& palette)
{
    // Dark when text is lighter than the base it is drawn on. Judged by both: a view with
    // "background: transparent" (the navigation) hands its delegate black Base and black Text.
    const QColor base = palette.color(QPalette::Base);
    const int baseLightness = base.alpha() >= 128 ? base.lightness() : 128;
    return palette.color(QPalette::Text).lightness() > baseLightness;
}

QColor StatusPalette::statusColor(OperationStatus status, const QPalette& palette)
{
    return pick(statusShades(status), palette);
}

QColor StatusPalette::statusForeground(OperationStatus status, const QPalette& palette)
{
    const QColor c = statusColor(status, palette);
    return isDark(palette) ? c : c.darker(115);
}

QColor StatusPalette::statusBackground(OperationStatus status, const QPalette& palette)
{
    const QColor c = statusColor(status, palette);
    return isDark(palette) ? c.darker(300) : c.lighter(185);
}

QColor StatusPalette::urgencyColor(OperationFormat::Urgency urgency, const QPalette& palette)
{
    using U = OperationFormat::Urgency;
    switch (urgency) {
    case U::Expired:
        return pick(kGrey, palette); // nothing can be sent any more
    case U::Critical:
        return pick(kRed, palette);
    case U::Soon:
        return pick(kAmberText, palette);
    case U::Normal:
    case U::None:
        break;
    }
    return {};
}

QColor StatusPalette::proposalColor(ResolutionPolicy::Proposal::Kind kind, const QPalette& palette)
{
    using K = ResolutionPolicy::Proposal::Kind;
    switch (kind) {
    case K::Refunded:
        return toneForeground(Tone::Success, palette);
    case K::Failed:
        return toneForeground(Tone::Danger, palette);
    case K::NeedsPerson:
    case K::Incomplete:
        return toneForeground(Tone::Warning, palette);
    case K::KeepWaiting:
    case K::NotUnknown:
        break;
    }
    return {};
}

QColor StatusPalette::toneForeground(Tone tone, const QPalette& palette)
{
    return pick(toneShades(tone), palette);
}

QColor StatusPalette::toneBackground(Tone tone, const QPalette& palette)
{
    if (tone == Tone::Muted)
        return pick({0xe5e7eb, 0x374151}, palette);
    if (isDark(palette))
        return toneForeground(tone, palette).darker(400);
    switch (tone) {
    case Tone::Info:
        return QColor::fromRgb(0xeff6ff);
    case Tone::Warning:
        return QColor::fromRgb(0xfffbeb);
    case Tone::Danger:
        return QColor::fromRgb(0xfef2f2);
    case Tone::Success:
        return QColor::fromRgb(0xf0fdf4);
    case Tone::Muted:
        break;
    }
    return {};
}

QColor StatusPalette::toneHighlight(Tone tone, const QPalette& palette)
{
    if (isDark(palette))
        return toneForeground(tone, palette).darker(250);
    switch (tone) {
    case Tone::Info:
        return QColor::fromRgb(0xbfdbfe);
    case Tone::Success:
        return QColor::fromRgb(0xbbf7d0);
    case Tone::Warning:
        return QColor::fromRgb(0xfde68a);
    case Tone::Danger:
        return QColor::fromRgb(0xfecaca);
    case Tone::Muted:
        break;
    }
    return QColor::fromRgb(0xe5e7eb);
}

QColor StatusPalette::toneBorder(Tone tone, const QPalette& palette)
{
    switch (tone) {
    case Tone::Info:
        return pick({0x93c5fd, 0x3b82f6}, palette);
    case Tone::Warning:
        return QColor::fromRgb(0xf59e0b);
    case Tone::Danger:
        return QColor::fromRgb(0xef4444);
    case Tone::Success:
        return QColor::fromRgb(0x22c55e);
    case Tone::Muted:
        break;
    }
    return pick(kPaleGrey, palette);
}

QString StatusPalette::toneStyleSheet(Tone tone, const QPalette& palette)
{
    return QStringLiteral("color: %1;").arg(toneForeground(tone, palette).name());
}

QColor StatusPalette::seriesColor(Series series, const QPalette& palette)
{
    switch (series) {
    case Series::DuplicatesPrevented:
        return pick(kBlue, palette);
    case Series::AttemptsPerOperation:
        return pick({0x6366f1, 0x818cf8}, palette); // indigo
    case Series::TimeToResolve:
        return pick({0x0d9488, 0x2dd4bf}, palette); // teal
    }
    return {};
}
