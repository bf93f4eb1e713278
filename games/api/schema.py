"""Schema post-processing: what drf-spectacular cannot say per view."""

from games.rules import registry

HEADERS = {
    "429": {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 0},
            "required": True,
            "description": "Seconds to wait before trying again.",
        }
    },
    "401": {
        "WWW-Authenticate": {
            "schema": {"type": "string"},
            "required": True,
            "description": "`Token`: send `Authorization: Token <token>`.",
        }
    },
}
REPLAYED = {
    "Idempotent-Replayed": {
        "schema": {"type": "string", "enum": ["true"]},
        "description": "Present when the answer is a replay of an earlier request "
        "with the same `Idempotency-Key`.",
    }
}


def closed_request_bodies(result, generator, request, public):
    """drf-spectacular hook: ``additionalProperties: false`` on request bodies.

    The API refuses a field it does not know (a typo such as ``"sead"`` would
    otherwise be ignored silently), and the schema says so.
    """
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request") and component.get("type") == "object":
            component["additionalProperties"] = False
    return result


def answer_headers(result, generator, request, public):
    """drf-spectacular hook: the headers of a 429, a 401 and a replayed answer."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            keyed = any(
                p.get("name") == "Idempotency-Key"
                for p in operation.get("parameters", [])
            )
            for status, response in operation.get("responses", {}).items():
                headers = dict(HEADERS.get(status, {}))
                if keyed and status.startswith("2"):
                    headers.update(REPLAYED)
                if headers:
                    response.setdefault("headers", {}).update(headers)
    return result


def record_payloads(result, generator, request, public):
    """drf-spectacular hook: a record's ``payload`` is one of the registered rule
    modules' ``record_schema`` (which must not overlap: each names its keys as
    required and allows no others)."""
    schemas = result.get("components", {}).get("schemas", {})
    payloads = [
        {"title": str(module.name), **as_openapi_3_0(module.record_schema)}
        for module in registry
    ]
    for name in ("RecordRequest", "CorrectRequest"):
        properties = schemas.get(name, {}).get("properties", {})
        if "payload" in properties:
            description = properties["payload"].get("description", "")
            properties["payload"] = {"oneOf": payloads, "description": description}
    return result


def as_openapi_3_0(schema):
    """A module's JSON Schema (draft 2020-12, what the write path validates with)
    in the dialect of OpenAPI 3.0, which has no type lists: ``"type": ["integer",
    "null"]`` becomes ``"type": "integer", "nullable": true``."""
    if isinstance(schema, list):
        return [as_openapi_3_0(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: as_openapi_3_0(value) for key, value in schema.items()}
    kinds = converted.get("type")
    if isinstance(kinds, list):
        named = [kind for kind in kinds if kind != "null"]
        if len(named) == 1:
            converted["type"] = named[0]
        else:
            del converted["type"]
            converted["anyOf"] = [{"type": kind} for kind in named]
        if "null" in kinds:
            converted["nullable"] = True
    return converted
