"""A phone at the table on one bar of signal: 600 ms of latency each way, about 1.6 Mbit/s
down and 0.8 up (CDP Network.emulateNetworkConditions), and a CPU six times slower
(Emulation.setCPUThrottlingRate)."""

LATENCY_MS = 600
CPU_SLOWDOWN = 6
CONDITIONS = {
    "offline": False,
    "latency": LATENCY_MS,
    "downloadThroughput": 200 * 1024,  # bytes a second
    "uploadThroughput": 100 * 1024,
}
# A page is four round trips of 1.2 s on a slowed CPU: a step may take a minute
# (Playwright's defaults are 30 s for a page and 5 s for an expectation).
STEP_TIMEOUT_MS = 60_000


def slow_down(page, cdp=None):
    """Make ``page``'s phone slow; its CDP session (``cdp``, or a new one), for more."""
    cdp = cdp or page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", CONDITIONS)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.set_default_timeout(STEP_TIMEOUT_MS)
    return cdp
