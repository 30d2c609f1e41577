"""``TILEIR_LOG=1``: what tileir does, on stderr (compile commands, cache hits and misses,
the chip it picked). The messages also go to the ``tileir`` :mod:`logging` logger at
DEBUG level, whatever ``TILEIR_LOG`` says."""

import logging
import os
import sys

LOG_ENV = "TILEIR_LOG"
logger = logging.getLogger("tileir")


def enabled() -> bool:
    return (os.environ.get(LOG_ENV) or "").strip().lower() not in ("", "0", "false", "no", "off")


def log(message: str) -> None:
    logger.debug(message)
    if enabled():
        sys.stderr.write(f"tileir: {message}\n")
        sys.stderr.flush()
