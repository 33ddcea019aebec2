import random
random.seed(3)

try:
    print('random.randint(1,2,3)', '->', repr(random.randint(1,2,3)))
except Exception as e:
    print('random.randint(1,2,3)', '!!', type(e).__name__, e)
try:
    print('random.randint(1)', '->', repr(random.randint(1)))
except Exception as e:
    print('random.randint(1)', '!!', type(e).__name__, e)
try:
    print('random.randint()', '->', repr(random.randint()))
except Exception as e:
    print('random.randint()', '!!', type(e).__name__, e)
try:
    print('random.randint(1,b=2,c=3)', '->', repr(random.randint(1,b=2,c=3)))
except Exception as e:
    print('random.randint(1,b=2,c=3)', '!!', type(e).__name__, e)
try:
    print('random.randint(1,a=2)', '->', repr(random.randint(1,a=2)))
except Exception as e:
    print('random.randint(1,a=2)', '!!', type(e).__name__, e)
try:
    print('random.random(1)', '->', repr(random.random(1)))
except Exception as e:
    print('random.random(1)', '!!', type(e).__name__, e)
try:
    print('random.random(x=1)', '->', repr(random.random(x=1)))
except Exception as e:
    print('random.random(x=1)', '!!', type(e).__name__, e)
try:
    print('random.getrandbits()', '->', repr(random.getrandbits()))
except Exception as e:
    print('random.getrandbits()', '!!', type(e).__name__, e)
try:
    print('random.getrandbits(1,2)', '->', repr(random.getrandbits(1,2)))
except Exception as e:
    print('random.getrandbits(1,2)', '!!', type(e).__name__, e)
try:
    print('random.getrandbits(-1)', '->', repr(random.getrandbits(-1)))
except Exception as e:
    print('random.getrandbits(-1)', '!!', type(e).__name__, e)
try:
    print('random.getrandbits(1.5)', '->', repr(random.getrandbits(1.5)))
except Exception as e:
    print('random.getrandbits(1.5)', '!!', type(e).__name__, e)
try:
    print('random.getrandbits(k=3)', '->', repr(random.getrandbits(k=3)))
except Exception as e:
    print('random.getrandbits(k=3)', '!!', type(e).__name__, e)
try:
    print('random.randrange(0,0)', '->', repr(random.randrange(0,0)))
except Exception as e:
    print('random.randrange(0,0)', '!!', type(e).__name__, e)
try:
    print('random.randrange(0)', '->', repr(random.randrange(0)))
except Exception as e:
    print('random.randrange(0)', '!!', type(e).__name__, e)
try:
    print('random.randrange(-3)', '->', repr(random.randrange(-3)))
except Exception as e:
    print('random.randrange(-3)', '!!', type(e).__name__, e)
try:
    print('random.randrange(5,0,0)', '->', repr(random.randrange(5,0,0)))
except Exception as e:
    print('random.randrange(5,0,0)', '!!', type(e).__name__, e)
try:
    print('random.randrange(5,0,1)', '->', repr(random.randrange(5,0,1)))
except Exception as e:
    print('random.randrange(5,0,1)', '!!', type(e).__name__, e)
try:
    print('random.randrange(0,5,-1)', '->', repr(random.randrange(0,5,-1)))
except Exception as e:
    print('random.randrange(0,5,-1)', '!!', type(e).__name__, e)
try:
    print('random.randrange(2**70, 5)', '->', repr(random.randrange(2**70, 5)))
except Exception as e:
    print('random.randrange(2**70, 5)', '!!', type(e).__name__, e)
try:
    print('random.randrange(2**70, 2**70, 3)', '->', repr(random.randrange(2**70, 2**70, 3)))
except Exception as e:
    print('random.randrange(2**70, 2**70, 3)', '!!', type(e).__name__, e)
try:
    print('random.randrange(1.5)', '->', repr(random.randrange(1.5)))
except Exception as e:
    print('random.randrange(1.5)', '!!', type(e).__name__, e)
try:
    print('random.randrange(0, 2.5)', '->', repr(random.randrange(0, 2.5)))
except Exception as e:
    print('random.randrange(0, 2.5)', '!!', type(e).__name__, e)
try:
    print('random.randrange(0, 5, 0.5)', '->', repr(random.randrange(0, 5, 0.5)))
except Exception as e:
    print('random.randrange(0, 5, 0.5)', '!!', type(e).__name__, e)
try:
    print('random.randrange(1,2,None)', '->', repr(random.randrange(1,2,None)))
except Exception as e:
    print('random.randrange(1,2,None)', '!!', type(e).__name__, e)
try:
    print('random.randrange(10, step=2)', '->', repr(random.randrange(10, step=2)))
except Exception as e:
    print('random.randrange(10, step=2)', '!!', type(e).__name__, e)
try:
    print('random.randrange(10, None)', '->', repr(random.randrange(10, None)))
except Exception as e:
    print('random.randrange(10, None)', '!!', type(e).__name__, e)
try:
    print('random.randrange()', '->', repr(random.randrange()))
except Exception as e:
    print('random.randrange()', '!!', type(e).__name__, e)
try:
    print('random.choice([])', '->', repr(random.choice([])))
except Exception as e:
    print('random.choice([])', '!!', type(e).__name__, e)
try:
    print("random.choice('')", '->', repr(random.choice('')))
except Exception as e:
    print("random.choice('')", '!!', type(e).__name__, e)
try:
    print('random.choice({})', '->', repr(random.choice({})))
except Exception as e:
    print('random.choice({})', '!!', type(e).__name__, e)
try:
    print('random.choices([], k=2)', '->', repr(random.choices([], k=2)))
except Exception as e:
    print('random.choices([], k=2)', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2],[1])', '->', repr(random.choices([1,2],[1])))
except Exception as e:
    print('random.choices([1,2],[1])', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2], 3)', '->', repr(random.choices([1,2], 3)))
except Exception as e:
    print('random.choices([1,2], 3)', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2], True)', '->', repr(random.choices([1,2], True)))
except Exception as e:
    print('random.choices([1,2], True)', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2],[1,2],cum_weights=[1,2])', '->', repr(random.choices([1,2],[1,2],cum_weights=[1,2])))
except Exception as e:
    print('random.choices([1,2],[1,2],cum_weights=[1,2])', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2],[0,0])', '->', repr(random.choices([1,2],[0,0])))
except Exception as e:
    print('random.choices([1,2],[0,0])', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2],[-1,0.5])', '->', repr(random.choices([1,2],[-1,0.5])))
except Exception as e:
    print('random.choices([1,2],[-1,0.5])', '!!', type(e).__name__, e)
try:
    print("random.choices([1,2],[1,float('inf')])", '->', repr(random.choices([1,2],[1,float('inf')])))
except Exception as e:
    print("random.choices([1,2],[1,float('inf')])", '!!', type(e).__name__, e)
try:
    print('random.choices([1,2],k=1.5)', '->', repr(random.choices([1,2],k=1.5)))
except Exception as e:
    print('random.choices([1,2],k=1.5)', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2],k=-1)', '->', repr(random.choices([1,2],k=-1)))
except Exception as e:
    print('random.choices([1,2],k=-1)', '!!', type(e).__name__, e)
try:
    print('random.choices([1,2], [1,2], [3,4])', '->', repr(random.choices([1,2], [1,2], [3,4])))
except Exception as e:
    print('random.choices([1,2], [1,2], [3,4])', '!!', type(e).__name__, e)
try:
    print('random.choices(k=3)', '->', repr(random.choices(k=3)))
except Exception as e:
    print('random.choices(k=3)', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],3)', '->', repr(random.sample([1,2],3)))
except Exception as e:
    print('random.sample([1,2],3)', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],-1)', '->', repr(random.sample([1,2],-1)))
except Exception as e:
    print('random.sample([1,2],-1)', '!!', type(e).__name__, e)
try:
    print('random.sample({1:2},1)', '->', repr(random.sample({1:2},1)))
except Exception as e:
    print('random.sample({1:2},1)', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2])', '->', repr(random.sample([1,2])))
except Exception as e:
    print('random.sample([1,2])', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],1,counts=[1])', '->', repr(random.sample([1,2],1,counts=[1])))
except Exception as e:
    print('random.sample([1,2],1,counts=[1])', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],1,counts=[0,0])', '->', repr(random.sample([1,2],1,counts=[0,0])))
except Exception as e:
    print('random.sample([1,2],1,counts=[0,0])', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],1,counts=[1.0,1.0])', '->', repr(random.sample([1,2],1,counts=[1.0,1.0])))
except Exception as e:
    print('random.sample([1,2],1,counts=[1.0,1.0])', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],1.5)', '->', repr(random.sample([1,2],1.5)))
except Exception as e:
    print('random.sample([1,2],1.5)', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],2.5)', '->', repr(random.sample([1,2],2.5)))
except Exception as e:
    print('random.sample([1,2],2.5)', '!!', type(e).__name__, e)
try:
    print("random.sample('ab',2, counts=[-1, 1])", '->', repr(random.sample('ab',2, counts=[-1, 1])))
except Exception as e:
    print("random.sample('ab',2, counts=[-1, 1])", '!!', type(e).__name__, e)
try:
    print("random.sample('ab', 'x')", '->', repr(random.sample('ab', 'x')))
except Exception as e:
    print("random.sample('ab', 'x')", '!!', type(e).__name__, e)
try:
    print('random.sample(5, 1)', '->', repr(random.sample(5, 1)))
except Exception as e:
    print('random.sample(5, 1)', '!!', type(e).__name__, e)
try:
    print('random.sample([1,2],1,[1,1])', '->', repr(random.sample([1,2],1,[1,1])))
except Exception as e:
    print('random.sample([1,2],1,[1,1])', '!!', type(e).__name__, e)
try:
    print('random.seed([1])', '->', repr(random.seed([1])))
except Exception as e:
    print('random.seed([1])', '!!', type(e).__name__, e)
try:
    print('random.seed(1,2,3)', '->', repr(random.seed(1,2,3)))
except Exception as e:
    print('random.seed(1,2,3)', '!!', type(e).__name__, e)
try:
    print('random.seed(x=1)', '->', repr(random.seed(x=1)))
except Exception as e:
    print('random.seed(x=1)', '!!', type(e).__name__, e)
try:
    print('random.shuffle((1,2))', '->', repr(random.shuffle((1,2))))
except Exception as e:
    print('random.shuffle((1,2))', '!!', type(e).__name__, e)
try:
    print('random.shuffle(5)', '->', repr(random.shuffle(5)))
except Exception as e:
    print('random.shuffle(5)', '!!', type(e).__name__, e)
try:
    print("random.shuffle('ab')", '->', repr(random.shuffle('ab')))
except Exception as e:
    print("random.shuffle('ab')", '!!', type(e).__name__, e)
try:
    print('random.shuffle(())', '->', repr(random.shuffle(())))
except Exception as e:
    print('random.shuffle(())', '!!', type(e).__name__, e)
try:
    print('random.gammavariate(0,1)', '->', repr(random.gammavariate(0,1)))
except Exception as e:
    print('random.gammavariate(0,1)', '!!', type(e).__name__, e)
try:
    print('random.gammavariate(1,-1)', '->', repr(random.gammavariate(1,-1)))
except Exception as e:
    print('random.gammavariate(1,-1)', '!!', type(e).__name__, e)
try:
    print('random.expovariate(0)', '->', repr(random.expovariate(0)))
except Exception as e:
    print('random.expovariate(0)', '!!', type(e).__name__, e)
try:
    print('random.expovariate()', '->', repr(random.expovariate()))
except Exception as e:
    print('random.expovariate()', '!!', type(e).__name__, e)
try:
    print("random.uniform('a',1)", '->', repr(random.uniform('a',1)))
except Exception as e:
    print("random.uniform('a',1)", '!!', type(e).__name__, e)
try:
    print('random.uniform(1)', '->', repr(random.uniform(1)))
except Exception as e:
    print('random.uniform(1)', '!!', type(e).__name__, e)
try:
    print('random.setstate(5)', '->', repr(random.setstate(5)))
except Exception as e:
    print('random.setstate(5)', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,(1,),None))', '->', repr(random.setstate((3,(1,),None))))
except Exception as e:
    print('random.setstate((3,(1,),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((2,(1,),None))', '->', repr(random.setstate((2,(1,),None))))
except Exception as e:
    print('random.setstate((2,(1,),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((4,(1,),None))', '->', repr(random.setstate((4,(1,),None))))
except Exception as e:
    print('random.setstate((4,(1,),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,[0]*625,None))', '->', repr(random.setstate((3,[0]*625,None))))
except Exception as e:
    print('random.setstate((3,[0]*625,None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,(1,)))', '->', repr(random.setstate((3,(1,)))))
except Exception as e:
    print('random.setstate((3,(1,)))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,tuple([0]*624+[625]),None))', '->', repr(random.setstate((3,tuple([0]*624+[625]),None))))
except Exception as e:
    print('random.setstate((3,tuple([0]*624+[625]),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,tuple([0]*624+[-1]),None))', '->', repr(random.setstate((3,tuple([0]*624+[-1]),None))))
except Exception as e:
    print('random.setstate((3,tuple([0]*624+[-1]),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,tuple([-1]*624+[624]),None))', '->', repr(random.setstate((3,tuple([-1]*624+[624]),None))))
except Exception as e:
    print('random.setstate((3,tuple([-1]*624+[624]),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,tuple([2**64]*624+[624]),None))', '->', repr(random.setstate((3,tuple([2**64]*624+[624]),None))))
except Exception as e:
    print('random.setstate((3,tuple([2**64]*624+[624]),None))', '!!', type(e).__name__, e)
try:
    print('random.setstate((3,tuple([1.5]*624+[624]),None))', '->', repr(random.setstate((3,tuple([1.5]*624+[624]),None))))
except Exception as e:
    print('random.setstate((3,tuple([1.5]*624+[624]),None))', '!!', type(e).__name__, e)
try:
    print('random.triangular(1,1,1)', '->', repr(random.triangular(1,1,1)))
except Exception as e:
    print('random.triangular(1,1,1)', '!!', type(e).__name__, e)
try:
    print('random.triangular(1,1,5)', '->', repr(random.triangular(1,1,5)))
except Exception as e:
    print('random.triangular(1,1,5)', '!!', type(e).__name__, e)
try:
    print('random.triangular(2.0,2.0,1)', '->', repr(random.triangular(2.0,2.0,1)))
except Exception as e:
    print('random.triangular(2.0,2.0,1)', '!!', type(e).__name__, e)
try:
    print('random.paretovariate(0)', '->', repr(random.paretovariate(0)))
except Exception as e:
    print('random.paretovariate(0)', '!!', type(e).__name__, e)
try:
    print('random.lognormvariate(1000,1)', '->', repr(random.lognormvariate(1000,1)))
except Exception as e:
    print('random.lognormvariate(1000,1)', '!!', type(e).__name__, e)
try:
    print('random.weibullvariate(1,0)', '->', repr(random.weibullvariate(1,0)))
except Exception as e:
    print('random.weibullvariate(1,0)', '!!', type(e).__name__, e)
try:
    print('random.betavariate(0, 1)', '->', repr(random.betavariate(0, 1)))
except Exception as e:
    print('random.betavariate(0, 1)', '!!', type(e).__name__, e)
try:
    print('random.betavariate(1, 0)', '->', repr(random.betavariate(1, 0)))
except Exception as e:
    print('random.betavariate(1, 0)', '!!', type(e).__name__, e)
try:
    print('random.choice(5)', '->', repr(random.choice(5)))
except Exception as e:
    print('random.choice(5)', '!!', type(e).__name__, e)
try:
    print('random.choices(5)', '->', repr(random.choices(5)))
except Exception as e:
    print('random.choices(5)', '!!', type(e).__name__, e)
try:
    print("random.gauss(sigma='a')", '->', repr(random.gauss(sigma='a')))
except Exception as e:
    print("random.gauss(sigma='a')", '!!', type(e).__name__, e)
try:
    print('random.gauss(1, 2, 3)', '->', repr(random.gauss(1, 2, 3)))
except Exception as e:
    print('random.gauss(1, 2, 3)', '!!', type(e).__name__, e)
try:
    print('random.normalvariate(1,2,3)', '->', repr(random.normalvariate(1,2,3)))
except Exception as e:
    print('random.normalvariate(1,2,3)', '!!', type(e).__name__, e)
try:
    print('random.vonmisesvariate(1)', '->', repr(random.vonmisesvariate(1)))
except Exception as e:
    print('random.vonmisesvariate(1)', '!!', type(e).__name__, e)
try:
    print('random.getstate(1)', '->', repr(random.getstate(1)))
except Exception as e:
    print('random.getstate(1)', '!!', type(e).__name__, e)
try:
    print('random.setstate()', '->', repr(random.setstate()))
except Exception as e:
    print('random.setstate()', '!!', type(e).__name__, e)
print(random.random())
