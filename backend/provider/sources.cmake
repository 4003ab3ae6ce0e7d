# ProviderClient and Stripe object parsing (SPEC §4, R7, R11, R13, R15, R22).
# libcurl carries POST /v1/refunds: one attempt is one request with a whole-exchange
# deadline and a body cap (R7, R12), which QNetworkAccessManager cannot promise.
find_package(CURL REQUIRED)
target_link_libraries(refund_backend PRIVATE CURL::libcurl)
target_sources(refund_backend PRIVATE
    provider/AttemptOutcome.h provider/AttemptOutcome.cpp
    provider/CurlPost.h provider/CurlPost.cpp
    provider/FormEncoder.h provider/FormEncoder.cpp
    provider/JsonFieldReader.h provider/JsonFieldReader.cpp
    provider/ProviderClient.h provider/ProviderClient.cpp
    provider/ProviderConfig.h
    provider/ProviderError.h provider/ProviderError.cpp
    provider/ProviderEvent.h provider/ProviderEvent.cpp
    provider/ProviderIds.h provider/ProviderIds.cpp
    provider/ProviderListPage.h provider/ProviderListPage.cpp
    provider/ProviderPaymentIntent.h provider/ProviderPaymentIntent.cpp
    provider/ProviderReadResult.h provider/ProviderReadResult.cpp
    provider/ProviderRefund.h provider/ProviderRefund.cpp
    provider/ProviderResponse.h provider/ProviderResponse.cpp
    provider/ProviderText.h provider/ProviderText.cpp
    provider/RefundAnswerCheck.h provider/RefundAnswerCheck.cpp
    provider/RefundCreateParams.h)
