#pragma once

#include <QByteArray>
#include <QString>

#include <cstdio>
#include <cstdlib>

/**
 * Property checks for the fuzz targets: a broken property prints what and aborts, which
 * libFuzzer reports as a crash and saves the input (crash-<sha1>) for the regression corpus.
 */
#define FUZZ_CHECK(condition, what)                                                                          \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "FUZZ PROPERTY BROKEN at %s:%d: %s\n  (%s)\n", __FILE__, __LINE__,          \
                         #condition, QString(what).toUtf8().constData());                                    \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (0)

/** The input as a QByteArray without copying (libFuzzer owns the bytes for the call). */
inline QByteArray fuzzBytes(const uint8_t* data, size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
}
