"""Night files bundled with the app: the sample table's night (ledger.services.samples)."""
