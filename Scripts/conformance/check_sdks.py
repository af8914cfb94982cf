#!/usr/bin/env python3
"""Checks stub-server against the official `openai` and `google-genai` SDKs.

Each check starts from a fresh stub state, sets a mode through the control API, calls the SDK
exactly as an application would, and asserts what the SDK returned or raised: the class, the
HTTP status, the error code/status fields and key response fields. The expectations are the
SDKs' documented behaviour with the real services (docs/providers.md, OpenAI edits and
Gemini generateContent; ../shared/providers/captures/*/sdk_results.json).
Exit status: 0 when every check passes, 1 otherwise.
"""
import argparse
import base64
import json
import struct
import subprocess
import sys
import traceback
import urllib.request
import zlib

import openai
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

OPENAI_KEY = "sk-conformance-0123456789abcdefghijklmnopqrstuvwxyz0123"
GEMINI_KEY = "AIzaSyConformance0123456789abcdefghijk"


def png(width, height, channels, pixel):
    """A minimal 8-bit PNG writer (gray=1, RGB=3, RGBA=4 channels)."""
    color_type = {1: 0, 3: 2, 4: 6}[channels]
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


CROP = png(48, 32, 3, lambda x, y: (x * 5 % 256, y * 7 % 256, 90))
RGBA_MASK = png(48, 32, 4, lambda x, y: (0, 0, 0, 0 if 12 <= x < 36 and 8 <= y < 24 else 255))
GRAY_MASK = png(48, 32, 1, lambda x, y: (255 if 12 <= x < 36 and 8 <= y < 24 else 0,))
PROMPT = "Remove the glass reflection in the masked area."


class Stub:
    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary, "--exit-on-stdin-eof"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        assert line.startswith("PORT="), f"unexpected first line {line!r}"
        self.port = int(line[5:])
        self.base = f"http://127.0.0.1:{self.port}"

    def control(self, method, path):
        request = urllib.request.Request(self.base + path, data=b"" if method == "POST" else None, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.read()

    def mode(self, name, times=None, **options):
        query = f"mode={name}" + (f"&times={times}" if times else "")
        query += "".join(f"&{key}={value}" for key, value in options.items())
        self.control("POST", "/__control/reset")
        self.control("POST", "/__control/mode?" + query)

    def requests(self):
        return json.loads(self.control("GET", "/__control/requests"))

    def stop(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()


RESULTS = []


def check(name):
    def wrap(function):
        def run(stub):
            try:
                detail = function(stub) or ""
                RESULTS.append((True, name, detail))
            except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
                RESULTS.append((False, name, f"{type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}"))
        run.check_name = name
        return run
    return wrap


def expect_raises(cls, call):
    try:
        call()
    except cls as error:
        return error
    raise AssertionError(f"expected {cls.__name__}, nothing raised")


# MARK: - OpenAI

def openai_failure(stub, mode, cls):
    """The `cls` error that a default edit raises with stub-server in `mode`."""
    stub.mode(mode)
    return expect_raises(cls, lambda: openai_edit(openai_client(stub)))


def openai_client(stub, retries=0):
    return openai.OpenAI(api_key=OPENAI_KEY, base_url=stub.base + "/v1", max_retries=retries)


def openai_edit(client, **extra):
    arguments = dict(
        model="gpt-image-1.5", image=("image.png", CROP, "image/png"), mask=("mask.png", RGBA_MASK, "image/png"),
        prompt=PROMPT, size="1536x1024", quality="high", input_fidelity="high", output_format="png", n=1)
    arguments.update(extra)
    return client.images.edit(**arguments)


@check("openai: success parses (b64_json PNG of the requested size, usage, size, created)")
def openai_ok(stub):
    stub.mode("ok")
    result = openai_edit(openai_client(stub))
    data = base64.b64decode(result.data[0].b64_json)
    assert png_size(data) == (1536, 1024), png_size(data)
    assert result.size == "1536x1024" and result.quality == "high" and result.output_format == "png"
    assert result.usage.output_tokens == 6208 and result.usage.input_tokens_details.image_tokens == 1040
    assert isinstance(result.created, int)
    recorded = stub.requests()[0]
    assert recorded["status"] == 200 and recorded["path"] == "/v1/images/edits"
    return f"{len(data)} byte PNG"


@check("openai: raw bytes upload (application/octet-stream) is refused like the real API")
def openai_octet_stream(stub):
    stub.mode("ok")
    error = expect_raises(openai.BadRequestError, lambda: openai_edit(openai_client(stub), image=CROP, mask=RGBA_MASK))
    assert error.status_code == 400 and error.code == "unsupported_file_mimetype" and error.param == "image", error.body
    assert "unsupported mimetype ('application/octet-stream')" in error.message


@check("openai: response_format is an unknown parameter (400)")
def openai_response_format(stub):
    stub.mode("ok")
    error = expect_raises(
        openai.BadRequestError, lambda: openai_client(stub).images.edit(
            model="gpt-image-1.5", image=("image.png", CROP, "image/png"), prompt=PROMPT, response_format="b64_json"))
    assert error.code == "unknown_parameter" and error.param == "response_format"


@check("openai: a mask without alpha and a mask of another size are refused (400, param mask)")
def openai_mask_checks(stub):
    stub.mode("ok")
    for mask in (GRAY_MASK, png(16, 16, 4, lambda x, y: (0, 0, 0, 0))):
        error = expect_raises(openai.BadRequestError, lambda: openai_edit(openai_client(stub), mask=("mask.png", mask, "image/png")))
        assert error.param == "mask", error.body


@check("openai: bad size, unknown model -> 400 invalid_value")
def openai_invalid_values(stub):
    stub.mode("ok")
    for extra, param in ((dict(size="512x512"), "size"), (dict(model="dall-e-9"), "model")):
        error = expect_raises(openai.BadRequestError, lambda: openai_edit(openai_client(stub), **extra))
        assert error.code == "invalid_value" and error.param == param, error.body


@check("openai: 401 invalid_api_key -> AuthenticationError")
def openai_401(stub):
    error = openai_failure(stub, "unauthorized", openai.AuthenticationError)
    assert error.status_code == 401 and error.code == "invalid_api_key" and error.type == "invalid_request_error"
    assert str(error).startswith("Error code: 401 - Incorrect API key provided"), str(error)
    assert error.request_id and error.request_id.startswith("req_stub_")


@check("openai: 403 organization verification -> PermissionDeniedError")
def openai_403(stub):
    error = openai_failure(stub, "forbidden", openai.PermissionDeniedError)
    assert "organization must be verified" in error.message


@check("openai: 429 rate_limit_exceeded -> RateLimitError; the SDK retries after retry-after-ms and succeeds")
def openai_rate_limit(stub):
    error = openai_failure(stub, "rate-limit", openai.RateLimitError)
    assert error.code == "rate_limit_exceeded"
    stub.mode("rate-limit", times=2, retry_ms=50)
    result = openai_edit(openai_client(stub, retries=2))
    assert result.data[0].b64_json
    counts = [dict(r["headers"]).get("x-stainless-retry-count") for r in stub.requests()]
    assert counts == ["0", "1", "2"], counts
    return "3 requests, retry counts 0/1/2"


@check("openai: 429 insufficient_quota -> RateLimitError with code insufficient_quota")
def openai_quota(stub):
    error = openai_failure(stub, "quota", openai.RateLimitError)
    assert error.code == "insufficient_quota" and error.type == "insufficient_quota"


@check("openai: 500 / 503 JSON and 502 HTML -> InternalServerError")
def openai_server_errors(stub):
    for mode, status in (("server-error", 500), ("overloaded", 503), ("html-error", 502)):
        error = openai_failure(stub, mode, openai.InternalServerError)
        assert error.status_code == status, (mode, error.status_code)
    assert str(error) == "Error code: 502", str(error)  # non-JSON body: as captured (025)


@check("openai: moderation_blocked -> BadRequestError")
def openai_safety(stub):
    error = openai_failure(stub, "safety", openai.BadRequestError)
    assert error.code == "moderation_blocked" and error.type == "image_generation_user_error"


@check("openai: models.list() parses")
def openai_models(stub):
    stub.mode("ok")
    ids = [model.id for model in openai_client(stub).models.list()]
    assert "gpt-image-1.5" in ids and "gpt-image-2" in ids, ids


# MARK: - Gemini

def gemini_failure(stub, mode, cls):
    """The `cls` error that a default edit raises with stub-server in `mode`."""
    stub.mode(mode)
    return expect_raises(cls, lambda: gemini_edit(gemini_client(stub)))


def gemini_client(stub, version=None):
    options = types.HttpOptions(base_url=stub.base + "/", api_version=version) if version else types.HttpOptions(base_url=stub.base + "/")
    return genai.Client(api_key=GEMINI_KEY, http_options=options)


def gemini_edit(client, model="gemini-3.1-flash-image", ratio="3:2", **config):
    return client.models.generate_content(
        model=model,
        contents=[PROMPT, types.Part.from_bytes(data=CROP, mime_type="image/png"),
                  types.Part.from_bytes(data=GRAY_MASK, mime_type="image/png")],
        config=types.GenerateContentConfig(
            response_modalities=["TEXT", "IMAGE"], image_config=types.ImageConfig(aspect_ratio=ratio, **config)))


def final_image(response):
    images = [p.inline_data.data for p in response.candidates[0].content.parts if p.inline_data and not p.thought]
    return images[-1]


@check("gemini: success parses (inline PNG of the ratio's size, text, usage, finish reason)")
def gemini_ok(stub):
    stub.mode("ok")
    response = gemini_edit(gemini_client(stub))
    assert png_size(final_image(response)) == (1264, 848)
    assert response.text == "Here is the edited image."
    assert response.usage_metadata.candidates_token_count == 1120
    assert response.candidates[0].finish_reason == types.FinishReason.STOP
    recorded = stub.requests()[0]
    assert recorded["path"] == "/v1/models/gemini-3.1-flash-image:generateContent" and recorded["status"] == 200
    alphabets = {image["alphabet"] for image in recorded["inline_images"]}
    return f"SDK sent base64 alphabet(s) {sorted(alphabets)}, part keys {[i['part_key'] + '/' + i['mime_key'] for i in recorded['inline_images']]}"


@check("gemini: imageSize 2K and api_version v1beta are honoured")
def gemini_image_size(stub):
    stub.mode("ok")
    response = gemini_edit(gemini_client(stub, version="v1beta"), ratio="1:1", image_size="2K")
    assert png_size(final_image(response)) == (2048, 2048)
    assert stub.requests()[0]["path"].startswith("/v1beta/")


@check("gemini: thought images come first, marked thought=True; response.text skips thoughts")
def gemini_thoughts(stub):
    stub.mode("thoughts")
    response = gemini_edit(gemini_client(stub))
    parts = response.candidates[0].content.parts
    assert [bool(p.thought) for p in parts] == [True, True, True, False, False]
    assert png_size(final_image(response)) == (1264, 848)
    assert response.text == "Here is the edited image.", response.text


@check("gemini: URL-safe base64 answers decode to the same bytes")
def gemini_base64url(stub):
    stub.mode("ok")
    standard = final_image(gemini_edit(gemini_client(stub)))
    stub.mode("ok-base64url")
    assert final_image(gemini_edit(gemini_client(stub))) == standard


@check("gemini: IMAGE_SAFETY / NO_IMAGE / blockReason / text-only are HTTP 200 without an exception")
def gemini_blocks(stub):
    stub.mode("safety")
    response = gemini_edit(gemini_client(stub))
    assert response.candidates[0].finish_reason == types.FinishReason.IMAGE_SAFETY and response.parts is None
    stub.mode("no-image")
    assert gemini_edit(gemini_client(stub)).candidates[0].finish_reason == types.FinishReason.NO_IMAGE
    stub.mode("prompt-blocked")
    response = gemini_edit(gemini_client(stub))
    assert response.candidates is None and response.prompt_feedback.block_reason == types.BlockedReason.PROHIBITED_CONTENT
    stub.mode("text-only")
    assert gemini_edit(gemini_client(stub)).text.startswith("I can't edit this image")


@check("gemini: API_KEY_INVALID -> ClientError 400 INVALID_ARGUMENT with the ErrorInfo detail")
def gemini_key(stub):
    error = gemini_failure(stub, "unauthorized", genai_errors.ClientError)
    assert error.code == 400 and error.status == "INVALID_ARGUMENT"
    assert error.details["error"]["details"][0]["reason"] == "API_KEY_INVALID"
    assert str(error).startswith("400 INVALID_ARGUMENT. {'error': {'code': 400, 'message': 'API key not valid."), str(error)[:120]


@check("gemini: 403 PERMISSION_DENIED -> ClientError")
def gemini_403(stub):
    error = gemini_failure(stub, "forbidden", genai_errors.ClientError)
    assert error.code == 403 and error.status == "PERMISSION_DENIED"


@check("gemini: 429 free tier (limit: 0) and plain rate limit -> ClientError 429 RESOURCE_EXHAUSTED")
def gemini_quota(stub):
    for mode in ("quota", "rate-limit", "quota-detail"):
        error = gemini_failure(stub, mode, genai_errors.ClientError)
        assert error.code == 429 and error.status == "RESOURCE_EXHAUSTED", mode
    error = gemini_failure(stub, "quota", genai_errors.ClientError)
    assert "limit: 0" in error.message


@check("gemini: 500 / 503 JSON and 502 HTML -> ServerError")
def gemini_server_errors(stub):
    for mode, status in (("server-error", 500), ("overloaded", 503), ("html-error", 502)):
        error = gemini_failure(stub, mode, genai_errors.ServerError)
        assert error.code == status, (mode, error.code)
    assert error.status == "Bad Gateway", error.status  # non-JSON body: HTTP reason phrase, as captured (049)


@check("gemini: unknown model -> ClientError 404 NOT_FOUND; unknown aspect ratio -> 400")
def gemini_not_found(stub):
    stub.mode("ok")
    error = expect_raises(genai_errors.ClientError, lambda: gemini_edit(gemini_client(stub), model="gemini-9-text"))
    assert error.code == 404 and error.status == "NOT_FOUND"
    error = expect_raises(genai_errors.ClientError, lambda: gemini_edit(gemini_client(stub), ratio="7:3"))
    assert error.code == 400


@check("gemini: models.list() parses")
def gemini_models(stub):
    stub.mode("ok")
    client = gemini_client(stub)  # keep a reference: a collected client closes its connection pool
    names = [model.name for model in client.models.list()]
    assert "models/gemini-3.1-flash-image" in names, names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stub", required=True, help="path to the stub-server binary")
    arguments = parser.parse_args()
    stub = Stub(arguments.stub)
    try:
        for value in list(globals().values()):
            if callable(value) and hasattr(value, "check_name"):
                value(stub)
    finally:
        stub.stop()
    failures = 0
    for passed, name, detail in RESULTS:
        print(("PASS " if passed else "FAIL ") + name + (f" ({detail})" if passed and detail else ""))
        if not passed:
            failures += 1
            print("     " + detail.replace("\n", "\n     "))
    print(f"{len(RESULTS) - failures}/{len(RESULTS)} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
