"""HTTP through Django's synchronous handler (squarescores/http_app.py), over a
real TCP connection to uvicorn, as a phone's browser or a proxy talks to it."""

import socket
from urllib.parse import urlsplit

import pytest
from django.core.signals import request_finished

pytestmark = pytest.mark.django_db(transaction=True)


def connect(base_url):
    address = urlsplit(base_url)
    return socket.create_connection((address.hostname, address.port), timeout=10)


def read_answers(conn, count):
    """The status lines of ``count`` answers read from ``conn`` (each has a
    Content-Length, as Django's do)."""
    data, statuses = b"", []
    while len(statuses) < count:
        head_end = data.find(b"\r\n\r\n")
        if head_end < 0:
            chunk = conn.recv(65536)
            if not chunk:
                break
            data += chunk
            continue
        head = data[:head_end].decode("latin-1").split("\r\n")
        length = next(
            int(line.split(":", 1)[1])
            for line in head
            if line.lower().startswith("content-length:")
        )
        while len(data) < head_end + 4 + length:
            data += conn.recv(65536)
        statuses.append(head[0])
        data = data[head_end + 4 + length :]
    return statuses


def get(path):
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


def test_requests_sent_back_to_back_on_one_connection_are_all_answered(asgi_server):
    # A browser or a proxy may send the next request before the last answer has
    # finished; asgiref's WsgiToAsgi then failed the second with a 500.
    with connect(asgi_server) as conn:
        conn.sendall(get("/healthz") + get("/healthz") + get("/healthz"))
        statuses = read_answers(conn, 3)

    assert statuses == ["HTTP/1.1 200 OK"] * 3


def test_each_response_is_closed_so_django_finishes_the_request(asgi_server):
    finished = []

    def note(sender, **kwargs):
        finished.append(sender)

    request_finished.connect(note)
    try:
        with connect(asgi_server) as conn:
            conn.sendall(get("/healthz") + get("/"))
            statuses = read_answers(conn, 2)
    finally:
        request_finished.disconnect(note)

    assert statuses == ["HTTP/1.1 200 OK"] * 2
    # The signal that closes the request's database connection, once a request.
    assert len(finished) == 2


def test_a_client_gone_before_its_body_arrived_leaves_the_server_answering(
    asgi_server,
):
    with connect(asgi_server) as conn:
        conn.sendall(
            b"POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: text/plain\r\nContent-Length: 1000\r\n\r\npart of it"
        )
    with connect(asgi_server) as conn:
        conn.sendall(get("/healthz"))
        assert read_answers(conn, 1) == ["HTTP/1.1 200 OK"]
