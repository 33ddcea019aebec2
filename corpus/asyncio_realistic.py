# the kind of program a model writes: fetch pages concurrently with a limit, retry, summarize
import asyncio
import random

random.seed(7)
PAGES = {f"page{i}": i * 3 for i in range(8)}
attempts = {}


async def fetch(url, sem):
    async with sem:
        attempts[url] = attempts.get(url, 0) + 1
        await asyncio.sleep(0)
        if url == "page5" and attempts[url] < 2:
            raise ConnectionError(f"{url} unavailable")
        return url, PAGES[url]


async def fetch_with_retry(url, sem, retries=3):
    for attempt in range(1, retries + 1):
        try:
            return await fetch(url, sem)
        except ConnectionError as e:
            print(f"retry {url} after: {e}")
    raise RuntimeError(f"gave up on {url}")


async def main():
    sem = asyncio.Semaphore(3)
    results = await asyncio.gather(*(fetch_with_retry(u, sem) for u in PAGES))
    total = sum(size for _, size in results)
    print("fetched", len(results), "pages, total size", total)
    print(dict(results))
    print("attempts", attempts)

    queue = asyncio.Queue()
    for url in PAGES:
        queue.put_nowait(url)
    processed = []

    async def crawler(name):
        while not queue.empty():
            url = queue.get_nowait()
            await asyncio.sleep(0)
            processed.append((name, url))
            queue.task_done()

    await asyncio.gather(*(crawler(f"crawler{i}") for i in range(3)))
    await queue.join()
    print(processed)
    by_crawler = {}
    for name, url in processed:
        by_crawler.setdefault(name, []).append(url)
    for name in sorted(by_crawler):
        print(name, len(by_crawler[name]))
    try:
        async with asyncio.timeout(0.01):
            await asyncio.gather(*(asyncio.sleep(1) for _ in range(3)))
    except TimeoutError:
        print("batch timed out")
    delays = [random.random() / 100 for _ in range(3)]
    print(len(await asyncio.gather(*(asyncio.sleep(d, result=d) for d in delays))))


asyncio.run(main())
