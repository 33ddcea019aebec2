# throw() into asend awaitables: ag_running, reuse after an error, athrow and aclose after the end
class Wait:
    def __await__(self):
        yield "w"
async def ag():
    while True:
        try:
            yield 1
        except KeyError:
            await Wait()
            yield 2
a = ag()
x = a.asend(None)
try: x.send(None)
except StopIteration as e: print("v", e.value)
y = a.asend(None)
print(y.throw(KeyError), a.ag_running)
try: y.send(None)
except StopIteration as e: print("v", e.value, a.ag_running)
z = a.asend(None)
try: z.throw(ValueError("q"))
except ValueError as e: print("VE", e, a.ag_running)
try: z.send(None)
except RuntimeError as e: print(e)
w = a.athrow(ValueError)
try: w.send(None)
except Exception as e: print(type(e).__name__)
try: a.aclose().send(None)
except StopIteration: print("closed ok")
