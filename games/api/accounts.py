"""The games on offer, and accounts: a guest with a token, or an account's token."""

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from games.limits import GUESTS
from games.rules import registry
from squarescores.accounts.models import User

from . import serializers as s
from .answers import game_data
from .base import IDEMPOTENCY_KEY, ApiView
from .errors import responses


class GameList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.GameSerializer(many=True), **responses(401)})
    def get(self, request):
        return Response([game_data(rules) for rules in registry])


class GameDetail(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.GameSerializer, **responses(401, 404)})
    def get(self, request, key):
        return Response(game_data(registry.get(key)))


class GuestCreate(ApiView):
    serializer_class = s.GuestRequest
    permission_classes = [AllowAny]
    throttle_scope = "accounts"

    @extend_schema(
        request=s.GuestRequest,
        responses={201: s.GuestSerializer, **responses(400, 401, 429)},
        parameters=[IDEMPOTENCY_KEY],
        description="Make a guest account and its token. A guest is one phone's "
        "identity: a retry makes another guest (the key is not a secret, so it "
        "never hands out an earlier token).",
    )
    def post(self, request):
        body = self.body()
        self.key()
        GUESTS.take(request)
        user = User.create_guest(display_name=" ".join(body["display_name"].split()))
        token = Token.objects.create(user=user)
        data = {
            "id": user.pk,
            "username": user.username,
            "display_name": user.display_name,
            "token": token.key,
        }
        return Response(data, status=status.HTTP_201_CREATED)


class TokenCreate(ApiView):
    serializer_class = s.LoginRequest
    permission_classes = [AllowAny]
    throttle_scope = "accounts"

    @extend_schema(
        request=s.LoginRequest,
        responses={200: s.TokenSerializer, **responses(400, 401, 429)},
        description="The token of an account with a password.",
    )
    def post(self, request):
        body = self.body()
        user = authenticate(
            request, username=body["username"], password=body["password"]
        )
        if user is None:
            raise ValidationError({"password": [_("Wrong username or password.")]})
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
