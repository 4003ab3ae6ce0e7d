# The console's background data service (issue 12): its own thread, connection and change
# watcher, so no SQL or network wait runs on the GUI thread; ConsoleReads are the window's
# and the operations table's reads that run there.
target_sources(refund_backend PRIVATE
    console/ConsoleDataService.h console/ConsoleDataService.cpp
    console/ConsoleReads.h console/ConsoleReads.cpp)
