#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora: small valid and slightly broken inputs for each target.

Usage: python3 Fuzz/make_seeds.py OUTDIR   (Scripts/fuzz.sh runs it into Fuzz/.corpus/seeds)

Every seed is made here or copied from Fixtures/ (files the project makes); nothing is downloaded.
One folder per target: png, jpeg, heif, exif, arguments, corners, openai, gemini, multipart.
"""
import base64
import json
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Fixtures")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, color_type=2, depth=8, extra=b"", interlace=0, level=6):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    row = (width * channels * depth + 7) // 8
    raw = b"".join(b"\x00" + bytes((x * 7 + y * 13) % 256 for x in range(row)) for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace)
    plte = chunk(b"PLTE", bytes(range(48))) if color_type == 3 else b""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + plte + extra
            + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b""))


def tiff(big_endian, entries):
    """A TIFF structure with IFD0 holding (tag, type, count, value) entries; value is an int."""
    order = ">" if big_endian else "<"
    out = (b"MM\x00\x2a" if big_endian else b"II\x2a\x00") + struct.pack(order + "I", 8)
    out += struct.pack(order + "H", len(entries))
    for tag, kind, count, value in entries:
        packed = struct.pack(order + "H", value) + b"\x00\x00" if kind == 3 else struct.pack(order + "I", value)
        out += struct.pack(order + "HHI", tag, kind, count) + packed
    return out + b"\x00\x00\x00\x00"


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data if isinstance(data, bytes) else data.encode())


def copy_fixtures(folder, subfolder, suffixes, prefix=""):
    path = os.path.join(FIXTURES, subfolder)
    for name in sorted(os.listdir(path)):
        if name.startswith(prefix) and name.endswith(suffixes):
            with open(os.path.join(path, name), "rb") as handle:
                write(folder, subfolder + "-" + name, handle.read())


def app1_exif(jpeg):
    """The TIFF structure of the first Exif APP1 segment, or None."""
    offset = 2
    while offset + 4 <= len(jpeg) and jpeg[offset] == 0xFF:
        marker = jpeg[offset + 1]
        length = struct.unpack(">H", jpeg[offset + 2:offset + 4])[0]
        body = jpeg[offset + 4:offset + 2 + length]
        if marker == 0xE1 and body.startswith(b"Exif\x00\x00"):
            return body[6:]
        if marker == 0xDA:
            return None
        offset += 2 + length
    return None


def seeds_png(out):
    folder = os.path.join(out, "png")
    copy_fixtures(folder, "png", ".png")
    copy_fixtures(folder, "corrupt", ".png", "png-")
    write(folder, "small-rgb.png", png(9, 7))
    write(folder, "palette.png", png(5, 4, color_type=3, extra=chunk(b"tRNS", b"\x00\x80")))
    write(folder, "gray2-interlaced.png", png(11, 6, color_type=0, depth=2, interlace=1))
    write(folder, "rgba16.png", png(4, 3, color_type=6, depth=16))
    write(folder, "texts.png", png(3, 3, extra=chunk(b"tEXt", b"Comment\x00hello")
                                   + chunk(b"zTXt", b"Title\x00\x00" + zlib.compress(b"a title"))
                                   + chunk(b"iTXt", b"XML:com.adobe.xmp\x00\x00\x00\x00\x00<x:xmpmeta/>")))
    write(folder, "iccp-exif.png", png(3, 3, extra=chunk(b"iCCP", b"icc\x00\x00" + zlib.compress(b"\x00" * 128))
                                       + chunk(b"eXIf", tiff(False, [(0x0112, 3, 1, 6)]))
                                       + chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1))
                                       + chunk(b"sRGB", b"\x00") + chunk(b"gAMA", struct.pack(">I", 45455))))


def seeds_jpeg(out):
    folder = os.path.join(out, "jpeg")
    copy_fixtures(folder, "jpeg", ".jpg")
    copy_fixtures(folder, "orientation", ".jpg")
    copy_fixtures(folder, "corrupt", ".jpg", "jpeg-")


def seeds_heif(out):
    folder = os.path.join(out, "heif")
    copy_fixtures(folder, "heif", (".heic", ".avif"))


def seeds_exif(out):
    folder = os.path.join(out, "exif")
    for sub in ("orientation", "jpeg"):
        for name in sorted(os.listdir(os.path.join(FIXTURES, sub))):
            if name.endswith(".jpg"):
                with open(os.path.join(FIXTURES, sub, name), "rb") as handle:
                    structure = app1_exif(handle.read())
                if structure:
                    write(folder, sub + "-" + name + ".tiff", structure)
    for big in (False, True):
        suffix = "be" if big else "le"
        write(folder, "orientation-" + suffix + ".tiff", tiff(big, [(0x0112, 3, 1, 8)]))
        # IFD0 pointing at an EXIF sub-IFD (offset 26) with FocalLengthIn35mmFilm.
        base = tiff(big, [(0x0112, 3, 1, 3), (0x8769, 4, 1, 26)])
        order = ">" if big else "<"
        sub = struct.pack(order + "H", 1) + struct.pack(order + "HHI", 0xA405, 3, 1) + struct.pack(order + "H", 26)
        write(folder, "focal-" + suffix + ".tiff", base + sub + b"\x00\x00\x00\x00\x00\x00")


def seeds_arguments(out):
    folder = os.path.join(out, "arguments")
    lines = [
        ["remove", "photo.jpg", "--mask", "glare.png"],
        ["remove", "photo.jpg", "--mask", "auto", "-o", "clean.png", "--method", "fill", "--feather", "0"],
        ["remove", "photo.jpg", "--mask", "m.png", "--provider", "openai", "--quality", "high", "--timeout", "30",
         "--padding", "0.5", "--dry-run", "upload", "--json", "--force", "--max-pixels", "1000"],
        ["remove", "photo.jpg", "--mask=m.png", "--provider=gemini", "--model", "gemini-3.1-flash-image",
         "--prompt", "remove the glare", "--compression", "smallest"],
        ["detect", "photo.jpg", "-o", "mask.png", "--overlay", "o.png", "--margin-band", "12", "--json"],
        ["straighten", "photo.jpg", "--corners", "60,50,300,40,290,230,70,220", "--margin", "-3", "--target",
         "painting", "--detect-only"],
        ["verify", "a.png", "b.png", "--mask", "m.png", "--json"],
        ["keys", "status", "--json"], ["keys", "check", "openai", "--timeout", "5"], ["keys", "set", "gemini"],
        ["help", "remove"], ["keys", "--help"], ["--version"], ["remove", "--", "-photo.jpg", "--mask", "m.png"],
    ]
    for index, words in enumerate(lines):
        write(folder, "line-%02d" % index, "\x00".join(words))


def seeds_corners(out):
    folder = os.path.join(out, "corners")
    for index, text in enumerate([
        "10,8,85,6,88,58,9,60", "10,8,85,6,88,58,9,60;4", "0,0,95,0,95,63,0,63;-2", "1e2,0,0,1e2,5,5,6,6",
        " 10 , 8 ,85,6,88,58,9,60", "10,8,85,6,88,58,9,60;1e6", "0.5,0.25,90.75,1,91,62.5,0,63;0.5",
    ]):
        write(folder, "corners-%02d" % index, text)


def multipart(boundary, parts, quote=False):
    """A Content-Type line, then a multipart/form-data body with (name, filename, type, data) parts."""
    body = b""
    for name, filename, kind, data in parts:
        body += b"--" + boundary + b"\r\n"
        disposition = b'Content-Disposition: form-data; name="' + name + b'"'
        if filename is not None:
            disposition += b'; filename="' + filename + b'"'
        body += disposition + b"\r\n"
        if kind is not None:
            body += b"Content-Type: " + kind + b"\r\n"
        body += b"\r\n" + data + b"\r\n"
    body += b"--" + boundary + b"--\r\n"
    value = b'"' + boundary + b'"' if quote else boundary
    return b"multipart/form-data; boundary=" + value + b"\n" + body


def seeds_multipart(out):
    folder = os.path.join(out, "multipart")
    image = png(4, 3)
    edit = [(b"model", None, None, b"gpt-image-1.5"), (b"prompt", None, None, b"remove the glare"),
            (b"image", b"image.png", b"image/png", image), (b"mask", b"mask.png", b"image/png", png(4, 3, 6)),
            (b"quality", None, None, b"high"), (b"size", None, None, b"1536x1024")]
    write(folder, "openai-edit", multipart(b"------------------------deglare0123456789", edit))
    write(folder, "quoted-boundary", multipart(b"a b:c", edit[:2], quote=True))
    write(folder, "empty", multipart(b"x", []))
    write(folder, "crlf-in-data", multipart(b"xyz", [(b"n", None, None, b"a\r\n--xy\r\n--xyz-")]))


KEY = "sk-fuzz-0123456789abcdefABCDEF"  # FuzzResponse.key: no message may hold it
STATUS = {200: 0, 400: 3, 401: 4, 403: 5, 404: 6, 408: 7, 409: 8, 429: 9, 500: 10, 503: 11}


def answer(status, body):
    """A fuzz-openai/fuzz-gemini input: a byte picking the status, then the body."""
    return bytes([STATUS[status]]) + (body if isinstance(body, bytes) else json.dumps(body).encode())


def seeds_openai(out):
    folder = os.path.join(out, "openai")
    image = base64.b64encode(png(96, 64)).decode()
    usage = {"input_tokens": 50, "output_tokens": 4160, "total_tokens": 4210,
             "input_tokens_details": {"image_tokens": 40, "text_tokens": 10}}
    write(folder, "ok", answer(200, {"created": 1700000000, "data": [{"b64_json": image}], "usage": usage}))
    write(folder, "url", answer(200, {"created": 1, "data": [{"url": "https://example.invalid/x.png"}]}))
    write(folder, "not-base64", answer(200, {"data": [{"b64_json": "!!" + image[:40]}]}))
    write(folder, "webp", answer(200, {"data": [{"b64_json": base64.b64encode(b"RIFF\0\0\0\0WEBPVP8 ").decode()}]}))
    write(folder, "bad-key", answer(401, {"error": {"message": "Incorrect API key provided: " + KEY.upper(),
                                                    "type": "invalid_request_error", "code": "invalid_api_key"}}))
    write(folder, "quota", answer(429, {"error": {"message": "You exceeded your current quota",
                                                  "type": "insufficient_quota", "code": "insufficient_quota"}}))
    write(folder, "moderation", answer(400, {"error": {"message": "Your request was rejected by the safety system.",
                                                       "type": "image_generation_user_error",
                                                       "code": "moderation_blocked"}}))
    write(folder, "html", answer(503, b"<html><body>Service Unavailable " + KEY.encode()[:20] + b"</body></html>"))


def seeds_gemini(out):
    folder = os.path.join(out, "gemini")
    image = base64.b64encode(png(96, 64)).decode()
    inline = {"inlineData": {"mimeType": "image/png", "data": image}}
    usage = {"promptTokenCount": 300, "candidatesTokenCount": 1290, "totalTokenCount": 1590}
    write(folder, "ok", answer(200, {"candidates": [{"content": {"parts": [{"text": "Here it is."}, inline],
                                                                 "role": "model"}, "finishReason": "STOP"}],
                                     "usageMetadata": usage}))
    write(folder, "thought", answer(200, {"candidates": [{"content": {"parts": [dict(inline, thought=True),
                                                                                {"inline_data": inline["inlineData"]}]}}]}))
    write(folder, "text-only", answer(200, {"candidates": [{"content": {"parts": [{"text": "I cannot " + KEY}]},
                                                            "finishReason": "IMAGE_SAFETY"}]}))
    write(folder, "blocked", answer(200, {"promptFeedback": {"blockReason": "SAFETY",
                                                             "blockReasonMessage": "blocked"}}))
    write(folder, "bad-key", answer(400, {"error": {"code": 400, "message": "API key not valid: " + KEY,
                                                    "status": "INVALID_ARGUMENT",
                                                    "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                                                 "reason": "API_KEY_INVALID"}]}}))
    write(folder, "quota", answer(429, {"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED",
                                                  "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo",
                                                               "retryDelay": "2s"}]}}))
    write(folder, "base64-key", answer(500, {"error": {"message": base64.b64encode(KEY.encode()).decode()}}))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    for make in (seeds_png, seeds_jpeg, seeds_heif, seeds_exif, seeds_arguments, seeds_corners,
                 seeds_multipart, seeds_openai, seeds_gemini):
        make(out)


if __name__ == "__main__":
    main()
