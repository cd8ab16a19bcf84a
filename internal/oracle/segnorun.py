"""Runs segno (Debian's python3-segno) for the Go tests of internal/oracle.

Reads one JSON request on stdin and writes one JSON answer on stdout:
  {"make": [{"text": base64, "version": "M3" or "7", "error": "L" or null,
             "mask": 0 or null}, ...]}
  {"sequence": [{"text": base64 of ASCII, "count": 4 or null, "version": 1 or null,
                 "error": "M", "mask": 4 or null}, ...]}
Each symbol comes back as {"version", "error", "mask", "rows": ["0101...", ...]};
a request segno refuses as {"error_message": "..."}. Text is passed as bytes
so that segno keeps them as they are; boost_error is off, so that the level
is the one asked for.
"""
import base64
import json
import sys

import segno


def rows(qr):
    return ["".join("1" if m else "0" for m in row) for row in qr.matrix]


def symbol(qr):
    return {"version": qr.designator.split("-")[0], "error": qr.error, "mask": qr.mask, "rows": rows(qr)}


def make(spec):
    version = spec["version"]
    return segno.make(base64.b64decode(spec["text"]), version=version, error=spec.get("error"),
                      mask=spec.get("mask"), micro=version.upper().startswith("M"), boost_error=False)


def sequence(spec):
    # As text, not bytes: segno takes the parity of str(content).
    return segno.make_sequence(base64.b64decode(spec["text"]).decode("ascii"), version=spec.get("version"),
                               symbol_count=spec.get("count"), error=spec.get("error"),
                               mask=spec.get("mask"), boost_error=False)


def main():
    req = json.load(sys.stdin)
    out = []
    for spec in req.get("make", []):
        try:
            out.append(symbol(make(spec)))
        except ValueError as e:
            out.append({"error_message": str(e)})
    for spec in req.get("sequence", []):
        try:
            out.append([symbol(qr) for qr in sequence(spec)])
        except ValueError as e:
            out.append([{"error_message": str(e)}])
    json.dump(out, sys.stdout)


main()
