# RefundTool: SPEC section 3.
target_sources(refund_backend PRIVATE
    tool/RefundTool.h tool/RefundTool.cpp
    tool/RefundToolResult.h tool/RefundToolResult.cpp)
