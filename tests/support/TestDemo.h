#pragma once

#include "demo/DemoEnvironment.h"

#include <memory>

/**
 * Builds the embedded demo on a thread of its own, as the console builds it off the GUI thread,
 * while the calling thread keeps handling its events; waits at most timeoutMs. The demo, or
 * the error DemoEnvironment::create() gave (or a timeout, after which the build is still awaited
 * so nothing outlives the call).
 */
StoreResult<std::unique_ptr<DemoEnvironment>> createDemoOffThread(const DemoEnvironment::Options& options,
                                                                  int timeoutMs = 120000);
