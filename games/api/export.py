"""A match's export through the API, in the history's own JSON and CSV formats."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.response import Response

from games.history.export import export_match, match_csv

from .base import MatchView
from .errors import responses


class ExportJson(MatchView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The `squarescores.match` format (docs/export-format.md).",
            ),
            **responses(401, 403, 404),
        },
        description="The whole match as JSON: seats, rounds, events and summary.",
    )
    def get(self, request, match_id):
        return Response(export_match(self.match()))


class ExportCsv(MatchView):
    @extend_schema(
        responses={
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="One row per round, a column per seat."
            ),
            **responses(401, 403, 404),
        },
        description="The sheet as CSV.",
    )
    def get(self, request, match_id):
        match = self.match()
        response = HttpResponse(match_csv(match), content_type="text/csv")
        name = f"squarescores-{match.code}.csv"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
