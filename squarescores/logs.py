"""Logging: a refusal is one line; a traceback means a server error; no secret
is written down.

Django logs a 4xx it answers for an exception (``PermissionDenied`` on an export,
a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, too many fields) with the exception's
whole traceback. The client was at fault and the server did its job, so a run of
hostile requests drowned the one traceback that mattered, a 500's.
"""

import json
import logging
import re
import time


class OneLineRefusals(logging.Filter):
    """Keep a 4xx's message and drop its traceback; name the path if the message
    does not (Django's security messages do not)."""

    def filter(self, record):
        status = getattr(record, "status_code", None)
        if record.exc_info and status is not None and status < 500:
            record.exc_info = None
            record.exc_text = None
            message = record.getMessage()
            path = getattr(getattr(record, "request", None), "path", "")
            # Escaped as Django escapes it: a path must not start a log line.
            path = path.encode("unicode_escape").decode("ascii")
            if path and path not in message:
                message = f"{message}: {path}"
            record.msg, record.args = message, ()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line (``LOG_FORMAT=json``): time, level, logger, message,
    the HTTP status when Django logged one, and a traceback when there is one."""

    converter = time.gmtime

    def format(self, record):
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S")
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        status = getattr(record, "status_code", None)
        if status is not None:
            line["status"] = status
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


# A TV link's secret is its only key: whoever reads it watches the match. It
# rides in paths (/tv/<secret>/, /ws/tv/<secret>/), which servers log.
TV_PATH = re.compile(r"(/tv/)[^/\s\"'?#]+")
MASK = r"\1…"


def masked(text):
    """``text`` with every TV link's secret replaced by an ellipsis."""
    return TV_PATH.sub(MASK, text)


class MaskSecrets(logging.Filter):
    """Mask the TV link's secret in every line a handler writes: Django's own
    lines and uvicorn's ("WebSocket /ws/tv/<secret>/ [accepted]"), whose
    configuration (squarescores/uvicorn-logging.json) puts it on each handler.
    Pure Python: uvicorn loads it before Django is set up."""

    def filter(self, record):
        # Argument by argument: uvicorn's access formatter reads them apart.
        if isinstance(record.msg, str):
            record.msg = masked(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: hide(arg) for key, arg in record.args.items()}
        if record.exc_text:
            record.exc_text = masked(record.exc_text)
        return True


def hide(value):
    return masked(value) if isinstance(value, str) else value
