# Reconciliation (R24, R25): provider events stored once, the reconciler, signed webhooks and the
# event poller. The webhook reuses the sandbox's HTTP/1.1 parsing (HttpConnection), so
# refund_backend links refund_sandbox (a cycle between two static libraries, which CMake links
# by repeating them).
target_sources(refund_backend PRIVATE
    reconcile/EventPoller.h reconcile/EventPoller.cpp
    reconcile/ProviderEventStore.h reconcile/ProviderEventStore.cpp
    reconcile/ReconcileCommands.h reconcile/ReconcileCommands.cpp
    reconcile/Reconciler.h reconcile/Reconciler.cpp
    reconcile/WebhookEventParser.h reconcile/WebhookEventParser.cpp
    reconcile/WebhookServer.h reconcile/WebhookServer.cpp
    reconcile/WebhookSignature.h reconcile/WebhookSignature.cpp
    reconcile/WebhookWorker.h reconcile/WebhookWorker.cpp)
target_link_libraries(refund_backend PUBLIC refund_sandbox)
