# Future reprs: results shortened as reprlib.repr does, the states of a cancelled task
import asyncio
async def main():
    for v in [[1,2,3,4,5,6,7,8,9,10], "x"*50, "short", "é"*40, 10**50, (1,), (1,2,3,4,5,6,7), {1,5,3,2,9,8,7,6}, frozenset(), set(),
              {"a": 1, "b": [1,2,[3,[4,[5,[6,[7]]]]]], "c": 3, "d": 4, "e": 5}, {}, 3.14159, True, None,
              [[[[[[[[1]]]]]]]], "a'b\"c"*10, object, list(range(3)), ("x"*40,), b"y"*40, {3: "x", 1: "y"}]:
        f = asyncio.Future(); f.set_result(v); print(f)
    t = asyncio.create_task(asyncio.sleep(1))
    await asyncio.sleep(0)
    t.cancel()
    print(repr(t).split(" coro=")[0])
    await asyncio.sleep(0)
asyncio.run(main())
