"""Schema post-processing: request bodies name every field they accept."""


def closed_request_bodies(result, generator, request, public):
    """drf-spectacular hook: ``additionalProperties: false`` on request bodies.

    The API refuses a field it does not know (a typo such as ``"sead"`` would
    otherwise be ignored silently), and the schema says so.
    """
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request") and component.get("type") == "object":
            component["additionalProperties"] = False
    return result
