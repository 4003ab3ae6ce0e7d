# The reviewer workflow (SPEC section 5 and 6: R13, R15-R19): provider lookup of one operation,
# event ledger, resolution proposals, the sweep over all unknown operations, customer messages
# and the claim checker.
target_sources(refund_backend PRIVATE
    review/ClaimChecker.h review/ClaimChecker.cpp
    review/CustomerMessage.h review/CustomerMessage.cpp
    review/LookupResult.h review/LookupResult.cpp
    review/MessageLanguage.h review/MessageLanguage.cpp
    review/OperationLookup.h review/OperationLookup.cpp
    review/ReviewerContext.h
    review/RefundEventLedger.h review/RefundEventLedger.cpp
    review/ResolutionPolicy.h review/ResolutionPolicy.cpp
    review/SweepResolver.h review/SweepResolver.cpp
    review/UnknownSweep.h review/UnknownSweep.cpp)
