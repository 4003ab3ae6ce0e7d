# Finance history (R12): figures and chart series in SQL, per-operation rows, CSV export.
target_sources(refund_backend PRIVATE
    history/HistoryCsvExporter.h history/HistoryCsvExporter.cpp
    history/HistoryFilter.h history/HistoryFilter.cpp
    history/HistoryRollupRanges.h history/HistoryRollupRanges.cpp
    history/HistoryRows.h history/HistoryRows.cpp
    history/HistoryStats.h history/HistoryStats.cpp
    history/RefundsPerLogicalRefund.h history/RefundsPerLogicalRefund.cpp)
