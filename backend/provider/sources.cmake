# ProviderClient and Stripe object parsing (SPEC §4, R7, R11, R13, R15, R22).
target_sources(refund_backend PRIVATE
    provider/AttemptOutcome.h provider/AttemptOutcome.cpp
    provider/FormEncoder.h provider/FormEncoder.cpp
    provider/JsonFieldReader.h provider/JsonFieldReader.cpp
    provider/ProviderClient.h provider/ProviderClient.cpp
    provider/ProviderConfig.h
    provider/ProviderError.h provider/ProviderError.cpp
    provider/ProviderEvent.h provider/ProviderEvent.cpp
    provider/ProviderPaymentIntent.h provider/ProviderPaymentIntent.cpp
    provider/ProviderReadResult.h provider/ProviderReadResult.cpp
    provider/ProviderRefund.h provider/ProviderRefund.cpp
    provider/ProviderResponse.h provider/ProviderResponse.cpp
    provider/RefundCreateParams.h)
