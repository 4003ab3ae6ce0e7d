# refund_sandbox library: the sandbox provider (SPEC R14). Paths are relative to backend/.
add_library(refund_sandbox STATIC
    sandbox/HttpRequest.h sandbox/HttpRequest.cpp
    sandbox/HttpResponse.h sandbox/HttpResponse.cpp
    sandbox/HttpLimits.h
    sandbox/HttpConnection.h sandbox/HttpConnection.cpp
    sandbox/SandboxClock.h
    sandbox/SandboxStore.h sandbox/SandboxStore.cpp
    sandbox/FaultInjector.h sandbox/FaultInjector.cpp
    sandbox/IdempotencyLayer.h sandbox/IdempotencyLayer.cpp
    sandbox/WebhookSigner.h sandbox/WebhookSigner.cpp
    sandbox/WebhookPost.h sandbox/WebhookPost.cpp
    sandbox/WebhookDispatcher.h sandbox/WebhookDispatcher.cpp
    sandbox/StripeApi.h sandbox/StripeApi.cpp
    sandbox/SandboxPipeline.h sandbox/SandboxPipeline.cpp
    sandbox/SandboxServer.h sandbox/SandboxServer.cpp)
target_include_directories(refund_sandbox PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(refund_sandbox
    PUBLIC refund_backend refund_options Qt6::Concurrent Qt6::Sql Qt6::Network)
