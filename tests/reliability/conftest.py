from tests.scale.conftest import workers  # noqa: F401  (the same two workers)
