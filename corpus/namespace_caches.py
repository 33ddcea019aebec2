# Names looked up through caches stay right while namespaces change: a global
# shadowing a builtin and deleted again, globals deleted and the dict resized,
# a class's __init__ replaced by its own __new__ while the class grows.
def f():
    return len('abc')
print(f())
len = lambda s: 42
print(f())
del len
print(f())
def g():
    return (first, last)
first, last = 1, 'x'
print(g())
tmp0 = 0
tmp1 = 1
tmp2 = 2
tmp3 = 3
tmp4 = 4
tmp5 = 5
tmp6 = 6
tmp7 = 7
tmp8 = 8
tmp9 = 9
tmp10 = 10
tmp11 = 11
tmp12 = 12
tmp13 = 13
tmp14 = 14
tmp15 = 15
tmp16 = 16
tmp17 = 17
tmp18 = 18
tmp19 = 19
tmp20 = 20
tmp21 = 21
tmp22 = 22
tmp23 = 23
tmp24 = 24
tmp25 = 25
tmp26 = 26
tmp27 = 27
tmp28 = 28
tmp29 = 29
tmp30 = 30
tmp31 = 31
tmp32 = 32
tmp33 = 33
tmp34 = 34
tmp35 = 35
tmp36 = 36
tmp37 = 37
tmp38 = 38
tmp39 = 39
del tmp0
del tmp2
del tmp4
del tmp6
del tmp8
del tmp10
del tmp12
del tmp14
del tmp16
del tmp18
del tmp20
del tmp22
del tmp24
del tmp26
del tmp28
del tmp30
del tmp32
del tmp34
del tmp36
del tmp38
more0 = 0
more1 = 1
more2 = 4
more3 = 9
more4 = 16
more5 = 25
more6 = 36
more7 = 49
more8 = 64
more9 = 81
more10 = 100
more11 = 121
more12 = 144
more13 = 169
more14 = 196
more15 = 225
more16 = 256
more17 = 289
more18 = 324
more19 = 361
more20 = 400
more21 = 441
more22 = 484
more23 = 529
more24 = 576
more25 = 625
more26 = 676
more27 = 729
more28 = 784
more29 = 841
more30 = 900
more31 = 961
more32 = 1024
more33 = 1089
more34 = 1156
more35 = 1225
more36 = 1296
more37 = 1369
more38 = 1444
more39 = 1521
more40 = 1600
more41 = 1681
more42 = 1764
more43 = 1849
more44 = 1936
more45 = 2025
more46 = 2116
more47 = 2209
more48 = 2304
more49 = 2401
more50 = 2500
more51 = 2601
more52 = 2704
more53 = 2809
more54 = 2916
more55 = 3025
more56 = 3136
more57 = 3249
more58 = 3364
more59 = 3481
more60 = 3600
more61 = 3721
more62 = 3844
more63 = 3969
more64 = 4096
more65 = 4225
more66 = 4356
more67 = 4489
more68 = 4624
more69 = 4761
more70 = 4900
more71 = 5041
more72 = 5184
more73 = 5329
more74 = 5476
more75 = 5625
more76 = 5776
more77 = 5929
more78 = 6084
more79 = 6241
more80 = 6400
more81 = 6561
more82 = 6724
more83 = 6889
more84 = 7056
more85 = 7225
more86 = 7396
more87 = 7569
more88 = 7744
more89 = 7921
more90 = 8100
more91 = 8281
more92 = 8464
more93 = 8649
more94 = 8836
more95 = 9025
more96 = 9216
more97 = 9409
more98 = 9604
more99 = 9801
more100 = 10000
more101 = 10201
more102 = 10404
more103 = 10609
more104 = 10816
more105 = 11025
more106 = 11236
more107 = 11449
more108 = 11664
more109 = 11881
more110 = 12100
more111 = 12321
more112 = 12544
more113 = 12769
more114 = 12996
more115 = 13225
more116 = 13456
more117 = 13689
more118 = 13924
more119 = 14161
more120 = 14400
more121 = 14641
more122 = 14884
more123 = 15129
more124 = 15376
more125 = 15625
more126 = 15876
more127 = 16129
more128 = 16384
more129 = 16641
more130 = 16900
more131 = 17161
more132 = 17424
more133 = 17689
more134 = 17956
more135 = 18225
more136 = 18496
more137 = 18769
more138 = 19044
more139 = 19321
more140 = 19600
more141 = 19881
more142 = 20164
more143 = 20449
more144 = 20736
more145 = 21025
more146 = 21316
more147 = 21609
more148 = 21904
more149 = 22201
more150 = 22500
more151 = 22801
more152 = 23104
more153 = 23409
more154 = 23716
more155 = 24025
more156 = 24336
more157 = 24649
more158 = 24964
more159 = 25281
more160 = 25600
more161 = 25921
more162 = 26244
more163 = 26569
more164 = 26896
more165 = 27225
more166 = 27556
more167 = 27889
more168 = 28224
more169 = 28561
more170 = 28900
more171 = 29241
more172 = 29584
more173 = 29929
more174 = 30276
more175 = 30625
more176 = 30976
more177 = 31329
more178 = 31684
more179 = 32041
more180 = 32400
more181 = 32761
more182 = 33124
more183 = 33489
more184 = 33856
more185 = 34225
more186 = 34596
more187 = 34969
more188 = 35344
more189 = 35721
more190 = 36100
more191 = 36481
more192 = 36864
more193 = 37249
more194 = 37636
more195 = 38025
more196 = 38416
more197 = 38809
more198 = 39204
more199 = 39601
more200 = 40000
more201 = 40401
more202 = 40804
more203 = 41209
more204 = 41616
more205 = 42025
more206 = 42436
more207 = 42849
more208 = 43264
more209 = 43681
more210 = 44100
more211 = 44521
more212 = 44944
more213 = 45369
more214 = 45796
more215 = 46225
more216 = 46656
more217 = 47089
more218 = 47524
more219 = 47961
more220 = 48400
more221 = 48841
more222 = 49284
more223 = 49729
more224 = 50176
more225 = 50625
more226 = 51076
more227 = 51529
more228 = 51984
more229 = 52441
more230 = 52900
more231 = 53361
more232 = 53824
more233 = 54289
more234 = 54756
more235 = 55225
more236 = 55696
more237 = 56169
more238 = 56644
more239 = 57121
more240 = 57600
more241 = 58081
more242 = 58564
more243 = 59049
more244 = 59536
more245 = 60025
more246 = 60516
more247 = 61009
more248 = 61504
more249 = 62001
more250 = 62500
more251 = 63001
more252 = 63504
more253 = 64009
more254 = 64516
more255 = 65025
more256 = 65536
more257 = 66049
more258 = 66564
more259 = 67081
more260 = 67600
more261 = 68121
more262 = 68644
more263 = 69169
more264 = 69696
more265 = 70225
more266 = 70756
more267 = 71289
more268 = 71824
more269 = 72361
more270 = 72900
more271 = 73441
more272 = 73984
more273 = 74529
more274 = 75076
more275 = 75625
more276 = 76176
more277 = 76729
more278 = 77284
more279 = 77841
more280 = 78400
more281 = 78961
more282 = 79524
more283 = 80089
more284 = 80656
more285 = 81225
more286 = 81796
more287 = 82369
more288 = 82944
more289 = 83521
more290 = 84100
more291 = 84681
more292 = 85264
more293 = 85849
more294 = 86436
more295 = 87025
more296 = 87616
more297 = 88209
more298 = 88804
more299 = 89401
first = 'moved'
print(g(), more299, tmp39)
del first
try:
    g()
except NameError as e:
    print(e)
class A:
    def __new__(cls, *a):
        for i in range(200):
            setattr(cls, 'attr%d' % i, i)  # safepy: ignore[SP305]
        cls.__init__ = lambda self, x: print('new init', x)
        return super().__new__(cls)
    def __init__(self, x):
        print('old init', x)
A(1)
A(2)
print(A.attr199)
