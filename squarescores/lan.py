"""This machine's address on the local network, for ``make run LAN=1``.

Run as a script (``python squarescores/lan.py``) it prints the address, or
nothing when there is none; it imports nothing of the project, so ``make`` can run
it with any Python before the virtualenv exists.
"""

import ipaddress
import socket
from pathlib import Path

SCRIPT = Path(__file__)

# Connecting a UDP socket sends nothing: it only asks the kernel which interface
# (and so which source address) would carry packets to that address.
PROBE = ("10.255.255.255", 1)


def lan_address(probe=PROBE):
    """The private IPv4 address of the interface toward ``probe``, or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(probe)
            address = sock.getsockname()[0]
    except OSError:
        return None
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_unspecified or not ip.is_private:
        return None
    return address


def is_loopback(host):
    """True for 127.0.0.1, ::1, localhost and the like: names no phone can open."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


if __name__ == "__main__":
    print(lan_address() or "")
