"""RedisChannelLayer against RedisPubSubChannelLayer under the table's load.

    .venv/bin/python -m bench.layer_compare [--seconds 5] [--rates 100,400]

One process plays the workers' sockets: 50 tables x 6 phones, each phone a channel
in its table's group, each receiving in its own task as a consumer does. Another
process plays the workers that publish: ``group_send`` of a push-sized payload
(about 1 KB) to the tables in turn, at a fixed total rate. It prints, per layer and
rate, the messages delivered and lost, the latency from send to receipt (p50, p99)
and the CPU seconds each side spent per message. A redis-server of its own on a
free port is started and stopped; all traffic stays on 127.0.0.1.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import time

TABLES = 50
PHONES = 6
PAYLOAD = "x" * 1000
LAYERS = {
    "RedisChannelLayer": "channels_redis.core.RedisChannelLayer",
    "RedisPubSubChannelLayer": "channels_redis.pubsub.RedisPubSubChannelLayer",
}


def make_layer(backend, url, prefix):
    module, name = backend.rsplit(".", 1)
    layer_class = getattr(__import__(module, fromlist=[name]), name)
    return layer_class(hosts=[url], prefix=prefix)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def receiver(backend, url, prefix, ready, done, out):
    async def main():
        layer = make_layer(backend, url, prefix)
        latencies, counts = [], {}

        # Join the groups one by one, as sockets connect, before any receives.
        channels = []
        for table in range(TABLES):
            for _ in range(PHONES):
                channel = await layer.new_channel()
                await layer.group_add(f"match.{table}", channel)
                channels.append(channel)
                counts[channel] = 0

        async def phone(channel):
            while True:
                message = await layer.receive(channel)
                latencies.append(time.time() - message["sent"])
                counts[channel] += 1

        _tasks = [asyncio.create_task(phone(channel)) for channel in channels]
        await asyncio.sleep(0.5)
        ready.set()
        cpu = time.process_time()
        while not done.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(2)  # let the last messages land
        cpu = time.process_time() - cpu
        out.put({"delivered": sum(counts.values()), "latencies": latencies, "cpu": cpu})
        out.close()
        out.join_thread()
        # Leave without unsubscribing 300 channels one by one: the run is over.
        os._exit(0)

    asyncio.run(main())


async def send(backend, url, prefix, rate, seconds):
    layer = make_layer(backend, url, prefix)
    total = int(rate * seconds)
    started = time.monotonic()
    cpu = time.process_time()
    for number in range(total):
        delay = started + number / rate - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        message = {"type": "match.change", "sent": time.time(), "text": PAYLOAD}
        await layer.group_send(f"match.{number % TABLES}", message)
    return total, time.process_time() - cpu, time.monotonic() - started


def run(backend, url, rate, seconds):
    prefix = f"cmp{os.getpid()}{int(time.time() * 1000) % 100000}"
    ready = multiprocessing.Event()
    done = multiprocessing.Event()
    out = multiprocessing.Queue()
    process = multiprocessing.Process(
        target=receiver, args=(backend, url, prefix, ready, done, out)
    )
    process.start()
    if not ready.wait(timeout=120):
        process.kill()
        raise TimeoutError("the receiving side did not get ready")
    sent, send_cpu, took = asyncio.run(send(backend, url, prefix, rate, seconds))
    done.set()
    result = out.get(timeout=120)
    process.join(timeout=30)
    expected = sent * PHONES
    latencies = sorted(result["latencies"]) or [float("nan")]
    return {
        "rate": rate,
        "sent": sent,
        "expected": expected,
        "delivered": result["delivered"],
        "lost": expected - result["delivered"],
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "send_cpu_ms_per_send": send_cpu / sent * 1000,
        "receive_cpu_ms_per_message": result["cpu"]
        / max(1, result["delivered"])
        * 1000,
        "achieved_rate": sent / took,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--rates", default="100,400")
    args = parser.parse_args()
    port = free_port()
    redis = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    time.sleep(0.5)
    rows = []
    try:
        for rate in [int(r) for r in args.rates.split(",")]:
            for name, backend in LAYERS.items():
                row = {"layer": name, **run(backend, url, rate, args.seconds)}
                rows.append(row)
                print(
                    f"{name:24} {rate:4} msg/s x {TABLES * PHONES} phones: "
                    f"delivered {row['delivered']}/{row['expected']} "
                    f"lost {row['lost']} p50 {row['p50_ms']:.1f} ms "
                    f"p99 {row['p99_ms']:.1f} ms "
                    f"send cpu {row['send_cpu_ms_per_send']:.2f} ms/send "
                    f"receive cpu {row['receive_cpu_ms_per_message']:.3f} ms/msg "
                    f"(achieved {row['achieved_rate']:.0f}/s)",
                    flush=True,
                )
    finally:
        redis.terminate()
        redis.wait()
    print("layer_compare: " + json.dumps(rows))


if __name__ == "__main__":
    main()
