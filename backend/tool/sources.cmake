# RefundTool: SPEC section 3.
