#pragma once

#include <QJsonObject>
#include <QString>

/** One audited action: resolutions (R16, R17), settings changes (R20). */
struct AuditEntry
{
    qint64 id = 0;
    qint64 at = 0;          ///< UTC epoch ms
    QString actor;          ///< who (login or OS user)
    QString role;           ///< support, finance, admin, tool
    QString action;         ///< e.g. "resolve", "settings.set"
    QString operationId;    ///< empty for actions not about one operation
    QJsonObject details;    ///< stored as JSON text
};
