# refund_sandbox library: the sandbox provider (SPEC R14).
