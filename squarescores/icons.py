"""Draws the app's icons: ``python -m squarescores.icons`` (run by `make install`)
writes static/icons/; the PNGs are build outputs, ignored by git.

A scoresheet on the accent blue: a white sheet, its grid, one winning cell. The
PNGs are full-bleed squares with the sheet inside the middle 80 %, so they serve
as maskable icons too. Plain Python (zlib and a PNG writer), no imaging library.
"""

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
BLUE = (0x0B, 0x5C, 0xAD)
WHITE = (0xFF, 0xFF, 0xFF)
GOLD = (0xF2, 0xA9, 0x00)
# On a 512 grid: the sheet, its grid lines and the winning cell.
SHEET = (120, 120, 392, 392, 28)
LINES = [188, 256, 324]
LINE = 10
CELL = (261, 193, 319, 251)


def inside_rounded(x, y, box):
    left, top, right, bottom, radius = box
    if not (left <= x < right and top <= y < bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def colour_at(x, y):
    if not inside_rounded(x, y, SHEET):
        return BLUE
    if CELL[0] <= x < CELL[2] and CELL[1] <= y < CELL[3]:
        return GOLD
    if any(abs(x - at) < LINE / 2 or abs(y - at) < LINE / 2 for at in LINES):
        return BLUE
    return WHITE


def pixels(size, samples=2):
    """Rows of RGB bytes, each pixel the average of samples x samples points."""
    scale = 512 / size
    offsets = [(i + 0.5) / samples for i in range(samples)]
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            points = [
                colour_at((px + ox) * scale, (py + oy) * scale)
                for ox in offsets
                for oy in offsets
            ]
            row.extend(sum(p[i] for p in points) // len(points) for i in range(3))
        rows.append(bytes(row))
    return rows


def png(rows, size):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def svg():
    hexes = ["#{:02x}{:02x}{:02x}".format(*rgb) for rgb in (BLUE, WHITE, GOLD)]
    left, top, right, bottom, radius = SHEET
    width, height, half = right - left, bottom - top, LINE // 2
    lines = "".join(
        f'<rect x="{at - half}" y="{top}" width="{LINE}" height="{height}"/>'
        f'<rect x="{left}" y="{at - half}" width="{width}" height="{LINE}"/>'
        for at in LINES
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" rx="96" fill="{hexes[0]}"/>'
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" '
        f'rx="{radius}" fill="{hexes[1]}"/>'
        f'<rect x="{CELL[0]}" y="{CELL[1]}" width="{CELL[2] - CELL[0]}" '
        f'height="{CELL[3] - CELL[1]}" fill="{hexes[2]}"/>'
        f'<g fill="{hexes[0]}">{lines}</g></svg>\n'
    )


def main():
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(svg())
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(pixels(size), size))


if __name__ == "__main__":
    main()
