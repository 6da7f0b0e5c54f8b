"""Writes N card records (public test numbers, some tampered, expiry and CVC) as JSON Lines."""
import json
import random
import sys

NUMBERS = ["4111111111111111", "5555555555554444", "378282246310005", "6011111111111117", "3530111333300000",
           "4012888888881881", "2223003122003222", "30569309025904", "6200000000000005", "6759649826438453"]
n = int(sys.argv[1])
rng = random.Random(7)
out = sys.stdout
for i in range(n):
    number = rng.choice(NUMBERS)
    if i % 5 == 0:
        number = number[:-1] + str((int(number[-1]) + 1) % 10)
    if i % 3 == 0:
        number = " ".join(number[j:j + 4] for j in range(0, len(number), 4))
    out.write(json.dumps({"id": i, "number": number, "expiry": "%02d/%02d" % (rng.randint(1, 12), rng.randint(24, 33)),
                          "cvc": "%03d" % rng.randint(0, 999)}) + "\n")
