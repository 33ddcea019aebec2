alpha = 'abcdefghijklmnopqrstuvwxyz'
def shift(text, k):
    out = ''
    for ch in text:
        pos = -1
        i = 0
        while i < 26:
            if alpha[i] == ch:
                pos = i
                break
            i += 1
        if pos < 0:
            out += ch
        else:
            out += alpha[(pos + k) % 26]
    return out
msg = 'the quick brown fox jumps over the lazy dog!'
for k in [1, 3, 13, -1, 27, -100]:
    enc = shift(msg, k)
    print(k, enc, shift(enc, -k) == msg)
