// The sandbox provider under abuse (SPEC R14: a provider the whole test suite shares must hold):
// connection limit, idle / header / body timeouts, 431 and 413 limits, and bounded memory while
// a delay fault holds an answer and the client keeps streaming. Raw POSIX sockets, so the
// client side buffers nothing and every byte is under the test's control.
#include "SandboxProcess.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <memory>

namespace {

/** A non-blocking loopback TCP connection; closed by the destructor. */
class RawConnection
{
public:
    explicit RawConnection(quint16 port)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
            ::close(m_fd);
            m_fd = -1;
            return;
        }
        ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    }
    ~RawConnection()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool isOpen() const { return m_fd >= 0; }

    /** Sends what the kernel takes within timeoutMs; returns the bytes sent, -1 once the peer closed. */
    qint64 send(const QByteArray& data, int timeoutMs = 2000)
    {
        qint64 sent = 0;
        QElapsedTimer timer;
        timer.start();
        while (sent < data.size()) {
            const ssize_t n =
                ::send(m_fd, data.constData() + sent, static_cast<size_t>(data.size() - sent), MSG_NOSIGNAL);
            if (n > 0) {
                sent += n;
                continue;
            }
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
                return sent > 0 ? sent : -1;
            const qint64 left = timeoutMs - timer.elapsed();
            if (left <= 0)
                break;
            pollfd p{m_fd, POLLOUT, 0};
            ::poll(&p, 1, static_cast<int>(qMin<qint64>(left, 50)));
        }
        return sent;
    }

    /**
     * Reads until the peer closes or timeoutMs passes; returns true when it closed (EOF or
     * reset). What arrived is appended to m_received.
     */
    bool waitClosed(int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        char buffer[65536];
        while (timer.elapsed() < timeoutMs) {
            pollfd p{m_fd, POLLIN, 0};
            ::poll(&p, 1, static_cast<int>(qMax<qint64>(1, qMin<qint64>(50, timeoutMs - timer.elapsed()))));
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n > 0)
                received.append(buffer, n);
            else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
                return true;
        }
        return false;
    }

    /** Reads for up to timeoutMs or until `until` appears in what arrived. */
    void readFor(int timeoutMs, const QByteArray& until = {})
    {
        QElapsedTimer timer;
        timer.start();
        char buffer[65536];
        while (timer.elapsed() < timeoutMs && (until.isEmpty() || !received.contains(until))) {
            pollfd p{m_fd, POLLIN, 0};
            ::poll(&p, 1, 20);
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n > 0)
                received.append(buffer, n);
            else if (n == 0)
                return;
        }
    }

    QByteArray received;

private:
    int m_fd = -1;
};

/** A /proc/PID/status field in kB (VmRSS, VmHWM), or -1. */
qint64 procStatusKb(qint64 pid, const QByteArray& field)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray& line : lines) {
        if (line.startsWith(field + ':'))
            return line.mid(field.size() + 1).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

QByteArray statsRequest()
{
    return "GET /_sandbox/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

} // namespace

class TestSandboxAbuse : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SandboxProcess> m_sandbox;

    bool start(const QStringList& extraArgs)
    {
        SandboxProcess::Options options;
        options.extraArgs = extraArgs;
        m_sandbox = std::make_unique<SandboxProcess>(options);
        if (!m_sandbox->start()) {
            qWarning("%s", qPrintable(m_sandbox->errorString()));
            return false;
        }
        return true;
    }
    quint16 port() const { return static_cast<quint16>(m_sandbox->baseUrl().port()); }

private slots:
    void cleanup() { m_sandbox.reset(); }

    // R14: a bad limit or webhook flag stops the sandbox before it listens, naming the flag.
    void r14_limitFlagsValidated_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("max-connections 0")
            << QStringList{QStringLiteral("--max-connections"), QStringLiteral("0")}
            << QStringLiteral("--max-connections");
        QTest::newRow("idle-timeout-ms text")
            << QStringList{QStringLiteral("--idle-timeout-ms"), QStringLiteral("soon")}
            << QStringLiteral("--idle-timeout-ms");
        QTest::newRow("header-timeout-ms negative")
            << QStringList{QStringLiteral("--header-timeout-ms"), QStringLiteral("-5")}
            << QStringLiteral("--header-timeout-ms");
        QTest::newRow("max-header-bytes tiny")
            << QStringList{QStringLiteral("--max-header-bytes"), QStringLiteral("10")}
            << QStringLiteral("--max-header-bytes");
        QTest::newRow("max-body-bytes huge")
            << QStringList{QStringLiteral("--max-body-bytes"), QStringLiteral("999999999999")}
            << QStringLiteral("--max-body-bytes");
        QTest::newRow("webhook-max-attempts 0")
            << QStringList{QStringLiteral("--webhook-max-attempts"), QStringLiteral("0")}
            << QStringLiteral("--webhook-max-attempts");
        QTest::newRow("webhook cap below base")
            << QStringList{QStringLiteral("--webhook-retry-base-ms"), QStringLiteral("5000"),
                           QStringLiteral("--webhook-retry-cap-ms"), QStringLiteral("1000")}
            << QStringLiteral("--webhook-retry-cap-ms");
    }
    void r14_limitFlagsValidated()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        QTemporaryDir dir;
        QProcess process;
        process.start(QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN),
                      QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                                  QStringLiteral("--db"), dir.filePath(QStringLiteral("s.db"))} +
                          args);
        QVERIFY(process.waitForFinished(15000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardOutput().isEmpty()); // never listened
        const QString error = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(error.contains(flag), qPrintable(error));
    }

    // R14: connections over --max-connections are answered 503 and closed, not held; once
    // some close, new ones are served again.
    void r14_connectionLimitRefusesExtra()
    {
        QVERIFY(start({QStringLiteral("--max-connections"), QStringLiteral("8")}));
        std::vector<std::unique_ptr<RawConnection>> held;
        for (int i = 0; i < 8; ++i) {
            held.push_back(std::make_unique<RawConnection>(port()));
            QVERIFY(held.back()->isOpen());
        }
        QTest::qWait(300); // let the sandbox accept them, in order
        RawConnection extra(port());
        QVERIFY(extra.isOpen());
        QVERIFY2(extra.waitClosed(3000), "the connection over the limit was held open");
        QVERIFY2(extra.received.startsWith("HTTP/1.1 503 "), extra.received.constData());
        QVERIFY(extra.received.contains("Too many open connections"));

        held.resize(6); // two leave
        QTest::qWait(300);
        RawConnection again(port());
        QCOMPARE(again.send(statsRequest()), qint64(statsRequest().size()));
        again.readFor(3000, "\"connections_refused_total\"");
        QVERIFY2(again.received.startsWith("HTTP/1.1 200 "), again.received.left(200).constData());
        QVERIFY(again.received.contains("\"connections_refused_total\": 1"));
    }

    // R14: an idle connection (nothing sent, or nothing after an answer) is closed after
    // --idle-timeout-ms instead of being held forever.
    void r14_idleConnectionsClosed()
    {
        QVERIFY(start({QStringLiteral("--idle-timeout-ms"), QStringLiteral("600")}));
        QElapsedTimer timer;
        timer.start();
        RawConnection silent(port());
        QVERIFY(silent.isOpen());
        QVERIFY2(silent.waitClosed(5000), "a silent connection was held");
        QVERIFY2(timer.elapsed() >= 500, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(silent.received.isEmpty()); // closed quietly, no answer to a request never made

        RawConnection keepAlive(port());
        QCOMPARE(keepAlive.send(statsRequest()), qint64(statsRequest().size()));
        keepAlive.readFor(3000, "\"now_ms\"");
        QVERIFY(keepAlive.received.startsWith("HTTP/1.1 200 "));
        timer.restart();
        QVERIFY2(keepAlive.waitClosed(5000), "an idle keep-alive connection was held");
        QVERIFY(timer.elapsed() >= 400);
    }

    // R14: a slowloris drip of header bytes does not extend the header deadline: 408, closed.
    void r14_slowlorisHeaderDripClosed()
    {
        QVERIFY(start({QStringLiteral("--header-timeout-ms"), QStringLiteral("1000"),
                       QStringLiteral("--idle-timeout-ms"), QStringLiteral("30000")}));
        RawConnection drip(port());
        QVERIFY(drip.send("GET /_sandbox/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ") > 0);
        QElapsedTimer timer;
        timer.start();
        bool closed = false;
        while (!closed && timer.elapsed() < 8000) {
            if (drip.send("a") < 0) // one byte every 100 ms, forever
                break;
            closed = drip.waitClosed(100);
        }
        closed = closed || drip.waitClosed(1000);
        QVERIFY2(closed, "a header drip kept the connection for 8 s");
        QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(drip.received.startsWith("HTTP/1.1 408 "), drip.received.constData());
    }

    // R14: a body that does not arrive within --body-timeout-ms: 408, closed.
    void r14_slowBodyClosed()
    {
        QVERIFY(start({QStringLiteral("--body-timeout-ms"), QStringLiteral("1000")}));
        RawConnection slow(port());
        QVERIFY(slow.send("POST /_sandbox/payment_intents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                          "200\r\n\r\n{\"amount\"") > 0);
        QElapsedTimer timer;
        timer.start();
        bool closed = false;
        while (!closed && timer.elapsed() < 8000) {
            if (slow.send(" ") < 0)
                break;
            closed = slow.waitClosed(100);
        }
        closed = closed || slow.waitClosed(1000);
        QVERIFY2(closed, "a slow body kept the connection for 8 s");
        QVERIFY(timer.elapsed() < 4000);
        QVERIFY2(slow.received.startsWith("HTTP/1.1 408 "), slow.received.constData());
    }

    // R14: headers over --max-header-bytes get 431, a Content-Length over --max-body-bytes 413
    // before the body is read; requests within the limits are served.
    void r14_oversizedRequestsRefused()
    {
        QVERIFY(start({QStringLiteral("--max-header-bytes"), QStringLiteral("4096"),
                       QStringLiteral("--max-body-bytes"), QStringLiteral("2048")}));
        RawConnection big(port());
        big.send("GET /_sandbox/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + QByteArray(5000, 'a') +
                 "\r\n\r\n");
        QVERIFY(big.waitClosed(3000));
        QVERIFY2(big.received.startsWith("HTTP/1.1 431 "), big.received.constData());

        RawConnection endless(port()); // no blank line ever: refused once over the limit
        endless.send("GET / HTTP/1.1\r\n" + QByteArray(8192, 'b'));
        QVERIFY(endless.waitClosed(3000));
        QVERIFY2(endless.received.startsWith("HTTP/1.1 431 "), endless.received.constData());

        RawConnection body(port());
        body.send(
            "POST /_sandbox/payment_intents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4096\r\n\r\n");
        QVERIFY(body.waitClosed(3000)); // answered without waiting for the 4096 bytes
        QVERIFY2(body.received.startsWith("HTTP/1.1 413 "), body.received.constData());

        RawConnection fine(port());
        fine.send("GET /_sandbox/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fine: " + QByteArray(3000, 'c') +
                  "\r\n\r\n");
        fine.readFor(3000, "\"now_ms\"");
        QVERIFY2(fine.received.startsWith("HTTP/1.1 200 "), fine.received.left(200).constData());
        const QJsonObject stats = m_sandbox->stats();
        QCOMPARE(stats.value(QStringLiteral("connection_limits"))
                     .toObject()
                     .value(QStringLiteral("431"))
                     .toInteger(),
                 2);
        QCOMPARE(stats.value(QStringLiteral("connection_limits"))
                     .toObject()
                     .value(QStringLiteral("413"))
                     .toInteger(),
                 1);
    }

    // R14: while a delay fault holds an answer, a client streaming 400 MB on the same
    // connection does not grow the sandbox's memory: it stops reading (TCP backpressure). The
    // held refund is still answered, and the sandbox keeps serving others meanwhile.
    void r14_streamDuringDelayFaultKeepsMemoryBounded()
    {
        QVERIFY(start({}));
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        const int delayMs = 6000;
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                    QStringLiteral("delay"), 1, delayMs));
        const qint64 pid = m_sandbox->processId();
        const qint64 peakBeforeKb = procStatusKb(pid, "VmHWM");
        QVERIFY(peakBeforeKb > 0);

        RawConnection stream(port());
        const QByteArray form = "payment_intent=" + pi.toUtf8() + "&amount=1000";
        const QByteArray request = "POST /v1/refunds HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                                   m_sandbox->secretKey().toUtf8() +
                                   "\r\nContent-Type: application/x-www-form-urlencoded\r\nIdempotency-Key: "
                                   "abuse-1\r\nContent-Length: " +
                                   QByteArray::number(form.size()) + "\r\n\r\n" + form;
        QCOMPARE(stream.send(request), qint64(request.size()));
        const QByteArray chunk(1024 * 1024, 'X');
        const qint64 target = 400LL * 1024 * 1024;
        qint64 streamed = 0;
        QElapsedTimer timer;
        timer.start();
        while (streamed < target && timer.elapsed() < delayMs - 1000) {
            const qint64 n = stream.send(chunk, 100);
            if (n < 0)
                break; // the sandbox dropped the connection: also bounded
            streamed += n;
        }
        const qint64 peakAfterKb = procStatusKb(pid, "VmHWM");
        const qint64 growthMb = (peakAfterKb - peakBeforeKb) / 1024;
        qInfo("streamed %lld MB during the delay; sandbox peak RSS %lld -> %lld kB", streamed / (1024 * 1024),
              peakBeforeKb, peakAfterKb);
        QVERIFY2(growthMb < 32, qPrintable(QStringLiteral("peak RSS grew by %1 MB while %2 MB were streamed")
                                               .arg(growthMb)
                                               .arg(streamed / (1024 * 1024))));
        QVERIFY(streamed < target); // backpressure: the 400 MB could not be pushed into the sandbox

        // Others are served meanwhile (the event loop is not stuck on the stream).
        RawConnection other(port());
        other.send(statsRequest());
        other.readFor(3000, "\"now_ms\"");
        QVERIFY(other.received.startsWith("HTTP/1.1 200 "));

        // The held refund is answered when the delay ends; the junk after it is then refused.
        stream.readFor(delayMs + 5000, "\r\n\r\n");
        QVERIFY2(stream.received.startsWith("HTTP/1.1 200 "), stream.received.left(200).constData());
        QTRY_COMPARE_WITH_TIMEOUT(
            m_sandbox->stats().value(QStringLiteral("refunds_executed_total")).toInteger(), 1, 10000);
    }
};

QTEST_GUILESS_MAIN(TestSandboxAbuse)
#include "TestSandboxAbuse.moc"
