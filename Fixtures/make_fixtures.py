#!/usr/bin/env python3
"""Writes every file in Fixtures/ deterministically.

PNG files come from a small independent writer here (zlib + struct, no libpng), so the codec
tests compare libpng's decoding against values this script put in. JPEG files come from cjpeg
(libjpeg-turbo-progs) fed with PPM/PGM written here; djpeg's output is stored beside them as the
golden decode. EXIF, XMP and density are spliced in by hand. HEIF files come from heif-enc
(libheif-examples), their 'meta' box edited here as a phone writes it. Run from anywhere:

    python3 Fixtures/make_fixtures.py
    python3 Fixtures/make_fixtures.py --clean /tmp   # only the demo painting without its glare

Sample formulas (the Swift tests use the same ones, see Sources/DeglareTestSupport/Fixtures.swift):
    8-bit:  (x * 37 + y * 91 + c * 53) % 256
    16-bit: (x * 7919 + y * 104729 + c * 1299709) % 65536
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.abspath(__file__))


def v8(x, y, c):
    return (x * 37 + y * 91 + c * 53) % 256


def v16(x, y, c):
    return (x * 7919 + y * 104729 + c * 1299709) % 65536


# MARK: - PNG writer

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def raw_rows(width, height, channels, depth, value):
    rows = []
    for y in range(height):
        row = bytearray([0])  # filter type None
        for x in range(width):
            for c in range(channels):
                v = value(x, y, c)
                row += struct.pack(">H", v) if depth == 16 else bytes([v])
        rows.append(bytes(row))
    return rows


def png_bytes(width, height, color_type, depth, idat_raw, extra_before=b"", extra_after=b"", interlace=0, plte=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra_before
    if plte:
        out += plte
    out += chunk(b"IDAT", zlib.compress(idat_raw, 9)) + extra_after + chunk(b"IEND", b"")
    return out


CHANNELS = {0: 1, 4: 2, 2: 3, 6: 4}


def simple_png(width, height, color_type, depth, **kw):
    n = CHANNELS[color_type]
    value = v16 if depth == 16 else v8
    raw = b"".join(raw_rows(width, height, n, depth, value))
    return png_bytes(width, height, color_type, depth, raw, **kw)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def interlaced_png(width, height, color_type, depth):
    n = CHANNELS[color_type]
    value = v16 if depth == 16 else v8
    raw = bytearray()
    for x0, y0, dx, dy in ADAM7:
        xs = list(range(x0, width, dx))
        ys = list(range(y0, height, dy))
        if not xs or not ys:
            continue
        for y in ys:
            raw.append(0)
            for x in xs:
                for c in range(n):
                    v = value(x, y, c)
                    raw += struct.pack(">H", v) if depth == 16 else bytes([v])
    return png_bytes(width, height, color_type, depth, bytes(raw), interlace=1)


def palette_png(width, height, with_trns):
    # Index (x + 2y) % 6; entry i = (40i, 255 - 40i, 17i), alpha (i * 50) for the first 5 entries.
    entries = b"".join(bytes([40 * i, 255 - 40 * i, 17 * i]) for i in range(6))
    plte = chunk(b"PLTE", entries)
    extra = chunk(b"tRNS", bytes([i * 50 for i in range(5)])) if with_trns else b""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        # 4-bit indices, two per byte
        row = [(x + 2 * y) % 6 for x in range(width)]
        if len(row) % 2:
            row.append(0)
        for i in range(0, len(row), 2):
            raw.append(row[i] << 4 | row[i + 1])
    ihdr = struct.pack(">IIBBBBB", width, height, 4, 3, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + plte + extra
    out += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    return out


def gray1_png(width, height):
    # 1-bit gray: pixel (x + y) % 2 -> 0 or 255 after expansion.
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        bits = [(x + y) % 2 for x in range(width)]
        bits += [0] * (-len(bits) % 8)
        for i in range(0, len(bits), 8):
            byte = 0
            for b in bits[i:i + 8]:
                byte = byte << 1 | b
            raw.append(byte)
    return png_bytes(width, height, 0, 1, bytes(raw))


# MARK: - Metadata payloads

def fake_icc(size, color_space=b"RGB "):
    """A structurally valid ICC v2 header with an empty tag table, padded to `size` bytes."""
    header = bytearray(128)
    struct.pack_into(">I", header, 0, size)
    header[4:8] = b"none"
    struct.pack_into(">I", header, 8, 0x02100000)
    header[12:16] = b"mntr"
    header[16:20] = color_space
    header[20:24] = b"XYZ "
    header[36:40] = b"acsp"
    struct.pack_into(">iii", header, 68, 0x0000F6D6, 0x00010000, 0x0000D32D)
    body = bytearray(header) + struct.pack(">I", 0)
    i = 0
    while len(body) < size:
        body.append((i * 7 + 3) % 251)
        i += 1
    return bytes(body[:size])


def tiff(orientation, big_endian=False, focal=None, focal35=None):
    e = ">" if big_endian else "<"
    out = (b"MM\x00\x2a" if big_endian else b"II\x2a\x00") + struct.pack(e + "I", 8)
    entries = [(0x0112, 3, 1, struct.pack(e + "HH", orientation, 0))]
    has_exif = focal is not None or focal35 is not None
    n0 = len(entries) + (1 if has_exif else 0)
    ifd0_size = 2 + 12 * n0 + 4
    exif_offset = 8 + ifd0_size
    if has_exif:
        entries.append((0x8769, 4, 1, struct.pack(e + "I", exif_offset)))
    ifd = struct.pack(e + "H", n0)
    for tag, typ, count, value in entries:
        ifd += struct.pack(e + "HHI", tag, typ, count) + value
    ifd += struct.pack(e + "I", 0)
    out += ifd
    if has_exif:
        sub = []
        n1 = (1 if focal else 0) + (1 if focal35 else 0)
        rational_offset = exif_offset + 2 + 12 * n1 + 4
        if focal:
            sub.append((0x920A, 5, 1, struct.pack(e + "I", rational_offset)))
        if focal35:
            sub.append((0xA405, 3, 1, struct.pack(e + "HH", focal35, 0)))
        block = struct.pack(e + "H", n1)
        for tag, typ, count, value in sub:
            block += struct.pack(e + "HHI", tag, typ, count) + value
        block += struct.pack(e + "I", 0)
        if focal:
            block += struct.pack(e + "II", int(focal * 100), 100)
        out += block
    return out


XMP = b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/jpeg"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'


def text_chunk(keyword, text):
    return chunk(b"tEXt", keyword + b"\x00" + text)


def ztxt_chunk(keyword, text):
    return chunk(b"zTXt", keyword + b"\x00\x00" + zlib.compress(text))


def itxt_chunk(keyword, text):
    return chunk(b"iTXt", keyword + b"\x00\x00\x00\x00\x00" + text)


# MARK: - JPEG helpers

def write_pnm(path, width, height, pixel, gray=False):
    with open(path, "wb") as f:
        f.write(b"P5\n" if gray else b"P6\n")
        f.write(b"%d %d\n255\n" % (width, height))
        for y in range(height):
            for x in range(width):
                p = pixel(x, y)
                f.write(bytes([p]) if gray else bytes(p))


def cjpeg(pnm, out, *args):
    subprocess.run(["cjpeg", *args, "-outfile", out, pnm], check=True)


def djpeg(jpeg, out):
    subprocess.run(["djpeg", "-outfile", out, jpeg], check=True)


def splice_app1(jpeg_bytes, payload):
    """Inserts an APP1 segment right after SOI (and after the JFIF APP0 if present)."""
    assert jpeg_bytes[:2] == b"\xff\xd8"
    pos = 2
    if jpeg_bytes[2:4] == b"\xff\xe0":
        pos = 4 + struct.unpack(">H", jpeg_bytes[4:6])[0]
    seg = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return jpeg_bytes[:pos] + seg + jpeg_bytes[pos:]


def set_jfif_density(jpeg_bytes, unit, x, y):
    assert jpeg_bytes[2:4] == b"\xff\xe0" and jpeg_bytes[6:11] == b"JFIF\x00"
    b = bytearray(jpeg_bytes)
    b[13] = unit
    struct.pack_into(">HH", b, 14, x, y)
    return bytes(b)


def find_sof(jpeg_bytes):
    pos = 2
    while pos < len(jpeg_bytes):
        marker = jpeg_bytes[pos + 1]
        length = struct.unpack(">H", jpeg_bytes[pos + 2:pos + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            return pos
        pos += 2 + length
    raise ValueError("no SOF")


def patch_sof_size(jpeg_bytes, width, height):
    b = bytearray(jpeg_bytes)
    sof = find_sof(jpeg_bytes)
    struct.pack_into(">HH", b, sof + 5, height, width)
    return bytes(b)


def strip_segments(jpeg_bytes, marker_code):
    """Removes every segment with this marker (before the scan data)."""
    out = bytearray(jpeg_bytes[:2])
    pos = 2
    while pos < len(jpeg_bytes):
        marker = jpeg_bytes[pos + 1]
        length = struct.unpack(">H", jpeg_bytes[pos + 2:pos + 4])[0]
        if marker == 0xDA:
            out += jpeg_bytes[pos:]
            break
        if marker != marker_code:
            out += jpeg_bytes[pos:pos + 2 + length]
        pos += 2 + length
    return bytes(out)


def make_cmyk_header(gray_jpeg):
    """A gray baseline JPEG whose SOF claims four components: libjpeg reports CMYK at the header."""
    sof = find_sof(gray_jpeg)
    length = struct.unpack(">H", gray_jpeg[sof + 2:sof + 4])[0]
    precision = gray_jpeg[sof + 4]
    dims = gray_jpeg[sof + 5:sof + 9]
    comps = b"".join(bytes([i, 0x11, 0]) for i in range(1, 5))
    body = bytes([precision]) + dims + bytes([4]) + comps
    seg = gray_jpeg[sof:sof + 2] + struct.pack(">H", len(body) + 2) + body
    return gray_jpeg[:sof] + seg + gray_jpeg[sof + 2 + length:]



# MARK: - HEIF helpers (heif-enc makes the files; these edit their 'meta' box like a phone would)

def heif_enc(src, out, *args):
    subprocess.run(["heif-enc", *args, "-o", out, src], check=True, stdout=subprocess.DEVNULL)


def iso_boxes(data, start, end):
    """(type, start, end) of every box from start to end."""
    out = []
    while start < end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        assert size >= 8, "no 64-bit or open-ended boxes in heif-enc output"
        out.append((kind, start, start + size))
        start += size
    return out


def iso_box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def iloc_entries(iloc):
    """(item, construction method, base offset, base field position and width, [(offset field
    position, offset, length)]) of every entry of an 'iloc' box (versions 0 and 1)."""
    version, offset_size, length_size, base_size = iloc[8], iloc[12] >> 4, iloc[12] & 15, iloc[13] >> 4
    index_size = iloc[13] & 15 if version == 1 else 0
    assert version < 2
    count, p, entries = struct.unpack(">H", iloc[14:16])[0], 16, []
    for _ in range(count):
        item = struct.unpack(">H", iloc[p:p + 2])[0]
        p += 2
        method = 0
        if version == 1:
            method = struct.unpack(">H", iloc[p:p + 2])[0] & 15
            p += 2
        p += 2
        base_field, base = (p, base_size), int.from_bytes(iloc[p:p + base_size], "big")
        p += base_size
        extents = []
        n = struct.unpack(">H", iloc[p:p + 2])[0]
        p += 2
        for _ in range(n):
            p += index_size
            extents.append(((p, offset_size), int.from_bytes(iloc[p:p + offset_size], "big"),
                            int.from_bytes(iloc[p + offset_size:p + offset_size + length_size], "big")))
            p += offset_size + length_size
        entries.append((item, method, base, base_field, extents))
    return entries


def shift_iloc(iloc, boundary, delta):
    """Moves every file offset (construction method 0) at or past `boundary` by `delta`."""
    b = bytearray(iloc)
    for _, method, base, (base_pos, base_size), extents in iloc_entries(iloc):
        if method != 0:
            continue
        if base_size and base >= boundary:
            b[base_pos:base_pos + base_size] = (base + delta).to_bytes(base_size, "big")
            continue
        for (pos, size), offset, _ in extents:
            if base + offset >= boundary:
                b[pos:pos + size] = (offset + delta).to_bytes(size, "big")
    return bytes(b)


def heif_item_offset(data, item):
    """The file offset of an item's first byte (construction method 0)."""
    kind, start, end = [box for box in iso_boxes(data, 0, len(data)) if box[0] == b"meta"][0]
    iloc = [data[s:e] for k, s, e in iso_boxes(data, start + 12, end) if k == b"iloc"][0]
    entry = [e for e in iloc_entries(iloc) if e[0] == item][0]
    assert entry[1] == 0
    return entry[2] + entry[4][0][1]


def heif_edit_meta(data, edit):
    """Rebuilds the top-level 'meta' box from edit(children) (a list of (type, box bytes)) and
    moves the item offsets behind it by the change in size."""
    kind, start, end = [box for box in iso_boxes(data, 0, len(data)) if box[0] == b"meta"][0]
    children = edit([(k, data[s:e]) for k, s, e in iso_boxes(data, start + 12, end)])
    size = 12 + sum(len(b) for _, b in children)
    delta = size - (end - start)
    children = [(k, shift_iloc(b, end, delta) if k == b"iloc" else b) for k, b in children]
    meta = iso_box(b"meta", data[start + 8:start + 12] + b"".join(b for _, b in children))
    return data[:start] + meta + data[end:]


def heif_child(children, kind):
    return [b for k, b in children if k == kind][0]


def heif_replace(children, kind, new):
    return [(k, new if k == kind else b) for k, b in children]


def heif_add_property(children, item, prop):
    """Appends `prop` to 'ipco' and associates it (essential) with `item` in 'ipma' (version 0,
    8-bit indices, as heif-enc writes them)."""
    iprp = heif_child(children, b"iprp")
    parts = [(k, iprp[s:e]) for k, s, e in iso_boxes(iprp, 8, len(iprp))]
    ipco = heif_child(parts, b"ipco") + prop
    ipco = struct.pack(">I", len(ipco)) + ipco[4:]
    index = len(iso_boxes(ipco, 8, len(ipco)))
    ipma = bytearray(heif_child(parts, b"ipma"))
    assert ipma[8] == 0 and ipma[11] & 1 == 0 and index < 128
    count, p, out = struct.unpack(">I", ipma[12:16])[0], 16, bytearray(ipma[:16])
    for _ in range(count):
        item_id, n = struct.unpack(">HB", ipma[p:p + 3])
        entries = ipma[p + 3:p + 3 + n]
        if item_id == item:
            n, entries = n + 1, entries + bytes([0x80 | index])
        out += struct.pack(">HB", item_id, n) + entries
        p += 3 + len(ipma[p + 3:p + 3 + struct.unpack(">B", ipma[p + 2:p + 3])[0]])
    out[0:4] = struct.pack(">I", len(out))
    parts = [(k, ipco if k == b"ipco" else bytes(out) if k == b"ipma" else b) for k, b in parts]
    return heif_replace(children, b"iprp", iso_box(b"iprp", b"".join(b for _, b in parts)))


def heif_add_item(children, item, kind):
    """Adds a hidden item of type `kind` to 'iinf' (version 0: 16-bit count; infe version 2)."""
    iinf = heif_child(children, b"iinf")
    assert iinf[8] == 0
    count = struct.unpack(">H", iinf[12:14])[0] + 1
    infe = iso_box(b"infe", bytes([2, 0, 0, 1]) + struct.pack(">HH", item, 0) + kind + b"\x00")
    new = iso_box(b"iinf", iinf[8:12] + struct.pack(">H", count) + iinf[14:] + infe)
    return heif_replace(children, b"iinf", new)


def heif_add_idat_item(children, item, payload):
    """Stores `payload` as the data of `item` at the end of 'idat' (construction method 1),
    adding its 'iloc' entry (version 1 with 4-byte fields, as heif-enc writes it)."""
    idat = heif_child(children, b"idat")
    offset = len(idat) - 8
    children = heif_replace(children, b"idat", iso_box(b"idat", idat[8:] + payload))
    iloc = heif_child(children, b"iloc")
    assert iloc[8] == 1 and iloc[12] == 0x44 and iloc[13] >> 4 == 4
    count = struct.unpack(">H", iloc[14:16])[0] + 1
    entry = struct.pack(">HHHIHII", item, 1, 0, 0, 1, offset, len(payload))
    return heif_replace(children, b"iloc", iso_box(b"iloc", iloc[8:14] + struct.pack(">H", count) + iloc[16:] + entry))


def heif_set_references(children, references):
    """Replaces 'iref' (version 0) with `references`: a list of (type, from, [to...])."""
    body = bytes(4)
    for kind, source, targets in references:
        body += iso_box(kind, struct.pack(">HH", source, len(targets)) + b"".join(struct.pack(">H", t) for t in targets))
    return heif_replace(children, b"iref", iso_box(b"iref", body))


def write(rel, data):
    path = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def to_linear(v):
    c = max(0.0, min(255.0, v)) / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(linear):
    c = max(0.0, min(1.0, linear))
    c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return int(round(c * 255))


def demo_painting(width=480, height=360, glare_gain=1.0):
    """A painting-like picture (dark interior, a figure, a window) with a soft diagonal glare streak
    added as light, and the mask a user would paint over the streak. `glare_gain` 0 gives the
    glare-free picture (the reference for measuring a removal)."""
    import math
    pixels = bytearray()
    mask = bytearray()
    for y in range(height):
        for x in range(width):
            # Base: warm dark wall, a lighter window at the left, a figure in the middle.
            r, g, b = 92.0, 78.0, 64.0
            if 40 <= x < 150 and 50 <= y < 230:
                r, g, b = 196.0, 190.0, 170.0
            dx, dy = (x - 300) / 55.0, (y - 200) / 110.0
            if dx * dx + dy * dy < 1.0:
                r, g, b = 38.0, 36.0, 40.0
            # Brush texture: two sine gratings at odd angles plus a hash of the position.
            t = math.sin(x * 0.21 + y * 0.07) * 6 + math.sin(x * 0.05 - y * 0.17) * 5
            n = ((x * 73856093) ^ (y * 19349663)) % 9 - 4
            r, g, b = r + t + n, g + t * 0.9 + n, b + t * 0.8 + n
            # Glare: a soft streak of light reflected by the glass along the line y = 0.5x + 40,
            # added in linear light (as light adds), then encoded back to sRGB and clipped.
            d = abs(y - (0.5 * x + 40)) / math.sqrt(1.25)
            taper = min(1.0, max(0.0, (x - 180) / 40.0), max(0.0, (440 - x) / 40.0))
            glare = glare_gain * 0.45 * taper * math.exp(-(d / 9.0) ** 2)
            pixels += bytes(to_srgb(to_linear(v) + glare) for v in (r, g, b))
            mask.append(255 if 176 <= x < 444 and d < 18 else 0)
    return pixels, mask


def encode_png(width, height, color_type, data, channels):
    raw = bytearray()
    stride = width * channels
    for y in range(height):
        raw.append(0)
        raw += data[y * stride:(y + 1) * stride]
    return png_bytes(width, height, color_type, 8, bytes(raw))


def write_demo_clean(folder):
    """Writes the demo painting without its glare to FOLDER/painting-clean.png (nothing else)."""
    pixels, _ = demo_painting(glare_gain=0.0)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "painting-clean.png")
    with open(path, "wb") as f:
        f.write(encode_png(480, 360, 2, pixels, 3))
    print(path)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--clean":
        return write_demo_clean(sys.argv[2])
    pixels, mask = demo_painting()
    write("demo/painting.png", encode_png(480, 360, 2, pixels, 3))
    write("demo/glare-mask.png", encode_png(480, 360, 0, mask, 1))
    # PNG variants: 7x5 (odd sizes catch stride bugs), every layout at 8 and 16 bits.
    for name, ct in (("gray", 0), ("gray-alpha", 4), ("rgb", 2), ("rgba", 6)):
        for depth in (8, 16):
            write(f"png/{name}{depth}.png", simple_png(7, 5, ct, depth))
    write("png/interlaced-rgb8.png", interlaced_png(11, 9, 2, 8))
    write("png/interlaced-rgba16.png", interlaced_png(11, 9, 6, 16))
    write("png/palette.png", palette_png(7, 5, False))
    write("png/palette-trns.png", palette_png(7, 5, True))
    write("png/gray1.png", gray1_png(9, 4))
    meta = (chunk(b"iCCP", b"Fixture profile\x00\x00" + zlib.compress(fake_icc(600)))
            + chunk(b"pHYs", struct.pack(">IIB", 11811, 11811, 1))
            + chunk(b"gAMA", struct.pack(">I", 45455))
            + chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))
            + chunk(b"eXIf", tiff(1, focal=4.2, focal35=26))
            + text_chunk(b"Title", b"Interior, Strandgade 30")
            + ztxt_chunk(b"Description", b"A room with light on the floor. " * 8)
            + itxt_chunk(b"Author", "Vilhelm Hammersh\u00f8i".encode("utf-8"))
            + itxt_chunk(b"XML:com.adobe.xmp", XMP))
    write("png/metadata.png", simple_png(7, 5, 2, 8, extra_before=meta))
    write("png/srgb.png", simple_png(7, 5, 2, 8, extra_before=chunk(b"sRGB", b"\x00")))
    good = simple_png(16, 16, 2, 8)
    write("corrupt/png-truncated.png", good[: len(good) // 2])
    idat = good.index(b"IDAT")
    bad_crc = bytearray(good)
    bad_crc[idat + 10] ^= 0xFF
    write("corrupt/png-bad-crc.png", bytes(bad_crc))
    write("corrupt/png-bad-signature.png", b"\x89PNX" + good[4:])
    # A header claiming 100000 x 100000 pixels (10 gigapixels) over a tiny IDAT.
    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 0, 0, 0, 0))
    write("corrupt/png-bomb.png", bomb + chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + chunk(b"IEND", b""))
    write("corrupt/empty.png", b"")
    write("corrupt/not-an-image.png", b"GIF89a this is not a PNG at all\n")

    with tempfile.TemporaryDirectory() as tmp:
        # Colour test card 40x24: smooth gradients so every subsampling mode has work to do.
        def card(x, y):
            return ((x * 6) % 256, (y * 10) % 256, ((x + y) * 4) % 256)
        ppm = os.path.join(tmp, "card.ppm")
        write_pnm(ppm, 40, 24, card)
        pgm = os.path.join(tmp, "card.pgm")
        write_pnm(pgm, 40, 24, lambda x, y: (x * 5 + y * 3) % 256, gray=True)
        variants = [("baseline-444", ppm, ["-sample", "1x1", "-quality", "90"]),
                    ("baseline-422", ppm, ["-sample", "2x1", "-quality", "90"]),
                    ("baseline-420", ppm, ["-sample", "2x2", "-quality", "90"]),
                    ("progressive-420", ppm, ["-sample", "2x2", "-progressive", "-quality", "85"]),
                    ("gray", pgm, ["-quality", "90"])]
        for name, src, args in variants:
            out = os.path.join(ROOT, "jpeg", name + ".jpg")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            cjpeg(src, out, *args)
            djpeg(out, os.path.join(ROOT, "jpeg", name + (".pgm" if name == "gray" else ".ppm")))

        # Orientation: the upright picture is 32x16, quadrants red | green over blue | white.
        def upright(x, y):
            if y < 8:
                return (255, 0, 0) if x < 16 else (0, 255, 0)
            return (0, 0, 255) if x < 16 else (255, 255, 255)
        W, H = 32, 16
        # stored(x, y) = upright(dest(x, y)) where dest is the EXIF transform the decoder applies.
        def dest(o, x, y, w, h):
            return {1: (x, y), 2: (w - 1 - x, y), 3: (w - 1 - x, h - 1 - y), 4: (x, h - 1 - y),
                    5: (y, x), 6: (h - 1 - y, x), 7: (h - 1 - y, w - 1 - x), 8: (y, w - 1 - x)}[o]
        for o in range(1, 9):
            sw, sh = (H, W) if o >= 5 else (W, H)
            src = os.path.join(tmp, f"o{o}.ppm")
            write_pnm(src, sw, sh, lambda x, y, o=o, sw=sw, sh=sh: upright(*dest(o, x, y, sw, sh)))
            out = os.path.join(tmp, f"o{o}.jpg")
            cjpeg(src, out, "-sample", "1x1", "-quality", "95")
            data = open(out, "rb").read()
            data = splice_app1(data, b"Exif\x00\x00" + tiff(o, big_endian=(o % 2 == 0)))
            write(f"orientation/orientation-{o}.jpg", data)

        # ICC over several APP2 segments (70000 bytes > 65519 per segment), EXIF, XMP, density.
        icc_path = os.path.join(tmp, "big.icc")
        with open(icc_path, "wb") as f:
            f.write(fake_icc(70000))
        out = os.path.join(tmp, "meta.jpg")
        cjpeg(ppm, out, "-icc", icc_path, "-quality", "90")
        data = open(out, "rb").read()
        data = set_jfif_density(data, 1, 300, 300)
        data = splice_app1(data, b"http://ns.adobe.com/xap/1.0/\x00" + XMP)
        data = splice_app1(data, b"Exif\x00\x00" + tiff(6, focal=4.2, focal35=26))
        write("jpeg/metadata.jpg", data)
        write("jpeg/metadata.icc", fake_icc(70000))

        # For the lossless JPEG splice: a textured 96x64 picture (6x4 MCUs of 4:2:0) in the layouts
        # phones and cameras write, one with restart markers, one stored sideways with EXIF 6.
        photo = os.path.join(tmp, "photo.ppm")
        write_pnm(photo, 96, 64, lambda x, y: ((x * 5 + y * 3 + (x * y) % 17) % 256, (x * 2 + y * 7) % 256,
                                               (200 - x - y + (x * x) % 23) % 256))
        for name, args in (("splice-420", ["-sample", "2x2"]), ("splice-444", ["-sample", "1x1"]),
                           ("splice-progressive", ["-sample", "2x2", "-progressive"]),
                           ("splice-restart", ["-sample", "2x2", "-restart", "1B"])):
            cjpeg(photo, os.path.join(ROOT, "jpeg", name + ".jpg"), "-quality", "90", *args)
        sideways = os.path.join(tmp, "sideways.ppm")
        write_pnm(sideways, 64, 96, lambda x, y: ((x * 5 + y * 3 + (x * y) % 17) % 256, (x * 2 + y * 7) % 256,
                                                  (200 - x - y + (x * x) % 23) % 256))
        cjpeg(sideways, os.path.join(tmp, "sideways.jpg"), "-quality", "90", "-sample", "2x2")
        data = open(os.path.join(tmp, "sideways.jpg"), "rb").read()
        data = splice_app1(data, b"http://ns.adobe.com/xap/1.0/\x00" + XMP)
        write("jpeg/splice-orientation6.jpg", splice_app1(data, b"Exif\x00\x00" + tiff(6, focal=4.2, focal35=26)))

        base = open(os.path.join(ROOT, "jpeg", "baseline-420.jpg"), "rb").read()
        # A textured 96x96 picture, so that two thirds of the file ends inside the scan data.
        noisy = os.path.join(tmp, "noisy.ppm")
        write_pnm(noisy, 96, 96, lambda x, y: ((x * x + y * 7) % 256, (x * y) % 256, (x * 13 + y * y) % 256))
        cjpeg(noisy, os.path.join(tmp, "noisy.jpg"), "-quality", "95")
        long = open(os.path.join(tmp, "noisy.jpg"), "rb").read()
        write("corrupt/jpeg-truncated.jpg", long[: len(long) * 2 // 3])
        write("corrupt/jpeg-header-only.jpg", base[: find_sof(base) + 20])
        write("corrupt/jpeg-bomb.jpg", patch_sof_size(base, 60000, 60000))
        gray = open(os.path.join(ROOT, "jpeg", "gray.jpg"), "rb").read()
        write("corrupt/jpeg-cmyk.jpg", make_cmyk_header(gray))
        write("corrupt/jpeg-no-quant-table.jpg", strip_segments(base, 0xDB))
    write_heif_fixtures()


def heif_card(x, y, c):
    """The 64x48 HEIF test card, 8 bits; the 16-bit card is this times 257."""
    return (x * 3 + y * 5 + c * 60) % 256


def write_heif_fixtures():
    """HEIF files from heif-enc (libheif-examples): lossless 8- and 10-bit cards (RGB coded with
    matrix 0, so the pixels are exact), a rotated photo with EXIF as a phone writes it, the same
    with the phone's gain-map metadata reference that libheif 1.15 refuses, and broken files."""
    with tempfile.TemporaryDirectory() as tmp:
        card8 = os.path.join(tmp, "card8.png")
        with open(card8, "wb") as f:
            f.write(png_bytes(64, 48, 2, 8, b"".join(raw_rows(64, 48, 3, 8, heif_card))))
        card16 = os.path.join(tmp, "card16.png")
        with open(card16, "wb") as f:
            f.write(png_bytes(64, 48, 2, 16, b"".join(raw_rows(64, 48, 3, 16, lambda x, y, c: heif_card(x, y, c) * 257))))
        lossless = ["-L", "-p", "chroma=444", "--matrix_coefficients", "0"]
        heif_enc(card8, os.path.join(tmp, "rgb8.heic"), *lossless)
        # A Display P3 description in a 'colr' box (nclx: primaries 12, transfer 13, matrix 0, full range).
        nclx = iso_box(b"colr", b"nclx" + struct.pack(">HHHB", 12, 13, 0, 0x80))
        rgb8 = open(os.path.join(tmp, "rgb8.heic"), "rb").read()
        write("heif/rgb8-p3.heic", heif_edit_meta(rgb8, lambda ch: heif_add_property(ch, 2, nclx)))
        heif_enc(card16, os.path.join(tmp, "rgb10.heic"), *lossless, "-b", "10")
        write("heif/rgb10.heic", open(os.path.join(tmp, "rgb10.heic"), "rb").read())
        heif_enc(card8, os.path.join(tmp, "rgb8.avif"), "-A", *lossless)
        write("heif/rgb8.avif", open(os.path.join(tmp, "rgb8.avif"), "rb").read())
        # heif-enc's "lossless" is off by a level here and there, so heif-convert's reading is the
        # golden decode (a 16-bit PNG holding the 10-bit values shifted left by 6).
        for name in ("rgb8-p3.heic", "rgb10.heic", "rgb8.avif"):
            src = os.path.join(ROOT, "heif", name)
            subprocess.run(["heif-convert", src, src + ".png"], check=True, stdout=subprocess.DEVNULL)

        # The phone's layout: the picture stored on its side with EXIF orientation 6 and an 'irot'
        # turning it upright (270 degrees anticlockwise). Upright 64x32: red | green over blue | white.
        def upright(x, y):
            if y < 16:
                return (255, 0, 0) if x < 32 else (0, 255, 0)
            return (0, 0, 255) if x < 32 else (255, 255, 255)
        stored = os.path.join(tmp, "stored.ppm")
        write_pnm(stored, 32, 64, lambda x, y: upright(63 - y, x))
        jpeg = os.path.join(tmp, "stored.jpg")
        cjpeg(stored, jpeg, "-quality", "95")
        with open(jpeg, "rb") as f:
            data = splice_app1(f.read(), b"Exif\x00\x00" + tiff(6, focal=4.2, focal35=26))
        with open(jpeg, "wb") as f:
            f.write(data)
        heif_enc(jpeg, os.path.join(tmp, "stored.heic"), "-q", "95")
        irot = iso_box(b"irot", bytes([3]))
        base = open(os.path.join(tmp, "stored.heic"), "rb").read()
        rotated = heif_edit_meta(base, lambda ch: heif_add_property(ch, 2, irot))
        write("heif/rotated.heic", rotated)

        # iOS 17+: the EXIF item also describes the HDR gain-map image ('tmap', item 4), which
        # libheif 1.15 does not know ("Metadata not correctly assigned to image").
        def gain_map(ch):
            ch = heif_add_item(ch, 4, b"tmap")
            ch = heif_add_idat_item(ch, 4, bytes([0, 0, 1, 0, 0, 0, 0, 0, 0, 0]))
            return heif_set_references(ch, [(b"dimg", 2, [1]), (b"cdsc", 3, [2, 4])])
        write("heif/rotated-gainmap-reference.heic", heif_edit_meta(rotated, gain_map))

        write("corrupt/heic-truncated.heic", rotated[: len(rotated) * 2 // 3])
        meta_end = [e for k, s, e in iso_boxes(rotated, 0, len(rotated)) if k == b"meta"][0]
        write("corrupt/heic-truncated-meta.heic", rotated[: meta_end // 2])
        # The coded tile's first NAL unit claims 2 GB (its 4-byte length prefix).
        damaged = bytearray(rotated)
        struct.pack_into(">I", damaged, heif_item_offset(rotated, 1), 0x7FFFFFF0)
        write("corrupt/heic-damaged.heic", bytes(damaged))
        # Every 'ispe' claims 40000 x 40000 pixels (1.6 gigapixels).
        bomb = bytearray(rgb8)
        pos = bomb.find(b"ispe")
        while pos >= 0:
            struct.pack_into(">II", bomb, pos + 8, 40000, 40000)
            pos = bomb.find(b"ispe", pos + 4)
        write("corrupt/heic-bomb.heic", bytes(bomb))


if __name__ == "__main__":
    sys.exit(main())
