# The embedded demo (refund-console --demo): sandbox process, operation database, scenarios.
target_sources(refund_backend PRIVATE
    demo/DemoEnvironment.h demo/DemoEnvironment.cpp
    demo/DemoScenarios.h demo/DemoScenarios.cpp
    demo/SandboxLauncher.h demo/SandboxLauncher.cpp
    demo/ShiftedClock.h)
