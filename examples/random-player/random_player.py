#!/usr/bin/env python3
"""A legal random player for pref's line protocol (docs/protocol.md).

Python 3 standard library only. pref runs it as

    pref match --players strong,exec:'python3 examples/random-player/random_player.py'

It reads one JSON message a line on standard input and answers on standard
output: the handshake, then one legal action id per decision, chosen at
random. Messages of a type it does not know (an outcome) need no answer.
It exits when its input ends. An optional argument seeds its choices.
"""

import json
import random
import sys

PROTOCOL = "pref/1"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()  # pref waits for the whole line


def main():
    rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                sys.exit("random_player: pref speaks %r, I speak %r" % (message.get("protocol"), PROTOCOL))
            send({"protocol": PROTOCOL, "name": "random"})
        elif kind == "decide":
            choice = rng.choice(message["legal"])
            send({"n": message["n"], "id": choice["id"]})
        # "outcome" and anything newer: nothing to answer


if __name__ == "__main__":
    main()
