#pragma once

#include "SandboxProcess.h"
#include "TestDatabase.h"

#include "Clock.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "provider/ProviderClient.h"
#include "tool/RefundTool.h"

#include <QDateTime>

/**
 * A sandbox provider process, a fresh operation database on the current engine, a tool
 * clock that tests move, and helpers to register orders on both sides.
 */
struct RefundToolFixture
{
    RefundToolFixture() = default;
    explicit RefundToolFixture(const SandboxProcess::Options& options) : sandbox(options) {}

    SandboxProcess sandbox;
    TestDatabase testDb;
    std::unique_ptr<Database> db;
    ManualClock clock{QDateTime::currentMSecsSinceEpoch()};
    std::unique_ptr<ProviderClient> provider;
    std::unique_ptr<OperationStore> store;
    QString error;

    bool start(int requestTimeoutMs = 2000)
    {
        if (!sandbox.start()) {
            error = QStringLiteral("sandbox: ") + sandbox.errorString();
            return false;
        }
        if (!testDb.isValid()) {
            error = testDb.error();
            return false;
        }
        db = testDb.openMigrated();
        if (!db) {
            error = QStringLiteral("could not open the test database");
            return false;
        }
        store = std::make_unique<OperationStore>(*db, clock);
        // Fast backoff: the tests check which key is sent and what is counted, not how long it waits.
        SettingsStore settings(*db, clock);
        if (!settings.setMany({{QStringLiteral("backoff_base_ms"), QStringLiteral("1")},
                               {QStringLiteral("backoff_cap_ms"), QStringLiteral("2")}},
                              QStringLiteral("test"), QStringLiteral("admin"))) {
            error = QStringLiteral("could not write settings");
            return false;
        }
        provider = makeProvider(requestTimeoutMs);
        return true;
    }

    std::unique_ptr<ProviderClient> makeProvider(int requestTimeoutMs = 2000) const
    {
        ProviderConfig config;
        config.baseUrl = sandbox.baseUrl();
        config.apiKey = sandbox.secretKey();
        config.requestTimeoutMs = requestTimeoutMs;
        return std::make_unique<ProviderClient>(config);
    }

    /** A succeeded payment at the sandbox and its order in the database. */
    bool addOrder(const QString& orderId, qint64 amountCents, const QString& currency = QStringLiteral("usd"))
    {
        const QString pi = sandbox.createPaymentIntent(amountCents, currency,
                                                       QJsonObject{{QStringLiteral("order_id"), orderId}});
        if (pi.isEmpty()) {
            error = sandbox.errorString();
            return false;
        }
        auto r = store->addOrder(Order{orderId, amountCents, currency, pi, 0});
        if (!r)
            error = r.error().message;
        return r.ok();
    }

    RefundToolResult call(const QString& toolCallId, const QString& orderId, qint64 amountCents,
                          std::vector<int>* sleeps = nullptr, const QString& requestRef = {})
    {
        RefundTool tool(*db, *provider, clock);
        tool.setSleeper([sleeps](int ms) {
            if (sleeps)
                sleeps->push_back(ms);
        });
        auto r = tool.call({toolCallId, orderId, amountCents, requestRef});
        if (!r)
            return RefundToolResult::rejected(QStringLiteral("ERROR: ") + r.error().message);
        return r.value();
    }

    qint64 scalar(const QString& sql, const QVariantList& binds = {}) const
    {
        auto q = db->run(sql, binds);
        if (!q || !q.value().next())
            return -1;
        return q.value().value(0).toLongLong();
    }

    int requestsTotal() { return sandbox.stats().value(QStringLiteral("requests_total")).toInt(); }
    int refundsExecuted() { return sandbox.stats().value(QStringLiteral("refunds_executed_total")).toInt(); }
};

#define REFUND_FIXTURE_OR_FAIL(f)                                                  \
    RefundToolFixture f;                                                           \
    QVERIFY2(f.start(), qPrintable(f.error))
