# str casing as CPython 3.11 (Unicode 14.0): final sigma, titlecase
# digraphs, Other_Uppercase letters, capitalize with title case.
words = ['ΣΑΣ', 'ΌΣΟΣ ΣΑΣ', 'ΑΣ.', 'Σ', 'AΣ', 'AΣb', 'A\u0345Σ', 'AΣ\u0345', 'AΣ\u0345b', "A'Σ", 'ǅ', 'ǲx', 'ǈǋ',
         'İx', 'Ⅻ', 'ⅻ', 'ß', 'ﬁ', 'ŉ', 'ὒ', 'ᾳ', 'ᾼ', 'Straße', "they're bill's", 'hello wORLD', 'ǆemal',
         'ⓐⓑ', 'Ⓐ', 'ꭰ', 'ᏸ', '𐐨', '123abc', 'ΣΑΣ ΣΑΣ', 'xΣ', 'ΣΣ', '1Σ', 'a\u0307Σ']
for w in words:
    print(repr(w), repr(w.lower()), repr(w.upper()), repr(w.title()), repr(w.swapcase()),
          repr(w.capitalize()), repr(w.casefold()), w.isupper(), w.islower(), w.istitle())
