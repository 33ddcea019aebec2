# the main thread's event loop: made once by get_event_loop, gone after asyncio.run
import asyncio
async def main():
    return asyncio.get_event_loop() is asyncio.get_running_loop()
print(asyncio.run(main()))
try:
    asyncio.get_event_loop()
except RuntimeError as e:
    print(e)
try:
    asyncio.Future()
except RuntimeError as e:
    print(e)
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
print(asyncio.get_event_loop() is loop)
f = asyncio.Future()
print(f.get_loop() is loop)
loop.call_soon(f.set_result, 9)
print(loop.run_until_complete(f))
print(asyncio.gather().get_loop() is loop)
loop.close()
