# OperationStore, SettingsStore, schema: filled in below.
